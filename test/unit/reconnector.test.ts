// The Reconnector on its own: a real Connection over fake sockets, a scripted ticket endpoint, fake time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection } from '../../src/call/connection.ts';
import type { CallError } from '../../src/call/errors.ts';
import { DEFAULT_RECONNECT_POLICY } from '../../src/call/reconnect-policy.ts';
import { Reconnector } from '../../src/call/reconnector.ts';
import { DEFAULT_TIMEOUTS } from '../../src/call/session.ts';
import { FakeNetwork, FakeSocket, okTicket, scriptedFetch, settle } from '../fakes.ts';
import { target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

function reconnector(fetch = scriptedFetch(okTicket(1))) {
  const sockets: FakeSocket[] = [];
  const failures: CallError[] = [];
  const network = new FakeNetwork();
  const link = new Connection({
    target,
    fetch,
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
  const redial = new Reconnector({
    link,
    policy: DEFAULT_RECONNECT_POLICY,
    network,
    now: Date.now,
    onFail: (error) => {
      failures.push(error);
      link.close(false); // as the session does when the call ends
    },
  });
  return { link, redial, sockets, failures, network, fetch };
}

/** Whether `promise` has settled once the event loop has gone round. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => true), settle(10).then(() => false)]);
}

describe('Reconnector', () => {
  it('settles when it gives up while a new socket is still opening (nothing waits forever)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { redial, sockets, failures } = reconnector();
    const run = redial.dropped();
    // Each socket closes before opening (a spent attempt) until the last one, which hangs in CONNECTING.
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(0);
      await settle();
      sockets.at(-1)!.serverClose(1006);
      await vi.advanceTimersByTimeAsync(6_000);
    }
    await settle();
    expect(sockets).toHaveLength(4);
    expect(sockets[3]!.readyState).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(failures.map((e) => e.code)).toEqual(['CONNECTION_LOST']);
    expect(await isSettled(run)).toBe(true);
    expect(sockets[3]!.closedWith).toBe(1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('settles when the call ends during the pause or while waiting for `ready`', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const paused = reconnector();
    paused.network.set(false);
    const waiting = paused.redial.dropped();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(paused.fetch.calls).toHaveLength(0); // offline: no ticket spent
    paused.redial.stop();
    expect(await isSettled(waiting)).toBe(true);

    const opened = reconnector();
    const run = opened.redial.dropped();
    await settle();
    opened.sockets[0]!.open();
    await settle();
    opened.redial.stop();
    expect(await isSettled(run)).toBe(true);
    expect(opened.failures).toEqual([]);
  });

  it('resolves once `ready` came, and the give-up deadline no longer runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { redial, link, sockets, failures } = reconnector();
    const run = redial.dropped();
    await settle();
    sockets[0]!.open();
    link.ready(() => false);
    redial.back();
    expect(await isSettled(run)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failures).toEqual([]);
  });
});
