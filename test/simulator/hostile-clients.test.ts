// Clients that misbehave at the HTTP level must neither crash the simulator nor spend a visitor's ticket.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CallClient, closeAll, isType, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

/** Sends a raw HTTP request and returns the status line of the answer (or '' when the server just closes). */
function rawRequest(port: number, request: string, { reset = false } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (reset) socket.resetAndDestroy();
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

const upgrade = (path: string, headers: Record<string, string> = {}) =>
  [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');

describe('hostile clients', () => {
  it('survives upgrades to other paths reset by the peer', async () => {
    const sim = await startTestSimulator();
    for (let i = 0; i < 20; i++) await rawRequest(sim.port, upgrade(i % 2 ? '/elsewhere' : '/%zz'), { reset: true });
    expect(await rawRequest(sim.port, upgrade('/elsewhere'))).toBe('HTTP/1.1 404 Not Found');
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await call.next(isType('ready'));
  });

  it('refuses a malformed handshake without using up the ticket', async () => {
    const sim = await startTestSimulator();
    const ticket = await ticketFor(sim.url, 'demo-en');
    const path = `${new URL(ticket.wsUrl).pathname}?token=${ticket.token}`;
    const badVersion = upgrade(path).replace('Sec-WebSocket-Version: 13', 'Sec-WebSocket-Version: 12');
    expect(await rawRequest(sim.port, badVersion)).toBe('HTTP/1.1 400 Bad Request');
    expect(await rawRequest(sim.port, upgrade(path).replace(/Sec-WebSocket-Key: .*\r\n/, ''))).toBe('HTTP/1.1 400 Bad Request');
    const call = await CallClient.open(ticket);
    await call.next(isType('ready'));
  });
});
