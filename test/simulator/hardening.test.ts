// The simulator on a developer's machine: answers only to its own host names (DNS rebinding), builds
// wsUrl from a checked Host or the configured public origin, refuses cross-site changes to its state,
// and closes connections that never finish their request.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isHostAllowed } from '../../demo/server/host-check.ts';
import { defaultLimits } from '../../demo/server/index.ts';
import { sleep } from '../sleep.ts';
import { CallClient, closeAll, HandshakeRefused, isType, startTestSimulator, ticketFor } from './helpers.ts';
import { halfSend, send } from './raw-http.ts';

afterEach(closeAll);

const ticketRequest = (port: number, host: string) => send(port, 'POST', '/api/agents/public/demo-en/call', { Host: host });

describe('isHostAllowed (the rules of Vite’s server.allowedHosts)', () => {
  it.each([
    ['localhost:5173', [], true],
    ['app.localhost', [], true],
    ['127.0.0.1:8787', [], true],
    ['192.168.1.20', [], true],
    ['[::1]:5173', [], true],
    ['evil.example', [], false],
    ['evil.example:5173', [], false],
    ['localhost.evil.example', [], false],
    ['shop.test', ['shop.test'], true],
    ['api.shop.test', ['.shop.test'], true],
    ['shop.test', ['.shop.test'], true],
    ['evilshop.test', ['.shop.test'], false],
    ['[not-an-ip]', [], false],
    ['localhost:port', [], false],
  ] as [string, string[], boolean][])('%s with %j → %s', (host, allowed, expected) => {
    expect(isHostAllowed(host, allowed)).toBe(expected);
  });

  it('lets anything through with true, and a request without Host (HTTP/1.0)', () => {
    expect(isHostAllowed('evil.example', true)).toBe(true);
    expect(isHostAllowed(undefined, [])).toBe(true);
  });
});

describe('Host check and wsUrl', () => {
  it('refuses a rebound host name on every simulator route, before anything answers', async () => {
    const sim = await startTestSimulator();
    const evil = `evil.example:${sim.port}`;
    const ticket = await ticketRequest(sim.port, evil);
    expect(ticket.status).toBe(403);
    expect(ticket.body).not.toContain('wsUrl');
    expect((await send(sim.port, 'GET', '/__simulator/calls', { Host: evil })).status).toBe(403);
    expect((await send(sim.port, 'GET', '/__simulator/agents', { Host: evil })).status).toBe(403);
  });

  it('builds wsUrl from a localhost name or an IP literal as given', async () => {
    const sim = await startTestSimulator();
    for (const host of [`localhost:${sim.port}`, `127.0.0.1:${sim.port}`, `[::1]:${sim.port}`]) {
      const answer = await ticketRequest(sim.port, host);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).wsUrl).toBe(`ws://${host}/api/agents/socket`);
    }
  });

  it('accepts the configured host names', async () => {
    const sim = await startTestSimulator({ allowedHosts: ['.shop.test'] });
    const answer = await ticketRequest(sim.port, `api.shop.test:${sim.port}`);
    expect(JSON.parse(answer.body).wsUrl).toBe(`ws://api.shop.test:${sim.port}/api/agents/socket`);
    expect((await ticketRequest(sim.port, `evilshop.test:${sim.port}`)).status).toBe(403);
  });

  it('builds wsUrl from the configured public origin whatever the Host, and answers to that host', async () => {
    const sim = await startTestSimulator({ publicOrigin: 'https://voice.example/' });
    for (const host of [`127.0.0.1:${sim.port}`, 'voice.example']) {
      const answer = await ticketRequest(sim.port, host);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).wsUrl).toBe('wss://voice.example/api/agents/socket');
    }
  });

  it('refuses the call socket from a rebound host name without using up the ticket', async () => {
    const sim = await startTestSimulator();
    const ticket = await ticketFor(sim.url, 'demo-en');
    const url = `ws://127.0.0.1:${sim.port}/api/agents/socket?token=${ticket.token}`;
    const rebound = new CallClient(url, { headers: { Host: `evil.example:${sim.port}` } });
    await expect(rebound.opened).rejects.toEqual(new HandshakeRefused(403));
    const call = await CallClient.open(ticket);
    await call.next(isType('ready'));
  });
});

