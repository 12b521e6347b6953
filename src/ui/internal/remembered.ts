// One value the widget keeps for the visit (a day, like the service's visit token) in localStorage when
// `remember="visit"`, or in the page's memory only when `remember="none"`. Storage may be missing or throw
// (private mode, sandboxed frames): the value then lives in memory. `forget()` (and the element's `forget()`,
// which removes every `voice-agent:` key) clears it.
import { defaultStorage, type KeyValueStorage, VISIT_TTL_MS } from '../../call/widget-storage.ts';

export class Remembered<T> {
  /** The value put on this page, with the key it was put under (the key follows the element's attributes). */
  #here: { key: string; value: T } | null = null;
  readonly #key: () => string;
  readonly #remembers: () => boolean;
  readonly #read: (value: unknown) => T | null;
  readonly #storage: KeyValueStorage | null;
  readonly #now: () => number;

  constructor(
    /** The storage key, under `voice-agent:`; may depend on the service and agent. */
    key: () => string,
    remembers: () => boolean,
    /** Reads back a stored value, or null when it is not of the expected shape (storage is not trusted). */
    read: (value: unknown) => T | null,
    storage: KeyValueStorage | null = defaultStorage(),
    now: () => number = Date.now,
  ) {
    this.#key = key;
    this.#remembers = remembers;
    this.#read = read;
    this.#storage = storage;
    this.#now = now;
  }

  get(): T | null {
    const key = this.#key();
    if (this.#here?.key === key) return this.#here.value;
    if (!this.#remembers()) return null;
    try {
      const raw = this.#storage?.getItem(key);
      if (!raw) return null;
      const { value, at } = JSON.parse(raw) as { value?: unknown; at?: unknown };
      const age = this.#now() - Number(at);
      return age >= 0 && age < VISIT_TTL_MS ? this.#read(value) : null;
    } catch {
      return null;
    }
  }

  put(value: T): void {
    this.#here = { key: this.#key(), value };
    if (!this.#remembers()) return;
    try {
      this.#storage?.setItem(this.#key(), JSON.stringify({ value, at: this.#now() }));
    } catch {
      // Storage refused (private mode, quota): remembered for this page only.
    }
  }

  forget(): void {
    this.#here = null;
    try {
      this.#storage?.removeItem(this.#key());
    } catch {
      // nothing stored
    }
  }
}
