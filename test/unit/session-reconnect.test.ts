// Reconnection after `ready`: the policy, with fake time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okTicket, scriptedFetch, settle } from '../fakes.ts';
import { harness, readyMessage } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
const ticketWithVisit = (n: number, visit: string) => ({
  status: 200,
  body: { token: `t${n}`, wsUrl: 'wss://service.test/call', visit },
});
const secondReady = { ...readyMessage, conversationId: 'conv-2', maxSeconds: 240 };

/** Hangs up a live call at once (the service closes), so no timer of it outlives the test. */
async function hangUp(h: ReturnType<typeof harness>) {
  const ending = h.session.end();
  h.socket.serverClose(1000);
  await ending;
}

describe('a line that drops after `ready`', () => {
  it('reconnects with a fresh ticket carrying the latest visit token, and goes on', async () => {
    const fetch = scriptedFetch(ticketWithVisit(1, 'visit-1'), ticketWithVisit(2, 'visit-2'), ticketWithVisit(3, 'visit-3'));
    // No storage at all: the token of the latest ticket answer is kept in memory.
    const h = harness({ fetch, storage: null });
    await h.goLive();
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Bonjour, je', final: false });
    h.socket.receive({ type: 'transcript', role: 'user', text: 'Allo', final: true });
    const first = h.socket;
    first.serverClose(1006);

    expect(h.session.state).toBe('reconnecting');
    // The open turn is closed as it stood; the transcript is kept, with the place of the drop.
    expect(h.of('transcript').at(-1)).toEqual({ role: 'agent', text: 'Bonjour, je', final: true, turnId: 1 });
    expect(h.session.transcript.all).toHaveLength(2);
    expect(h.session.transcript.breaks).toEqual([2]);
    expect(() => h.session.sendText('still there?')).toThrow(/live call \(the call is reconnecting\)/);
    h.source.frame();

    await settle();
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1]!.body).toEqual({ visit: 'visit-1' });
    expect(h.sockets).toHaveLength(2);
    expect(h.socket.url).toContain('token=t2');
    h.socket.open();
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'early', final: true }); // before `ready`: ignored
    h.socket.receive(secondReady);

    expect(h.session.state).toBe('live');
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(h.of('ready').map((r) => [r.conversationId, r.maxSeconds])).toEqual([['conv-1', 300], ['conv-2', 240]]);
    expect(h.of('error')).toEqual([]);
    expect(h.session.stats.droppedMessages).toBe(1);

    // Frames flow on the new socket (none were sent while reconnecting), turn ids keep counting up.
    const frame = h.source.frame();
    expect(first.sentBinary).toHaveLength(0);
    expect(h.socket.sentBinary).toEqual([frame]);
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Je disais…', final: true });
    expect(h.of('transcript').at(-1)).toMatchObject({ turnId: 3 });
    h.session.sendText('oui');
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'text', text: 'oui' });

    // A second drop carries the token of the latest answer (soon after the first: the same outage, so
    // its second ticket comes after the policy's 1 s pause).
    h.socket.serverClose(1006);
    await vi.waitFor(() => expect(fetch.calls).toHaveLength(3), { timeout: 3000 });
    expect(fetch.calls[2]!.body).toEqual({ visit: 'visit-2' });
    expect(h.source.opened).toBe(1);
    await h.session.end(); // while reconnecting: nothing to wait for
  });

  it.each([1001, 1006, 1011, 1012, 1013])('reconnects after close %i mid-call', async (code) => {
    const h = harness();
    await h.goLive();
    h.socket.serverClose(code);
    await settle();
    expect(h.session.state).toBe('reconnecting');
    expect(h.fetch.calls).toHaveLength(2);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.session.state).toBe('live');
    expect(h.of('error')).toEqual([]);
    await hangUp(h);
  });

  it('gives up after 4 tickets (handshake refusals included) with exactly one CONNECTION_LOST', async () => {
    fakeTime();
    const h = harness();
    await h.goLive();
    h.socket.serverClose(1006);
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      const socket = h.socket;
      if (socket.readyState === 0) socket.serverClose(1006); // refused before `open`: one spent attempt
      await vi.advanceTimersByTimeAsync(6_000);
    }
    expect(h.fetch.calls).toHaveLength(1 + 4);
    expect(h.of('error')).toEqual([
      { code: 'CONNECTION_LOST', message: 'The connection was lost and could not be restored.', retryable: true },
    ]);
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'error']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up within 20 s of the drop, as CONNECTION_LOST even when the last failure was the network', async () => {
    fakeTime();
    const fetch = scriptedFetch(okTicket(1), 'network-error');
    const h = harness({ fetch, now: () => Date.now(), reconnect: { maxTickets: 100 } });
    await h.goLive();
    const droppedAt = Date.now();
    h.socket.serverClose(1006);
    while (h.session.state === 'reconnecting' && Date.now() - droppedAt < 60_000) await vi.advanceTimersByTimeAsync(100);
    expect(Date.now() - droppedAt).toBeLessThanOrEqual(20_000);
    expect(h.of('error')).toEqual([
      { code: 'CONNECTION_LOST', message: 'The connection was lost and could not be restored.', retryable: true },
    ]);
    expect(fetch.calls.length).toBeGreaterThan(2);
  });

  it('gives up within 20 s when a ticket request hangs, and abandons it', async () => {
    fakeTime();
    const fetch = scriptedFetch(okTicket(1), 'hang');
    const h = harness({ fetch });
    await h.goLive();
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(h.session.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.of('error')).toMatchObject([{ code: 'CONNECTION_LOST' }]);
    expect(fetch.calls.at(-1)!.signal?.aborted).toBe(true);
  });

  it('gives a reconnection’s ticket 2 s (one sent on a connection of the dead path is never answered), then tries again at once', async () => {
    fakeTime();
    const fetch = scriptedFetch(okTicket(1), 'hang', okTicket(3));
    const h = harness({ fetch, now: () => Date.now() });
    await h.goLive();
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.calls[1]!.signal?.aborted).toBe(true);
    // No pause on top: the 1 s before a second ticket is counted from the start of the attempt that timed out.
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(0);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    await hangUp(h);
  });

  it('sweeps the dead path before a reconnection’s ticket: OPTIONS requests first, none before the first ticket', async () => {
    fakeTime();
    const fetch = scriptedFetch(okTicket(1), okTicket(2));
    const h = harness({ fetch, now: () => Date.now() });
    await h.goLive();
    expect(fetch.options).toEqual([]);
    fetch.optionsAnswer = 'hang'; // all of them on connections of the dead path
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.options).toHaveLength(3);
    expect(fetch.options.every((request) => request.url === fetch.calls[0]!.url)).toBe(true);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    // None answered in the reconnection's 2 s: all aborted (their connections closed), then the ticket.
    expect(fetch.options.every((request) => request.signal!.aborted)).toBe(true);
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(0);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    await hangUp(h);
  });

  it('a socket that opens but never says `ready` is one spent attempt', async () => {
    fakeTime();
    const h = harness({ timeouts: { readyMs: 3000 } });
    await h.goLive();
    h.socket.serverClose(1006);
    await settle();
    const silent = h.socket;
    silent.open();
    await vi.advanceTimersByTimeAsync(3000);
    expect(silent.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(h.sockets).toHaveLength(3);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.session.state).toBe('live');
    await vi.advanceTimersByTimeAsync(5_000); // no stale ready or give-up timer fires on the live call
    expect(h.session.state).toBe('live');
    expect(h.of('error')).toEqual([]);
  });

  it.each([
    [429, 'RATE_LIMITED'],
    [404, 'NOT_FOUND'],
    [403, 'ORIGIN'],
  ])('a %i ticket answer during reconnection ends the call with %s', async (status, code) => {
    const h = harness({ fetch: scriptedFetch(okTicket(1), { status, headers: { 'Retry-After': '30' } }) });
    await h.goLive();
    h.socket.serverClose(1012);
    await settle();
    expect(h.fetch.calls).toHaveLength(2);
    expect(h.of('error')).toMatchObject([{ code }]);
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'error']);
  });

  it('a 5xx ticket answer during reconnection is one spent attempt', async () => {
    fakeTime();
    const h = harness({ fetch: scriptedFetch(okTicket(1), { status: 503 }, okTicket(3)) });
    await h.goLive();
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(h.fetch.calls).toHaveLength(3);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.session.state).toBe('live');
  });

  it.each([
    [{ type: 'error', code: 'BUSY', error: 'Every line is busy.' }, 4000, 'BUSY'],
    [{ type: 'error', code: 'QUOTA', error: 'No minutes left.' }, 4000, 'QUOTA'],
    [null, 4404, 'AGENT_GONE'],
  ])('a refusal of the new call (%o, close %i) ends it with %s', async (notice, close, code) => {
    const h = harness();
    await h.goLive();
    h.socket.serverClose(1006);
    await settle();
    h.socket.open();
    if (notice) h.socket.receive(notice);
    h.socket.serverClose(close);
    expect(h.of('error')).toMatchObject([{ code }]);
    expect(h.fetch.calls).toHaveLength(2);
  });

  it.each([
    ['the dropped call', false],
    ['an earlier attempt of the same outage', true],
  ])('a bare 4000 on the new socket is its own refusal, not an `error` that %s got', async (_, onAttempt) => {
    fakeTime();
    const h = harness();
    await h.goLive();
    if (!onAttempt) h.socket.receive({ type: 'error', code: 'BUSY', error: 'Every line is busy.' });
    h.socket.serverClose(1006);
    await settle();
    if (onAttempt) {
      h.socket.open();
      h.socket.receive({ type: 'error', code: 'BUSY', error: 'Every line is busy.' });
      h.socket.serverClose(1006); // closed before `ready`: one spent attempt, and the next ticket
      await vi.advanceTimersByTimeAsync(1000);
      await settle();
    }
    h.socket.open();
    h.socket.serverClose(4000); // no `error` message on this socket
    expect(h.of('error')).toEqual([{ code: 'SERVER_ERROR', message: 'The call could not start.', retryable: true }]);
  });

  it('hangs up cleanly while reconnecting: `ended`, no error, the pending ticket abandoned', async () => {
    const fetch = scriptedFetch(okTicket(1), 'hang');
    const h = harness({ fetch });
    await h.goLive();
    h.socket.serverClose(1006);
    await settle();
    await h.session.end();
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'ending', 'ended']);
    expect(h.of('ended')).toMatchObject([{ reason: 'caller_hangup', conversationId: 'conv-1' }]);
    expect(h.of('error')).toEqual([]);
    expect(fetch.calls.at(-1)!.signal?.aborted).toBe(true);
    expect(h.network.subscribers).toBe(0);
  });
});

