// The connection to the service, opened before the visitor presses Call: a request at each sign of interest leaves
// a connection the ticket request then reuses, instead of paying for a new one (a TCP handshake, and TLS's, on a
// real network) after the press. Browsers keep the connections of opaque (`no-cors`) requests apart from those of
// CORS requests (Chromium does), and the service is on another origin: a warm-up must be a CORS request in the
// ticket request's credentials mode (see ticket.ts). The service's REST endpoints refuse cross-origin reads (spec
// §1.8), so it goes to the ticket endpoint, which answers browsers, as an `OPTIONS` request: the endpoint answers
// its preflight and then it without giving a ticket (tickets are counted, 20 an hour, spec §4.9; preflights are
// not). A service that refuses it, or answers it with an error (said once in the page's console), is warmed no
// more on this page.
import type { CallTarget } from './connection.ts';

/** Servers close idle connections after a few seconds (Node's default: 5 s): a warm-up older than this may
 *  have left none, and the next sign of interest warms it again. */
export const WARM_FOR_MS = 4000;

/** `warm(target)` opens a connection to the service, unless one was opened less than WARM_FOR_MS ago. It never
 *  throws or rejects. */
export function connectionWarmer(fetch: typeof globalThis.fetch, now: () => number): (target: CallTarget) => void {
  let last = '';
  let at = 0;
  let refused = false;
  return ({ serverUrl, publicId }) => {
    if (refused || !publicId) return;
    try {
      // ticket.ts's ticketUrl (the unit test holds them equal), written here so that the call's chunk does not share
      // a chunk with the worker and diagnose(), which carry the ticket's module.
      const url = new URL(`api/agents/public/${encodeURIComponent(publicId)}/call`, serverUrl.replace(/\/?$/, '/')).href;
      if (url === last && now() - at < WARM_FOR_MS) return;
      last = url;
      at = now();
      fetch(url, { method: 'OPTIONS', credentials: 'omit', cache: 'no-store' }).then(
        (response) => (refused ||= !response.ok),
        () => (refused = true),
      );
    } catch {
      // No valid service URL (the call will say so), or a fetch that throws at once: nothing is warmed.
    }
  };
}
