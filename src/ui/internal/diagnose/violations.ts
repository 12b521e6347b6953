// What the page's Content-Security-Policy refuses is known by trying: a refused request, module, worker or
// Trusted Types policy is reported as a `securitypolicyviolation` on the global scope, a moment after the
// refusal itself (after a fetch has already failed as the network would). The checks listen for the whole run
// and wait a little for a report after each try.

/** How long a check waits for the report of a refusal after its try failed (reports come within a few ms). */
export const REPORT_WAIT_MS = 250;

/** A refusal the page's policy reported (enforced: a report-only policy refuses nothing). */
export interface Violation {
  /** The directive that refused it: `connect-src`, `script-src-elem`, `worker-src`, `trusted-types`… */
  directive: string;
  /** What was refused: a URL, `blob`, `wasm-eval`, `trusted-types-policy`… */
  blocked: string;
  /** For Trusted Types, the policy's name. */
  sample: string;
}

interface ViolationEventLike {
  effectiveDirective?: string;
  violatedDirective?: string;
  blockedURI?: string;
  sample?: string;
  disposition?: string;
}

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class ViolationLog {
  readonly violations: Violation[] = [];
  readonly #scope: EventTarget;
  readonly #sleep: Sleep;
  readonly #waiting = new Set<() => void>();

  constructor(scope: EventTarget, wait: Sleep = sleep) {
    this.#scope = scope;
    this.#sleep = wait;
    scope.addEventListener('securitypolicyviolation', this.#heard);
  }

  /** The first violation matching `test`, waiting up to `ms` for one that has not come yet. */
  async find(test: (violation: Violation) => boolean, ms = REPORT_WAIT_MS): Promise<Violation | undefined> {
    let found = this.violations.find(test);
    if (found) return found;
    let heard = () => {};
    const arrived = new Promise<void>((resolve) => (heard = resolve));
    const check = () => {
      found = this.violations.find(test);
      if (found) heard();
    };
    this.#waiting.add(check);
    try {
      await Promise.race([arrived, this.#sleep(ms)]);
    } finally {
      this.#waiting.delete(check);
    }
    return found;
  }

  stop(): void {
    this.#scope.removeEventListener('securitypolicyviolation', this.#heard);
  }

  #heard = (event: Event): void => {
    const { effectiveDirective, violatedDirective, blockedURI, sample, disposition } = event as ViolationEventLike;
    if (disposition === 'report') return;
    this.violations.push({ directive: effectiveDirective || violatedDirective || '', blocked: blockedURI ?? '', sample: sample ?? '' });
    this.#waiting.forEach((check) => check());
  };
}

/** The URL's origin, or '' for what is no URL (`blob`, `inline`, `wasm-eval`). */
export function originOf(url: string): string {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

/** A test for a violation that refused a request to `url`'s origin. */
export const refusing = (url: string) => {
  const origin = originOf(url);
  return (violation: Violation) => !!origin && originOf(violation.blocked) === origin;
};
