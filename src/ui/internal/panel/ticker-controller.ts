import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How often the clock is looked at: a new second shows at most this late. */
const LOOK_MS = 250;

/**
 * Re-renders the host each time a clock it shows turns to its next second: the whole seconds counted from
 * `origin()` (ms since the epoch: a call's start, a retry's deadline), while `origin()` is not null. Clocks and
 * countdowns read the time in render, and a render between two turns would show nothing new. It re-checks
 * after each update, so it stops by itself when nothing needs the clock.
 */
export class TickerController implements ReactiveController {
  #timer: ReturnType<typeof setInterval> | null = null;
  /** The second shown by the host's last render. */
  #shown = 0;
  readonly #host: ReactiveControllerHost;
  readonly #origin: () => number | null;

  constructor(host: ReactiveControllerHost, origin: () => number | null) {
    this.#host = host;
    this.#origin = origin;
    host.addController(this);
  }

  hostUpdated(): void {
    const origin = this.#origin();
    if (origin === null) return this.#stop();
    this.#shown = secondOf(origin, Date.now());
    this.#timer ??= setInterval(() => this.#look(), LOOK_MS);
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #look(): void {
    const origin = this.#origin();
    if (origin === null || secondOf(origin, Date.now()) !== this.#shown) this.#host.requestUpdate();
  }

  #stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}

/** The whole second `now` is in, counted from `origin` (negative before it: a countdown's deadline). */
export function secondOf(origin: number, now: number): number {
  return Math.floor((now - origin) / 1000);
}
