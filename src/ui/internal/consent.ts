// The owner's optional consent notice (a child of <voice-agent> in the `consent` slot): no call starts until
// the visitor accepts it, for each agent, once per visit (see VisitMemory). Read afresh at each start, so the
// page may add, change or remove the notice at any time (the panel watches for it: ConsentSlotController).
// Part of the launcher: it gates start() before the call's code is loaded.
import type { VisitMemory } from './visit-memory.ts';

export class ConsentGate {
  readonly #host: HTMLElement;
  readonly #memory: VisitMemory;

  constructor(host: HTMLElement, memory: VisitMemory) {
    this.#host = host;
    this.#memory = memory;
  }

  /** The owner gave a notice: a direct child with `slot="consent"`. */
  get required(): boolean {
    return this.#host.querySelector(':scope > [slot="consent"]') !== null;
  }

  /** A notice is given and the visitor has not accepted it yet. */
  get pending(): boolean {
    return this.required && !this.#memory.consentAccepted;
  }

  accept(): void {
    this.#memory.acceptConsent();
  }
}