describe('online/offline hints', () => {
  it('waits for `online` before spending a ticket, tries at once when it comes', async () => {
    fakeTime();
    const h = harness();
    await h.goLive();
    h.network.set(false);
    expect(h.session.offline).toBe(true);
    expect(h.session.state).toBe('live'); // only a hint
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.fetch.calls).toHaveLength(1);
    h.network.set(true);
    await settle();
    expect(h.fetch.calls).toHaveLength(2);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.session.state).toBe('live');
    expect(h.of('network')).toEqual([{ online: false }, { online: true }]);
  });

  it('spends no ticket while offline when the browser goes offline during a pause, and tries at once when back', async () => {
    fakeTime();
    const fetch = scriptedFetch(okTicket(1), { status: 503 }, { status: 503 }, { status: 503 }, okTicket(5));
    const h = harness({ fetch });
    await h.goLive();
    h.socket.serverClose(1012); // the service restarts: tickets at 0, 1 and 4 s are refused (5xx)
    await vi.advanceTimersByTimeAsync(4100);
    expect(fetch.calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1000);
    h.network.set(false); // 5 s after the drop, during the 6 s pause before the last ticket
    await vi.advanceTimersByTimeAsync(7000);
    // The last ticket is not thrown away on a network the browser says is down: the call waits.
    expect(fetch.calls).toHaveLength(4);
    expect(h.session.state).toBe('reconnecting');
    expect(h.of('error')).toEqual([]);
    h.network.set(true); // 12 s after the drop: back, within the 20 s
    await settle();
    expect(fetch.calls).toHaveLength(5);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.session.state).toBe('live');
    expect(h.of('error')).toEqual([]);
  });

  it('never waits past the give-up budget while offline', async () => {
    fakeTime();
    const h = harness();
    await h.goLive();
    h.network.set(false);
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.of('error')).toMatchObject([{ code: 'CONNECTION_LOST' }]);
    expect(h.fetch.calls).toHaveLength(1);
  });
});

