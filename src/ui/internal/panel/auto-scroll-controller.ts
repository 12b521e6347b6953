import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom (px) still counts as "following the conversation". */
const STICKY_PX = 24;

/**
 * Keeps a scrolling list at its newest entry while the visitor follows it, and stops as soon as they
 * scroll up to read; scrolling back to the bottom (or `jumpToLatest()`) resumes following.
 */
export class AutoScrollController implements ReactiveController {
  /** True while the view follows the newest entry. */
  following = true;
  #element: HTMLElement | null = null;
  #pending = true;
  /** The list shrinks when a notice or the device picker opens beside it: the newest entry stays in view. */
  readonly #resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.#resized()) : null;
  /** The list's height when last seen: a scroll that comes with a new height is the browser's, not the visitor's. */
  #height = 0;

  /** `list` finds the scrolling list after each update of the host (null while there is none). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly list: () => Element | null,
  ) {
    host.addController(this);
  }

  #attach(element: Element | null): void {
    if (element === this.#element) return;
    this.#element?.removeEventListener('scroll', this.#onScroll);
    this.#resizes?.disconnect();
    this.#element = element instanceof HTMLElement ? element : null;
    this.#element?.addEventListener('scroll', this.#onScroll, { passive: true });
    if (this.#element) this.#resizes?.observe(this.#element);
    this.#stick();
  }

  /** Call when the list's content changed; the next update keeps the newest entry in view. */
  changed(): void {
    this.#pending = true;
  }

  hostUpdated(): void {
    this.#attach(this.list());
    // Only after a change of content: reading scrollHeight forces a layout, and the host also updates for the
    // clock and the meters' speaker flag.
    if (!this.#pending) return;
    this.#pending = false;
    this.#stick();
  }

  jumpToLatest(): void {
    this.following = true;
    this.#stick();
    this.host.requestUpdate();
  }

  /** A new conversation starts at the bottom again. */
  reset(): void {
    this.following = true;
  }

  #stick(): void {
    if (this.following && this.#element) this.#element.scrollTop = this.#element.scrollHeight;
  }

  #resized(): void {
    this.#height = this.#element?.clientHeight ?? 0;
    this.#stick();
  }

  readonly #onScroll = (): void => {
    const el = this.#element;
    if (!el) return;
    if (el.clientHeight !== this.#height) return this.#resized();
    const following = el.scrollHeight - el.scrollTop - el.clientHeight <= STICKY_PX;
    if (following !== this.following) {
      this.following = following;
      this.host.requestUpdate();
    }
  };
}
