// Protocol edges: after `ended`, before `ready`, a Retry-After beyond a day, a page restored from the
// back-forward cache, agent audio of odd byte lengths, and end() where it interrupts something else.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../src/call/errors.ts';
import { okTicket, scriptedFetch, settle } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

const ended = { type: 'ended', reason: 'agent_ended', durationSeconds: 9, billedSeconds: 9, freeSeconds: 0, conversationId: 'conv-1' };

describe('after `ended`', () => {
  it('plays what was queued, drops what arrives later (a burst of speech, messages), and ends once drained', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    const goodbye = new Int16Array(24_000).buffer;
    h.socket.receive(goodbye);
    h.socket.receive(ended);
    expect(h.session.state).toBe('ending');
    for (let i = 0; i < 17; i++) h.socket.receive(new Int16Array(24_000).buffer); // 17 s of late speech
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'one more thing', final: true });
    h.socket.receive({ type: 'tool', name: 'late', status: 'running' });
    expect(h.sink.written).toEqual([goodbye]);
    expect(h.sink.flushes).toBe(0); // what was queued is not cut
    expect(h.of('transcript')).toEqual([]);
    expect(h.of('tool')).toEqual([]);
    expect(h.session.stats.droppedMessages).toBe(19);

    await vi.advanceTimersByTimeAsync(1000);
    h.sink.finishPlaying();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.state).toBe('ended'); // without waiting for the socket to close
    expect(h.socket.readyState).toBe(3);
    expect(h.of('ended')).toMatchObject([{ reason: 'agent_ended' }]);
  });

  it('with nothing queued, is `ended` at once', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive(ended);
    await settle();
    expect(h.session.state).toBe('ended');
  });
});

describe('before `ready`', () => {
  it('ignores and counts everything but `ready` and `error`', async () => {
    const h = harness();
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    h.socket.receive({ type: 'transcript', role: 'user', text: 'typed on a shared computer', final: true });
    h.socket.receive({ type: 'tool', name: 'x', status: 'running' });
    h.socket.receive(new Int16Array(240).buffer);
    h.socket.receive({ type: 'interrupted' });
    expect(h.session.stats.droppedMessages).toBe(4);
    expect(h.events.filter((e) => e.name !== 'state')).toEqual([]);
    expect(h.sink.written).toEqual([]);
    h.socket.receive(readyMessage);
    await started;
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Salam', final: true });
    expect(h.of('transcript')).toHaveLength(1);
  });
});

describe('Retry-After beyond a day', () => {
  it.each(['99999999999', '86401', new Date(Date.now() + 3 * 86_400_000).toUTCString()])(
    'is "later": no figure in the error (%s)',
    async (value) => {
      const h = harness({ fetch: scriptedFetch({ status: 429, headers: { 'Retry-After': value } }) });
      await h.session.start(target);
      const [error] = h.of('error');
      expect(error).toEqual({
        code: 'RATE_LIMITED', message: 'Too many calls from this network; try again later.', retryable: true, retryLater: true,
      });
      expect(JSON.stringify(error)).not.toMatch(/\d/);
    },
  );

  it('a day or less is still counted down', async () => {
    const h = harness({ fetch: scriptedFetch({ status: 503, headers: { 'Retry-After': '86400' } }) });
    await h.session.start(target);
    expect(h.of('error')[0]).toMatchObject({ code: 'MAINTENANCE', retryAfterSeconds: 86400 });
    expect(h.of('error')[0]!.retryLater).toBeUndefined();
  });
});

