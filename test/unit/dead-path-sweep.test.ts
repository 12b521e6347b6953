import { afterEach, describe, expect, it, vi } from 'vitest';
import { SWEEP_REQUESTS, sweepDeadPath } from '../../src/call/dead-path-sweep.ts';

const URL_ = 'https://service.test/api/agents/public/demo/call';

/** A browser's pool after a handover: the first `dead` requests land on connections of the old path and are
 *  never answered; the others open new connections, answered `answerMs` later (or refused). */
function pool(dead: number, answerMs = 100, refused = false) {
  const requests: { init: RequestInit; settled: boolean }[] = [];
  const fetch = ((_input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = { init, settled: false };
    requests.push(request);
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      if (requests.length <= dead) return;
      setTimeout(() => {
        request.settled = true;
        if (refused) reject(new TypeError('Failed to fetch'));
        else resolve(new Response(null, { status: 204 }));
      }, answerMs);
    });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** Starts a sweep with a 2 s timeout; the function returned says whether it has ended. */
function sweep(fetch: typeof globalThis.fetch, signal = new AbortController().signal): () => boolean {
  let ended = false;
  void sweepDeadPath(fetch, URL_, 2000, signal).then(() => (ended = true));
  return () => ended;
}

describe('sweepDeadPath', () => {
  afterEach(() => vi.useRealTimers());

  it('sends its OPTIONS requests at once, in the ticket’s credentials mode, and gives no ticket', () => {
    vi.useFakeTimers();
    const { fetch, requests } = pool(0);
    sweep(fetch);
    expect(requests).toHaveLength(SWEEP_REQUESTS);
    expect(SWEEP_REQUESTS).toBeGreaterThanOrEqual(3);
    for (const { init } of requests) expect(init).toMatchObject({ method: 'OPTIONS', credentials: 'omit' });
  });

  it('ends once one request is answered, aborting those left waiting on dead connections (which closes them)', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = pool(2, 150);
    const done = sweep(fetch);
    await vi.advanceTimersByTimeAsync(149);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
    expect(requests.map(({ init, settled }) => [init.signal!.aborted, settled])).toEqual([
      [true, false],
      [true, false],
      [true, true],
    ]);
  });

  it('a refused request also ends it: the path answered', async () => {
    vi.useFakeTimers();
    const { fetch } = pool(1, 80, true);
    const done = sweep(fetch);
    await vi.advanceTimersByTimeAsync(80);
    expect(done()).toBe(true);
  });

  it('with every request unanswered (the line still down), ends after the timeout with all of them aborted', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = pool(SWEEP_REQUESTS);
    const done = sweep(fetch);
    await vi.advanceTimersByTimeAsync(1999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
    expect(requests.every(({ init }) => init.signal!.aborted)).toBe(true);
  });

  it('ends at once when the call is closed meanwhile', async () => {
    vi.useFakeTimers();
    const { fetch, requests } = pool(SWEEP_REQUESTS);
    const call = new AbortController();
    const done = sweep(fetch, call.signal);
    call.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
    expect(requests.every(({ init }) => init.signal!.aborted)).toBe(true);
  });
});
