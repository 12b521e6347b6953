import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Tells `onRestored` when the page comes back from the back-forward cache (`pageshow` with `persisted`):
 * a call's socket does not survive that, so the call must treat it as a dropped line.
 */
export class PageRestoreController implements ReactiveController {
  constructor(
    host: ReactiveControllerHost,
    private readonly onRestored: () => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    globalThis.addEventListener?.('pageshow', this.#pageShown);
  }

  hostDisconnected(): void {
    globalThis.removeEventListener?.('pageshow', this.#pageShown);
  }

  readonly #pageShown = (event: Event): void => {
    if ((event as PageTransitionEvent).persisted) this.onRestored();
  };
}