describe('a service that cuts every call soon after `ready`', () => {
  it('is one outage: its tickets and its 20 s carry over, then one CONNECTION_LOST', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    const firstDrop = Date.now();
    let readies = 1;
    h.socket.serverClose(1006);
    while (h.session.state !== 'error' && Date.now() - firstDrop < 60_000) {
      await vi.advanceTimersByTimeAsync(100);
      await settle();
      const socket = h.socket;
      if (socket.readyState === 0) {
        socket.open();
        socket.receive({ ...secondReady, conversationId: `conv-${++readies}` });
        await vi.advanceTimersByTimeAsync(2000);
        socket.serverClose(1006); // cut again 2 s after `ready`
      }
    }
    expect(Date.now() - firstDrop).toBeLessThanOrEqual(20_000);
    expect(h.fetch.calls.length).toBeLessThanOrEqual(1 + 4);
    expect(h.of('error')).toMatchObject([{ code: 'CONNECTION_LOST' }]);
  });

  it('times outages on a clock that never steps: a wall clock set back neither stretches the 20 s nor merges two outages', async () => {
    fakeTime();
    let stepBack = 0;
    const h = harness({ now: () => Date.now() - stepBack, clock: () => Date.now(), fetch: scriptedFetch(okTicket()) });
    await h.goLive();
    h.socket.serverClose(1006);
    await settle();
    h.socket.open();
    h.socket.receive(secondReady);
    stepBack = 600_000; // the wall clock is set back ten minutes while the line is up
    for (let t = 0; t < 300_000; t += 2000) {
      h.socket.receive({ type: 'pong' });
      await vi.advanceTimersByTimeAsync(2000);
    }
    // Five minutes later the line drops again: an outage of its own, with its own tickets.
    const ticketsBefore = h.fetch.calls.length;
    h.socket.serverClose(1006);
    await settle();
    expect(h.fetch.calls.length).toBe(ticketsBefore + 1);
    h.socket.open();
    h.socket.receive(secondReady);
    expect(h.session.state).toBe('live');

    // And a drop that never comes back gives up 20 s after it, offline or not.
    stepBack = 1_200_000;
    h.network.set(false);
    h.socket.serverClose(1006);
    const droppedAt = Date.now();
    while (h.session.state === 'reconnecting' && Date.now() - droppedAt < 120_000) await vi.advanceTimersByTimeAsync(1000);
    expect(Date.now() - droppedAt).toBeLessThanOrEqual(20_000);
    expect(h.of('error')).toMatchObject([{ code: 'CONNECTION_LOST' }]);
  });

  it('a line that stayed up for a while gets a fresh outage budget when it drops again', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    for (let drop = 0; drop < 6; drop++) {
      h.socket.serverClose(1006);
      await settle();
      h.socket.open();
      h.socket.receive(secondReady);
      for (let t = 0; t < 12_000; t += 2000) {
        h.socket.receive({ type: 'pong' });
        await vi.advanceTimersByTimeAsync(2000);
      }
    }
    expect(h.session.state).toBe('live');
    expect(h.fetch.calls).toHaveLength(7);
    expect(h.of('error')).toEqual([]);
  });
});
