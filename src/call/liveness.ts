// Whether the link to the service is alive, judged at each ping tick; any message from the service is a sign
// of life, not only a pong. The link is dead once nothing has arrived for `livenessMs` and a ping has waited
// more than `livenessMs - pingMs` for an answer. At a normal pace the first condition decides. In a tab hidden
// for minutes, where Chrome runs timers once a minute, a tick that comes a minute late is no silence of the
// service when the ping of the tick before was answered; a ping left unanswered is found at the next tick.
// One per socket, from its `open`. No timers here: the Connection ticks it every `pingMs`, on the clock it is given.

export interface LivenessTimeouts {
  /** Interval of application-level pings while live. */
  pingMs: number;
  /** No message at all for this long while live (and a ping unanswered): the link is considered dead. */
  livenessMs: number;
}

export class Liveness {
  #lastHeardAt: number;
  /** When the latest ping went out, until its answer (for the round trip). */
  #pingSentAt: number | null = null;
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

  /** A ping tick: false when the link is dead, else true (a ping goes out now, and is timed). */
  tick(): boolean {
    const { pingMs, livenessMs } = this.#timeouts;
    const now = this.#now();
    let waiting = this.#unansweredSince;
    // Anything heard since that ping went out answers it.
    if (waiting !== null && waiting <= this.#lastHeardAt) waiting = null;
    if (waiting !== null && now - this.#lastHeardAt > livenessMs && now - waiting > livenessMs - pingMs) return false;
    this.#unansweredSince = waiting ?? now;
    this.#pingSentAt = now;
    return true;
  }

  /** The service answered a ping: the round trip in milliseconds, or null when no ping was out. */
  ponged(): number | null {
    const sentAt = this.#pingSentAt;
    this.#pingSentAt = null;
    return sentAt === null ? null : this.#now() - sentAt;
  }
}
