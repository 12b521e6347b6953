// The owner's optional consent notice (a child of <voice-agent> in the `consent` slot): no call starts
// until the visitor accepts it, for each agent. Accepted once per visit (remembered for a day in
// localStorage, beside the visit token) or, with remember="none", once per page (kept in memory only).
// Small and DOM-free apart from one query: the eager element uses it to gate start() before the call UI
// is loaded.
import { defaultStorage, type KeyValueStorage, VISIT_TTL_MS } from '../../call/widget-storage.ts';

export class ConsentGate {
  /** The agents whose notice was accepted on this page (counts whatever `remember` says, for them only). */
  readonly #acceptedHere = new Set<string>();
  readonly #host: HTMLElement;
  readonly #agentKey: () => string;
  readonly #remembers: () => boolean;
  readonly #storage: KeyValueStorage | null;
  readonly #now: () => number;

  constructor(
    host: HTMLElement,
    /** Which agent (service and public id) the acceptance is for. */
    agentKey: () => string,
    /** `remember="visit"` (true) or `"none"` (false). */
    remembers: () => boolean,
    storage: KeyValueStorage | null = defaultStorage(),
    now: () => number = Date.now,
  ) {
    this.#host = host;
    this.#agentKey = agentKey;
    this.#remembers = remembers;
    this.#storage = storage;
    this.#now = now;
  }

  /** The owner gave a notice: a direct child with `slot="consent"`. */
  get required(): boolean {
    return this.#host.querySelector(':scope > [slot="consent"]') !== null;
  }

  /** A notice is given and the visitor has not accepted it yet. */
  get pending(): boolean {
    return this.required && !this.accepted;
  }

  get accepted(): boolean {
    if (this.#acceptedHere.has(this.#key)) return true;
    if (!this.#remembers()) return false;
    try {
      const at = Number(this.#storage?.getItem(this.#key));
      const age = this.#now() - at;
      return Number.isFinite(at) && at > 0 && age >= 0 && age < VISIT_TTL_MS;
    } catch {
      return false;
    }
  }

  accept(): void {
    this.#acceptedHere.add(this.#key);
    if (!this.#remembers()) return;
    try {
      this.#storage?.setItem(this.#key, String(this.#now()));
    } catch {
      // Storage refused (private mode, quota): accepted for this page only.
    }
  }

  /** Forgets the acceptance, here and in storage (the notice shows again before the next call). */
  forget(): void {
    this.#acceptedHere.clear();
    try {
      this.#storage?.removeItem(this.#key);
    } catch {
      // nothing stored
    }
  }

  get #key(): string {
    return `voice-agent:consent:${this.#agentKey()}`;
  }
}
