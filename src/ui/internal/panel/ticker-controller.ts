import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Re-renders the host every `intervalMs` while `running()` is true (clocks and countdowns read the time
 * in render). It re-checks after each update, so it stops by itself when nothing needs the clock.
 */
export class TickerController implements ReactiveController {
  #timer: ReturnType<typeof setInterval> | null = null;
  readonly #host: ReactiveControllerHost;
  readonly #running: () => boolean;

  constructor(
    host: ReactiveControllerHost,
    running: () => boolean,
    private readonly intervalMs = 500,
  ) {
    this.#host = host;
    this.#running = running;
    host.addController(this);
  }

  hostUpdated(): void {
    const wanted = this.#running();
    if (wanted && this.#timer === null) {
      this.#timer = setInterval(() => this.#host.requestUpdate(), this.intervalMs);
    } else if (!wanted) {
      this.#stop();
    }
  }

  hostDisconnected(): void {
    this.#stop();
  }

  #stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}
