// Whether the link to the service is alive, judged at each ping tick; any message from the service is a sign
// of life, not only a pong. The link is dead once nothing has arrived for `livenessMs` and a ping has waited
// more than `livenessMs - pingMs` for an answer. At a normal pace the first condition decides. In a tab hidden
// for minutes, where Chrome runs timers once a minute, a tick that comes a minute late is no silence of the
// service when the ping of the tick before was answered; a ping left unanswered is found at the next tick.
// The same rule over a shorter span says the link is silent for now (the call shows `lost`, see link-quality.ts).
// One per socket, from its `open`. No timers here: the Connection ticks it every `pingMs`, on the clock it is
// given. How long pings take is RoundTrips' (round-trips.ts).

export interface LivenessTimeouts {
  /** Interval of application-level pings while live. */
  pingMs: number;
  /** No message at all for this long while live (and a ping unanswered): the link is considered dead. */
  livenessMs: number;
}

export class Liveness {
  #lastHeardAt: number;
  /** When the first ping since the service was last heard went out (null: none is waiting). */
  #unansweredSince: number | null = null;

  readonly #timeouts: LivenessTimeouts;
  /** Milliseconds on a clock that never steps. */
  readonly #now: () => number;

  /** The socket has just opened. */
  constructor(timeouts: LivenessTimeouts, now: () => number) {
    this.#timeouts = timeouts;
    this.#now = now;
    this.#lastHeardAt = now();
  }

  /** Something arrived from the service. */
  heard(): void {
    this.#lastHeardAt = this.#now();
  }

  /** Whether nothing has arrived for `spanMs` and a ping has waited more than `spanMs - pingMs` for an answer. */
  silentFor(spanMs: number): boolean {
    const now = this.#now();
    const waiting = this.#waiting();
    return waiting !== null && now - this.#lastHeardAt > spanMs && now - waiting > spanMs - this.#timeouts.pingMs;
  }

  /** A ping tick: false when the link is dead, else true (a ping goes out now). */
  tick(): boolean {
    if (this.silentFor(this.#timeouts.livenessMs)) return false;
    this.#unansweredSince = this.#waiting() ?? this.#now();
    return true;
  }

  /** When the first ping still unanswered went out; anything heard since it went out answers it. */
  #waiting(): number | null {
    const waiting = this.#unansweredSince;
    return waiting !== null && waiting > this.#lastHeardAt ? waiting : null;
  }
}
