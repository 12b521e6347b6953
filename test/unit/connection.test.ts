// The link on its own (ticket, socket, the `ready` wait), with a fake socket and fake time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../../src/call/connection.ts';
import { DEFAULT_TIMEOUTS } from '../../src/call/session.ts';
import { FakeSocket, okTicket, scriptedFetch, settle } from '../fakes.ts';
import { target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

function link() {
  const sockets: FakeSocket[] = [];
  const connection = new Connection({
    target,
    fetch: scriptedFetch(okTicket(1), okTicket(2)),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timeouts: DEFAULT_TIMEOUTS,
    now: Date.now,
    visits: { get: () => undefined, put: () => {} },
    stats: { framesDropped: 0, rttMs: null },
    onMessage: () => {},
    onClose: () => {},
    onSilent: () => {},
  });
  return { connection, sockets };
}

/** What `promise` settled with, or 'pending' when it has not settled once the event loop has gone round. */
async function outcome<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, settle(10).then(() => 'pending' as const)]);
}

describe('a socket still opening', () => {
  it.each([
    ['closed for good', (c: Connection) => c.close(false)],
    ['let go', (c: Connection) => c.drop()],
  ])('settles its open (false) when the link is %s, so nothing waits on it forever', async (_, stop) => {
    const { connection, sockets } = link();
    const opening = connection.openOnce();
    await settle();
    expect(sockets).toHaveLength(1);
    stop(connection);
    expect(await outcome(opening)).toBe(false);
    expect(sockets[0]!.closedWith).toBe(1000);
  });

  it('settles open() too (set-up: no handshake retry after the link was closed)', async () => {
    const { connection, sockets } = link();
    const opening = connection.open();
    await settle();
    connection.close(false);
    expect(await outcome(opening)).toBe(false);
    expect(sockets).toHaveLength(1);
  });
});
