import { afterEach, describe, expect, it, vi } from 'vitest';
import { okTicket, scriptedFetch, settle } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

async function ticketError(answer: Parameters<typeof scriptedFetch>[0]) {
  const h = harness({ fetch: scriptedFetch(answer) });
  await h.session.start(target);
  expect(h.session.state).toBe('error');
  expect(h.sockets).toHaveLength(0);
  expect(h.sink.closed).toBe(1);
  expect(h.source.closed).toBeGreaterThan(0);
  return h.of('error')[0];
}

describe('ticket errors (§7.4)', () => {
  it('403 ORIGIN', async () => {
    expect(await ticketError({ status: 403, body: { error: 'not allowed', code: 'ORIGIN' } })).toMatchObject({
      code: 'ORIGIN', retryable: false,
    });
  });
  it('404 → NOT_FOUND', async () => {
    expect(await ticketError({ status: 404, body: { error: 'This agent is not available' } })).toEqual({
      code: 'NOT_FOUND', message: 'This agent is not available', retryable: false,
    });
  });
  it('429 → RATE_LIMITED with Retry-After in seconds', async () => {
    expect(
      await ticketError({ status: 429, body: { error: 'RATE_LIMITED' }, headers: { 'Retry-After': '1234' } }),
    ).toMatchObject({ code: 'RATE_LIMITED', retryable: true, retryAfterSeconds: 1234 });
  });
  it('429 → RATE_LIMITED with Retry-After as an HTTP date', async () => {
    const date = new Date(Date.now() + 90_000).toUTCString();
    const error = await ticketError({ status: 429, body: { error: 'RATE_LIMITED' }, headers: { 'Retry-After': date } });
    expect(error?.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    expect(error?.retryAfterSeconds).toBeLessThanOrEqual(90);
  });
  it('503 → MAINTENANCE, retryable, with Retry-After when sent', async () => {
    expect(
      await ticketError({ status: 503, body: { code: 'MAINTENANCE', error: 'صيانة' }, headers: { 'Retry-After': '600' } }),
    ).toMatchObject({ code: 'MAINTENANCE', retryable: true, retryAfterSeconds: 600 });
    expect(await ticketError({ status: 503, body: { code: 'MAINTENANCE' } })).not.toHaveProperty('retryAfterSeconds');
  });
  it('500 → SERVER_ERROR, retryable', async () => {
    expect(await ticketError({ status: 500, body: 'oops' })).toMatchObject({ code: 'SERVER_ERROR', retryable: true });
  });
  it('network failure → CONNECTION_LOST', async () => {
    expect(await ticketError('network-error')).toMatchObject({ code: 'CONNECTION_LOST', retryable: true });
  });
  it('malformed answers → SERVER_ERROR', async () => {
    for (const body of [
      'not json',
      { wsUrl: 'wss://x.test/c' },
      { token: 't', wsUrl: 'https://x.test/c' },
      { token: 't', wsUrl: 'javascript:alert(1)' },
      { token: 42, wsUrl: 'wss://x.test/c' },
      [1, 2],
    ]) {
      expect(await ticketError({ status: 200, body })).toMatchObject({ code: 'SERVER_ERROR' });
    }
  });
  it('a relative wsUrl is resolved against the service, as ws(s)', async () => {
    const h = harness({ fetch: scriptedFetch({ status: 200, body: { token: 'abc', wsUrl: '/agents/socket' } }) });
    void h.session.start(target);
    await settle();
    expect(h.socket.url).toBe('wss://service.test/agents/socket?token=abc');
    const plain = harness({ fetch: scriptedFetch({ status: 200, body: { token: 'abc', wsUrl: 'socket' } }) });
    void plain.session.start({ serverUrl: 'http://localhost:8080/root/', publicId: 'p' });
    await settle();
    expect(plain.socket.url).toBe('ws://localhost:8080/root/api/agents/public/p/socket?token=abc');
  });

  it('an absolute wsUrl on another host keeps its own query', async () => {
    const h = harness({ fetch: scriptedFetch({ status: 200, body: { token: 'abc', wsUrl: 'wss://other.test/ws?x=1' } }) });
    void h.session.start(target);
    await settle();
    expect(h.socket.url).toBe('wss://other.test/ws?x=1&token=abc');
  });
  it('no answer → TIMEOUT', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = harness({ fetch: scriptedFetch('hang'), timeouts: { ticketMs: 10_000 } });
    const started = h.session.start(target);
    await vi.advanceTimersByTimeAsync(10_000);
    await started;
    expect(h.of('error')[0]).toMatchObject({ code: 'TIMEOUT', retryable: true });
  });
  it('an answer whose body stops coming → TIMEOUT; one cut mid-body → CONNECTION_LOST (not a malformed ticket)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The status line and headers arrive, then the body stalls (a slow or dying network), or the link breaks in it.
    const bodyThat = (how: 'stalls' | 'breaks') =>
      Object.assign(
        (async (_input: RequestInfo | URL, init?: RequestInit) =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"token":"t1","ws'));
                if (how === 'breaks') controller.error(new TypeError('network error'));
                init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          )) as typeof fetch,
        { calls: [] },
      );
    const stalled = harness({ fetch: bodyThat('stalls'), timeouts: { ticketMs: 10_000 } });
    const started = stalled.session.start(target);
    await vi.advanceTimersByTimeAsync(10_000);
    await started;
    expect(stalled.of('error')).toMatchObject([{ code: 'TIMEOUT', retryable: true }]);
    const broken = harness({ fetch: bodyThat('breaks') });
    await broken.session.start(target);
    expect(broken.of('error')).toMatchObject([{ code: 'CONNECTION_LOST', retryable: true }]);
  });
});