describe('a page restored from the back-forward cache', () => {
  it('while the call is set up: ends it cleanly with CONNECTION_LOST (nothing is reconnected before `ready`)', async () => {
    const h = harness();
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    h.session.pageRestored();
    await started;
    expect(h.states()).toEqual(['connecting', 'error']);
    expect(h.of('error')).toEqual([{
      code: 'CONNECTION_LOST',
      message: 'Restored from the back-forward cache before the call was set up.',
      retryable: true,
    }]);
    expect(h.socket.closedWith).toBe(1000);
    expect(h.sink.closed).toBe(1);
    expect(h.fetch.calls).toHaveLength(1);
  });

  it('while the ticket is on its way: the request is abandoned', async () => {
    const h = harness({ fetch: scriptedFetch('hang') });
    const started = h.session.start(target);
    await settle();
    h.session.pageRestored();
    await started;
    expect(h.of('error')).toMatchObject([{ code: 'CONNECTION_LOST' }]);
    expect(h.fetch.calls[0]!.signal?.aborted).toBe(true);
  });

  it('while reconnecting: the attempt under way is spent and the next one brings the call back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    h.socket.serverClose(1006);
    await settle();
    const stale = h.socket;
    stale.open();
    h.session.pageRestored();
    expect(stale.closedWith).toBe(1000);
    expect(h.session.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000); // the policy's pause before the second ticket
    await settle();
    expect(h.sockets).toHaveLength(3);
    h.socket.open();
    h.socket.receive({ ...readyMessage, conversationId: 'conv-2' });
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(h.of('error')).toEqual([]);
  });

  it('while reconnecting, with its ticket on the way: the request goes on, and its ticket brings the call back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const tickets = scriptedFetch(okTicket(1), okTicket(2), okTicket(3));
    const fetch = Object.assign(
      async (input: RequestInfo | URL, init?: RequestInit) => {
        if (tickets.calls.length === 1) await answered; // the reconnection's ticket waits for the test
        return tickets(input, init);
      },
      { calls: tickets.calls },
    );
    const h = harness({ now: () => Date.now(), fetch });
    await h.goLive();
    h.socket.serverClose(1006);
    await settle();
    expect(h.session.state).toBe('reconnecting');
    h.session.pageRestored();
    release();
    await settle();
    expect(h.sockets).toHaveLength(2);
    h.socket.open();
    h.socket.receive({ ...readyMessage, conversationId: 'conv-2' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.states()).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(tickets.calls).toHaveLength(2);
    expect(h.sockets).toHaveLength(2);
  });

  it('while live: a dropped line (reconnecting), never a silent "live"', async () => {
    const h = harness();
    await h.goLive();
    h.session.pageRestored();
    expect(h.session.state).toBe('reconnecting');
    await settle();
    expect(h.fetch.calls).toHaveLength(2);
  });
});

describe('agent audio of odd byte lengths', () => {
  it('an empty audio frame after an odd-sized one is taken in stride (no RangeError into the page)', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive(new Uint8Array([1, 2, 3]).buffer);
    expect(() => h.socket.receive(new ArrayBuffer(0))).not.toThrow();
    h.socket.receive(new Uint8Array([4]).buffer);
    // The stray byte still joins the next byte that arrives: 1 2 | 3 4.
    expect(h.sink.written.filter((chunk) => chunk.byteLength > 0).map((chunk) => [...new Uint8Array(chunk)])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(h.session.state).toBe('live');
  });
});

describe('end() settles and leaves nothing open, whatever it interrupts', () => {
  it('end() from a listener of the `connecting` change opens nothing and leaves nothing open', async () => {
    const h = harness();
    h.session.on('state', ({ state }) => {
      if (state === 'connecting') void h.session.end();
    });
    await h.session.start(target);
    await settle();
    expect(h.source.opened).toBe(0);
    expect(h.source.closed).toBeGreaterThanOrEqual(1);
    expect(h.sink.closed).toBeGreaterThanOrEqual(1);
    expect(h.fetch.calls).toEqual([]);
    expect(h.session.state).toBe('ended');
  });

  it('end() settles when the call fails while it waits for the service’s answer', async () => {
    const h = harness();
    await h.goLive();
    let hungUp = false;
    void h.session.end().then(() => (hungUp = true));
    await settle();
    expect(h.session.state).toBe('ending');
    h.sink.onFailure?.(new CallError('AUDIO_UNSUPPORTED', 'the playback processor failed'));
    await settle();
    expect(hungUp).toBe(true);
  });
});
