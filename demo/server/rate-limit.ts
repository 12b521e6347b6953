export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** At most `limit` events per key in any sliding window of `windowMs`. */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  /** Counts one event for `key` if the key is under its limit; otherwise says when the oldest counted
   *  event leaves the window. */
  take(key: string, now: number): RateDecision {
    const recent = (this.#events.get(key) ?? []).filter((t) => now - t < this.#windowMs);
    if (recent.length >= this.#limit) {
      this.#events.set(key, recent);
      const oldest = recent[0]!;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)) };
    }
    recent.push(now);
    this.#events.set(key, recent);
    return { ok: true };
  }

  clear(): void {
    this.#events.clear();
  }
}
