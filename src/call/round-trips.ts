// The pings of one socket and their answers. The service answers every ping, in order (one TCP stream), so
// each pong answers the oldest ping still out: with a ping every second and a round trip over a second,
// several are out at once and each is still timed right. A ping waits in the same stream as the audio sent
// before it, so its round trip is the line's own plus the time that audio took to get through: the only
// sign of a backlog the operating system holds, where `bufferedAmount` does not see it. No timers here: the
// Connection says when a ping left and when a pong came, on the clock it is given.

/** A ping: when it left, and how many bytes the socket had been handed up to and including it. */
export interface Ping {
  at: number;
  bytes: number;
}

/** How long the lowest round trip is remembered: the line's own, without queueing. */
const LOWEST_MS = 30_000;
/** Pings out at most (a line that answers none is found dead long before). */
const MAX_OUT = 32;

export class RoundTrips {
  readonly #out: Ping[] = [];
  /** Recent round trips, oldest first. */
  readonly #samples: { at: number; ms: number }[] = [];

  /** A ping went out at `at`. */
  sent(ping: Ping): void {
    if (this.#out.push(ping) > MAX_OUT) this.#out.shift();
  }

  /** A pong came at `now`: the ping it answers with its round trip, or null when no ping was out. */
  answered(now: number): (Ping & { ms: number }) | null {
    const ping = this.#out.shift();
    if (!ping) return null;
    const ms = now - ping.at;
    this.#samples.push({ at: now, ms });
    while (this.#samples[0]!.at < now - LOWEST_MS) this.#samples.shift();
    return { ...ping, ms };
  }

  /** The oldest ping still waiting for its answer at `now`, with its age; null when none is. */
  waiting(now: number): (Ping & { ms: number }) | null {
    const ping = this.#out[0];
    return ping ? { ...ping, ms: now - ping.at } : null;
  }

  /** The latest two round trips, oldest first. */
  get recent(): number[] {
    return this.#samples.slice(-2).map((sample) => sample.ms);
  }

  /** The lowest round trip of the last 30 s (the line without queueing), or null before any. */
  get lowest(): number | null {
    return this.#samples.length ? Math.min(...this.#samples.map((sample) => sample.ms)) : null;
  }
}