describe('handshake refusal', () => {
  it('retries exactly once with a fresh ticket', async () => {
    const h = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2)) });
    const started = h.session.start(target);
    await settle();
    h.sockets[0]!.serverClose(1006);
    await settle();
    expect(h.fetch.calls).toHaveLength(2);
    expect(h.socket.url).toContain('token=t2');
    h.socket.open();
    h.socket.receive({ type: 'ready', conversationId: 'c', maxSeconds: 60, agent: { name: 'A' } });
    await started;
    expect(h.session.state).toBe('live');
  });

  it('gives TICKET_REJECTED after the retry is refused too', async () => {
    const h = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2), okTicket(3)) });
    const started = h.session.start(target);
    await settle();
    h.sockets[0]!.serverClose(1006);
    await settle();
    h.sockets[1]!.serverClose(1006);
    await started;
    expect(h.fetch.calls).toHaveLength(2);
    expect(h.sockets).toHaveLength(2);
    expect(h.of('error')).toEqual([
      { code: 'TICKET_REJECTED', message: 'The service refused the call ticket twice.', retryable: true },
    ]);
  });
});

describe('socket close codes and `error` messages (§7.4)', () => {
  const setupFailure = async (error: object | null, code: number) => {
    const h = harness();
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    if (error) h.socket.receive({ type: 'error', ...error });
    h.socket.serverClose(code);
    await started;
    expect(h.session.state).toBe('error');
    return h.of('error');
  };

  it.each([
    ['QUOTA', false, undefined],
    ['BUSY', true, 60],
    ['MODEL', true, undefined],
    ['OWNER', false, undefined],
    ['NOT_FOUND', false, undefined],
  ])('error %s + 4000', async (code, retryable, retryAfterSeconds) => {
    const errors = await setupFailure({ code, error: 'said by the service' }, 4000);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual({
      code, message: 'said by the service', retryable, ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    });
  });

  it('4000 without a known code → SERVER_ERROR', async () => {
    expect((await setupFailure(null, 4000))[0]).toMatchObject({ code: 'SERVER_ERROR', retryable: true });
    expect((await setupFailure({ code: 'WHATEVER' }, 4000))[0]).toMatchObject({ code: 'SERVER_ERROR' });
  });

  it('4404 → AGENT_GONE (during the call)', async () => {
    const h = harness();
    await h.goLive();
    h.socket.serverClose(4404);
    expect(h.of('error')).toEqual([{ code: 'AGENT_GONE', message: 'The agent no longer exists.', retryable: false }]);
    expect(h.states()).toEqual(['connecting', 'live', 'error']);
  });

  it('1011 during set-up is retried once with a fresh ticket, then → SERVER_ERROR, retryable', async () => {
    const h = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2), okTicket(3)) });
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    h.socket.serverClose(1011);
    await settle();
    expect(h.fetch.calls).toHaveLength(2);
    expect(h.socket.url).toContain('token=t2');
    expect(h.session.state).toBe('connecting');
    h.socket.open();
    h.socket.serverClose(1011, 'boom');
    await started;
    expect(h.fetch.calls).toHaveLength(2);
    expect(h.of('error')).toEqual([
      { code: 'SERVER_ERROR', message: 'The service failed while setting up the call (boom).', retryable: true },
    ]);
    expect(h.states()).toEqual(['connecting', 'error']);
  });

  it('a 1011 late in the first socket\'s `ready` window: the retry has its own window, no stale TIMEOUT', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2)), timeouts: { readyMs: 15_000 } });
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    await vi.advanceTimersByTimeAsync(14_000);
    h.socket.serverClose(1011);
    await settle();
    expect(h.sockets).toHaveLength(2);
    // Past the first socket's 15 s while the retry is still opening: nothing has timed out.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.of('error')).toEqual([]);
    expect(h.session.state).toBe('connecting');
    h.socket.open();
    await vi.advanceTimersByTimeAsync(14_000);
    h.socket.receive(readyMessage);
    await started;
    expect(h.states()).toEqual(['connecting', 'live']);
    // The retry's own window still holds: no `ready` on it would be TIMEOUT 15 s after its open.
    const late = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2)), timeouts: { readyMs: 15_000 } });
    const failing = late.session.start(target);
    await settle();
    late.socket.open();
    late.socket.serverClose(1011);
    await settle();
    late.socket.open();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(late.session.state).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    await failing;
    expect(late.of('error')).toMatchObject([{ code: 'TIMEOUT' }]);
  });

  it('4404 during set-up is never retried', async () => {
    const h = harness();
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    h.socket.serverClose(4404);
    await started;
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.of('error')).toEqual([{ code: 'AGENT_GONE', message: 'The agent no longer exists.', retryable: false }]);
  });

  it('1006 before `ready` → CONNECTION_LOST, with no reconnection', async () => {
    const h = harness();
    const started = h.session.start(target);
    await settle();
    h.socket.open();
    h.socket.serverClose(1006);
    await started;
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.states()).toEqual(['connecting', 'error']);
    expect(h.of('error')[0]).toMatchObject({ code: 'CONNECTION_LOST', retryable: true });
  });

  it('a close that is not a dropped line during the call (1008) → CONNECTION_LOST at once', async () => {
    const h = harness();
    await h.goLive();
    h.socket.serverClose(1008);
    expect(h.states()).toEqual(['connecting', 'live', 'error']);
    expect(h.of('error')[0]).toMatchObject({ code: 'CONNECTION_LOST', retryable: true });
    expect(h.sink.closed).toBe(1);
    expect(h.fetch.calls).toHaveLength(1);
  });

  it('closes open turns when the call fails mid-sentence', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Bonjour, je', final: false });
    h.socket.serverClose(1006);
    expect(h.of('transcript').at(-1)).toEqual({ role: 'agent', text: 'Bonjour, je', final: true, turnId: 1 });
  });
});
