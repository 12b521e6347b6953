// A call the page's own Content-Security-Policy stops: its `connect-src` does not name the service. The browser
// refuses the ticket request as the network would ("Failed to fetch"), and the socket with an `error` and no
// close (Chromium) or an exception (Firefox). Only the `securitypolicyviolation` report that follows a moment
// later, on the global scope of the thread that asked (the page, or the call's worker), tells the two apart.
// The link (connection.ts) waits for it after such a failure, and the call then ends in BLOCKED_BY_PAGE: the
// visitor is told the site blocks it, not to check their connection.
import { CallError } from './errors.ts';

/** How long a request that failed at the network level waits for the policy's report (it comes within ms). */
export const REPORT_WAIT_MS = 250;

/** What is read of a `securitypolicyviolation` event. */
export interface ViolationLike {
  blockedURI?: string;
  disposition?: string;
}

const originOf = (url: string | undefined): string => {
  try {
    return new URL(url!).origin;
  } catch {
    return '';
  }
};

/** The BLOCKED_BY_PAGE error a report means for a call to `origins` (the service's and its socket's, https: and
 *  wss:), or null when it is about something else (another URL, a report-only policy). Its message names the
 *  change. */
export function blockedError({ blockedURI, disposition }: ViolationLike, origins: ReadonlySet<string>): CallError | null {
  const blocked = originOf(blockedURI);
  return disposition === 'report' || !origins.has(blocked)
    ? null
    : new CallError(
        'BLOCKED_BY_PAGE',
        `The page's Content-Security-Policy (connect-src) blocks ${blocked}: add \`${[...origins].join(' ')}\` to connect-src.`,
      );
}

/** Listens to `scope` (none where it has no events) for the reports about the requests `expect`ed. */
export class PageBlocks {
  readonly #origins = new Set<string>();
  readonly #scope: EventTarget | null;
  readonly #after: (ms: number, fn: () => void) => unknown;
  #heard: CallError | null = null;
  readonly #waiting = new Set<(error: CallError | null) => void>();

  constructor(scope: EventTarget | null, after = (ms: number, fn: () => void): unknown => setTimeout(fn, ms)) {
    this.#scope = scope;
    this.#after = after;
  }

  /** A request to `url` (the service, the call's socket) is about to be made. The socket's origin is the
   *  service's own (https → wss) until a ticket names another. */
  expect(url: string): void {
    if (!this.#scope) return;
    if (!this.#origins.size) this.#scope.addEventListener('securitypolicyviolation', this.#listener);
    const origin = originOf(url);
    this.#origins.add(origin).add(origin.replace(/^http/, 'ws'));
  }

  /** After a request failed at the network level: the page's refusal of it, once reported (at once if it was
   *  already), or null when none comes within REPORT_WAIT_MS (the network's failure, then). */
  report(): Promise<CallError | null> {
    if (this.#heard || !this.#origins.size) return Promise.resolve(this.#heard);
    return new Promise((resolve) => {
      this.#waiting.add(resolve);
      this.#after(REPORT_WAIT_MS, () => this.#waiting.delete(resolve) && resolve(this.#heard));
    });
  }

  /** The requests went through, or the link is closed: nothing more to hear. */
  stop(): void {
    this.#scope?.removeEventListener('securitypolicyviolation', this.#listener);
    this.#origins.clear();
    this.#heard = null;
  }

  #listener = (event: Event): void => {
    const error = blockedError(event as ViolationLike, this.#origins);
    if (!error) return;
    this.#heard = error;
    this.#waiting.forEach((resolve) => resolve(error));
    this.#waiting.clear();
  };
}
