import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Keeps the screen on while `wanted()` (a call is under way), so a phone does not lock mid-call: a Screen Wake
 * Lock (`navigator.wakeLock.request('screen')`) taken after each update that wants one, let go when it no longer
 * does. The browser drops the lock when the page is hidden; it is taken again when the page is shown. Where the
 * API is missing or refuses (no secure context, a frame without `allow="screen-wake-lock"`, a battery saver)
 * nothing is thrown and nothing is retried until the page is shown again or the next call.
 */
export class WakeLockController implements ReactiveController {
  #sentinel: WakeLockSentinel | null = null;
  #requesting = false;
  /** The last request failed: wait for the page to be shown again, or for the next call, to ask again. */
  #refused = false;
  readonly #wanted: () => boolean;

  constructor(
    host: ReactiveControllerHost,
    wanted: () => boolean,
  ) {
    this.#wanted = wanted;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.#onVisibility);
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#release();
  }

  hostUpdated(): void {
    this.#sync();
  }

  readonly #onVisibility = (): void => {
    if (document.visibilityState === 'visible') this.#refused = false;
    this.#sync();
  };

  #sync(): void {
    if (!this.#wanted()) {
      this.#refused = false;
      this.#release();
    } else if (document.visibilityState === 'visible') {
      this.#acquire();
    } else {
      this.#release();
    }
  }

  #acquire(): void {
    const held = this.#sentinel && !this.#sentinel.released;
    const wakeLock = (navigator as Partial<Navigator>).wakeLock;
    if (held || this.#requesting || this.#refused || !wakeLock) return;
    this.#requesting = true;
    let request: Promise<WakeLockSentinel>;
    try {
      request = wakeLock.request('screen');
    } catch {
      this.#requesting = false;
      this.#refused = true;
      return;
    }
    request.then(
      (sentinel) => {
        this.#requesting = false;
        this.#sentinel = sentinel;
        // The call may have ended, or the page been hidden, while the browser was deciding.
        if (!this.#wanted() || document.visibilityState !== 'visible') this.#release();
      },
      () => {
        this.#requesting = false;
        this.#refused = true;
      },
    );
  }

  #release(): void {
    const sentinel = this.#sentinel;
    this.#sentinel = null;
    if (sentinel && !sentinel.released) sentinel.release().catch(() => undefined);
  }
}
