export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** At most `limit` events per key in any sliding window of `windowMs`. Keys whose events have all left
 *  the window are forgotten once the map has grown, so many one-off addresses do not pile up. */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;
  /** Size at which idle keys are next swept (doubles while every key is active). */
  #sweepAt: number;

  constructor(limit: number, windowMs: number, sweepAt = 1000) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#sweepAt = sweepAt;
  }

  get keys(): number {
    return this.#events.size;
  }

  /** Counts one event for `key` if the key is under its limit; otherwise says when the oldest counted
   *  event leaves the window. */
  take(key: string, now: number): RateDecision {
    if (this.#events.size >= this.#sweepAt) this.#forgetIdle(now);
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

  #forgetIdle(now: number): void {
    for (const [key, times] of this.#events) if (now - times.at(-1)! >= this.#windowMs) this.#events.delete(key);
    this.#sweepAt = Math.max(this.#sweepAt, this.#events.size * 2);
  }
}
