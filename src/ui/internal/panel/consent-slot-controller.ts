// The panel follows the page's consent notice: added late (a CMS, a framework filling it in a moment later),
// changed or removed, the panel shows the notice or the Call button again at once. Like Shoelace's
// HasSlotController, but watching the host's children: the notice's <slot> is only rendered while it shows.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement;

export class ConsentSlotController implements ReactiveController {
  readonly #host: Host;
  /** A child added or removed, or a child's `slot` changed (deeper changes are the notice's own content). */
  readonly #observer = new MutationObserver((records) => {
    if (records.some(({ target }) => target === this.#host || target.parentNode === this.#host)) this.#host.requestUpdate();
  });

  constructor(host: Host) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#observer.observe(this.#host, { childList: true, subtree: true, attributeFilter: ['slot'] });
  }

  hostDisconnected(): void {
    this.#observer.disconnect();
  }
}
