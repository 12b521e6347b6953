import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Phones in portrait (narrow) and in landscape (short), and desktops zoomed to 200% or more. */
export const SHEET_MEDIA = '(max-width: 480px), (max-height: 480px)';

/**
 * Whether the floating panel is a full-screen sheet (a modal) rather than a card in a corner. While the
 * sheet is open it follows the visual viewport, so an on-screen keyboard never covers the panel's bottom:
 * `--_vv-top` and `--_vv-height` are set on `target()` (through the CSSOM, which a page's CSP allows).
 */
export class SheetController implements ReactiveController {
  /** True while the viewport is phone-sized. */
  sheet = false;
  #media: MediaQueryList | null = null;
  #viewport: VisualViewport | null = null;
  readonly #showing: () => boolean;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Whether a floating panel is open now. */
    showing: () => boolean,
    private readonly target: () => HTMLElement | null,
  ) {
    this.#showing = showing;
    host.addController(this);
  }

  hostConnected(): void {
    this.#media = matchMedia(SHEET_MEDIA);
    this.sheet = this.#media.matches;
    this.#media.addEventListener('change', this.#onMediaChange);
  }

  hostDisconnected(): void {
    this.#media?.removeEventListener('change', this.#onMediaChange);
    this.#media = null;
    this.#unfollow();
  }

  hostUpdated(): void {
    if (this.sheet && this.#showing()) this.#follow();
    else this.#unfollow();
  }

  readonly #onMediaChange = (event: MediaQueryListEvent): void => {
    this.sheet = event.matches;
    this.host.requestUpdate();
  };

  #follow(): void {
    const viewport = globalThis.visualViewport ?? null;
    if (viewport === this.#viewport) return this.#place();
    this.#unfollow();
    this.#viewport = viewport;
    viewport?.addEventListener('resize', this.#place);
    viewport?.addEventListener('scroll', this.#place);
    this.#place();
  }

  #unfollow(): void {
    this.#viewport?.removeEventListener('resize', this.#place);
    this.#viewport?.removeEventListener('scroll', this.#place);
    this.#viewport = null;
    const style = this.target()?.style;
    style?.removeProperty('--_vv-top');
    style?.removeProperty('--_vv-height');
  }

  readonly #place = (): void => {
    const style = this.target()?.style;
    if (!style || !this.#viewport) return;
    style.setProperty('--_vv-top', `${this.#viewport.offsetTop}px`);
    style.setProperty('--_vv-height', `${this.#viewport.height}px`);
  };
}
