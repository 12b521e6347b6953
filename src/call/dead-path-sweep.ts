// A line that went dead without closing (Wi-Fi → 4G, a NAT that forgot the call) leaves the browser's pool holding
// idle connections to the service on the old path: a request sent on one of them is never answered. Before the
// first ticket after a drop, a few `OPTIONS` requests to the ticket endpoint (the warm-up's, which give no ticket:
// connection-warmer.ts) go out at once. Each takes one of those idle connections, or opens a new one. Once one is
// answered the new path works, and those still waiting hold the dead connections: aborting them closes them, so
// the ticket goes out on a live one. When none is answered within `timeoutMs` the line is still down; they are
// aborted all the same.

/** More than the idle connections a call leaves to its service (the warm-up's, the ticket's and its preflight's). */
export const SWEEP_REQUESTS = 3;

/** Resolves once one request was answered (or failed), after `timeoutMs`, or when `signal` aborts; never rejects.
 *  All of them are aborted then: for the one answered that does nothing (its answer, a 204, is complete). */
export async function sweepDeadPath(fetch: typeof globalThis.fetch, url: string, timeoutMs: number, signal: AbortSignal): Promise<void> {
  const sweep = new AbortController();
  const stop = () => sweep.abort();
  const timer = setTimeout(stop, timeoutMs);
  signal.addEventListener('abort', stop);
  const requests = Array.from({ length: SWEEP_REQUESTS }, () => fetch(url, { method: 'OPTIONS', credentials: 'omit', signal: sweep.signal }));
  // Refused or failed is answered too: that request was not left waiting on a dead connection.
  await Promise.race(requests).catch(() => {});
  clearTimeout(timer);
  signal.removeEventListener('abort', stop);
  stop();
}
