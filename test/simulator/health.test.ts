// GET /health (spec §4.7): up, unreadable from other sites (spec §1.8), and on a connection that stays open
// long enough for a page's warm-up request to serve the ticket request after it.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../demo/server/index.ts';
import { sleep } from '../sleep.ts';
import { agentsWith, closeAll, startTestSimulator } from './helpers.ts';
import { send } from './raw-http.ts';

afterEach(closeAll);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The client side's port: the same one twice means the same TCP connection. */
  localPort: number | undefined;
}

/** A request through `agent` (a kept-alive pool, as a browser's). */
function through(agent: Agent, port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const localPort = res.socket.localPort;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, localPort }));
    })
      .on('error', reject)
      .end();
  });
}

describe('GET /health', () => {
  it('answers 200 with a small JSON body, and no CORS headers even to another site', async () => {
    const sim = await startTestSimulator();
    const agent = new Agent({ keepAlive: true });
    const answer = await through(agent, sim.port, 'GET', '/health', { Origin: 'https://shop.example', 'Sec-Fetch-Mode': 'no-cors' });
    agent.destroy();
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body)).toEqual({ status: 'ok' });
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers HEAD without a body, refuses other methods and grants no preflight', async () => {
    const sim = await startTestSimulator();
    const agent = new Agent({ keepAlive: true });
    const head = await through(agent, sim.port, 'HEAD', '/health');
    expect([head.status, head.body]).toEqual([200, '']);
    const post = await send(sim.port, 'POST', '/health', {});
    expect(post.status).toBe(405);
    const preflight = await through(agent, sim.port, 'OPTIONS', '/health', {
      Origin: 'https://shop.example',
      'Access-Control-Request-Method': 'GET',
    });
    agent.destroy();
    expect(preflight.status).toBe(405);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps answering while an agent is under maintenance, and only to allowed hosts', async () => {
    const sim = await startTestSimulator({ agents: agentsWith() }); // `maintenance` answers tickets with 503
    expect((await send(sim.port, 'POST', '/api/agents/public/maintenance/call', {})).status).toBe(503);
    expect((await send(sim.port, 'GET', '/health', {})).status).toBe(200);
    expect((await send(sim.port, 'GET', '/health', { Host: `evil.example:${sim.port}` })).status).toBe(403);
  });
});

describe('kept-alive connections', () => {
  it('are kept 60 s by default, where Node keeps them 5 s', () => {
    expect(defaultLimits.keepAliveMs).toBe(60_000);
  });

  it('carry the ticket request on the warm-up request’s connection, even after longer idle than Node’s default allows', async () => {
    const sim = await startTestSimulator();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const warm = await through(agent, sim.port, 'GET', '/health');
    expect(warm.headers['keep-alive']).toBe('timeout=60');
    await sleep(6_500); // Node closes an idle connection after its 5 s, and a second more (below)
    const ticket = await through(agent, sim.port, 'POST', '/api/agents/public/demo-en/call');
    agent.destroy();
    expect(ticket.status).toBe(200);
    expect(ticket.localPort).toBe(warm.localPort);
  });

  it('are closed by the server once idle for limits.keepAliveMs', async () => {
    const sim = await startTestSimulator({ limits: { keepAliveMs: 300 } });
    const socket = connect(sim.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closedAt = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const answers = () => received.split('HTTP/1.1 200').length - 1;
    const get = async (count: number) => {
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      while (answers() < count) await sleep(5);
      return Date.now();
    };
    await get(1);
    await sleep(150);
    const lastAnswer = await get(2); // the same connection, idle for less than the limit
    const idleMs = (await closedAt) - lastAnswer;
    // Node adds a second to the timeout it advertises (`Keep-Alive: timeout=…`), so that a client following
    // the hint lets go first (1.3 s seen here).
    expect(idleMs).toBeGreaterThanOrEqual(250);
    expect(idleMs).toBeLessThan(300 + 1_000 + 700);
  });
});