describe('cross-site requests to the control routes', () => {
  async function simWithOneCall() {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    const ready = await call.next(isType('ready'));
    call.send({ type: 'end' });
    await call.closed;
    await sim.simulator.whenCallEnds(ready.conversationId as string);
    return sim;
  }
  const reset = (port: number, headers: Record<string, string>) =>
    send(port, 'POST', '/__simulator/reset', { Host: `127.0.0.1:${port}`, ...headers }, '{}');

  it('a cross-site text/plain POST does not reset', async () => {
    const sim = await simWithOneCall();
    const answer = await reset(sim.port, { Origin: 'https://evil.example', 'Content-Type': 'text/plain' });
    expect(answer.status).toBe(403);
    expect(sim.simulator.calls()).toHaveLength(1);
  });

  it('a cross-site JSON POST (which a browser sends only after a preflight) is refused too', async () => {
    const sim = await simWithOneCall();
    expect((await reset(sim.port, { Origin: 'https://evil.example', 'Content-Type': 'application/json' })).status).toBe(403);
    expect((await reset(sim.port, { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' })).status).toBe(403);
    expect((await send(sim.port, 'OPTIONS', '/__simulator/reset', { Origin: 'https://evil.example' })).status).toBe(404);
    expect(sim.simulator.calls()).toHaveLength(1);
  });

  it('a simple content type is refused even without Origin (a form post)', async () => {
    const sim = await simWithOneCall();
    expect((await reset(sim.port, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await reset(sim.port, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(sim.simulator.calls()).toHaveLength(1);
  });

  it('resets for the simulator’s own pages and for tools without Origin, with JSON', async () => {
    const sim = await simWithOneCall();
    const own = await reset(sim.port, { Origin: sim.url, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' });
    expect(own.status).toBe(200);
    expect(sim.simulator.calls()).toHaveLength(0);
    expect((await reset(sim.port, { 'Content-Type': 'application/json' })).status).toBe(200);
  });
});

const DEADLINE = 300;

describe('half-sent requests', () => {
  it('closes within 10 s by default', () => {
    expect(defaultLimits.incompleteRequestMs).toBeLessThanOrEqual(10_000);
  });

  it.each([
    ['headers', 'POST /api/agents/public/demo-en/call HTTP/1.1\r\nHost: 127.0.0.1\r\n'],
    ['a body', 'POST /api/agents/public/demo-en/call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"vis'],
    ['an upgrade', 'GET /api/agents/socket?token=x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'],
    ['a first byte', ''],
  ])('closes a connection that never finishes sending %s', async (_what, text) => {
    const sim = await startTestSimulator({ limits: { incompleteRequestMs: DEADLINE } });
    const { closedAfterMs, answer } = await halfSend(sim.port, text);
    expect(answer).toBe('');
    expect(closedAfterMs).toBeGreaterThanOrEqual(DEADLINE - 20);
    expect(closedAfterMs).toBeLessThan(DEADLINE + 1000);
  });

  it('times the next request on a kept-alive connection from its first byte, not from the last answer', async () => {
    const sim = await startTestSimulator({ limits: { incompleteRequestMs: DEADLINE } });
    const socket = connect(sim.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    socket.write('GET /__simulator/agents HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await sleep(DEADLINE * 2); // idle after the answer: left to the keep-alive timeout (limits.keepAliveMs)
    expect(received).toMatch(/^HTTP\/1.1 200/);
    expect(socket.destroyed).toBe(false);
    const started = Date.now();
    socket.write('GET /__simulator/agents HTTP/1.1\r\nHost: 127.');
    const closedAfterMs = (await closed) - started;
    expect(closedAfterMs).toBeGreaterThanOrEqual(DEADLINE - 20);
    expect(closedAfterMs).toBeLessThan(DEADLINE + 1000);
  });

  it('leaves complete requests, kept-alive connections and open calls alone', async () => {
    const sim = await startTestSimulator({ limits: { incompleteRequestMs: DEADLINE } });
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await call.next(isType('ready'));
    // Two requests on one connection, the second sent after more than a deadline in all.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    /** Status and local port of a GET through the kept-alive agent. */
    const get = () =>
      new Promise<[number, number | undefined]>((resolve, reject) =>
        request({ host: '127.0.0.1', port: sim.port, path: '/__simulator/agents', agent }, (res) => {
          const localPort = res.socket.localPort;
          res.resume();
          res.on('end', () => resolve([res.statusCode ?? 0, localPort]));
        })
          .on('error', reject)
          .end(),
      );
    const [first, port] = await get();
    expect(first).toBe(200);
    await sleep(DEADLINE * 2);
    expect(await get()).toEqual([200, port]); // on the same, kept-alive connection
    agent.destroy();
    await sleep(DEADLINE * 2);
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
  });
});
