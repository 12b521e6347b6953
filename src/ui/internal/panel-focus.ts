// Where the focus goes in the panel: to its main action when it opens, back into it when a state change
// replaces the control that held it, to the text box when a call goes on by typing, round inside it while
// it is a modal sheet, and to the launcher when the floating panel closes with the focus inside it (Escape,
// the close button, hide()).
import type { ReactiveController } from 'lit';
import type { CallUiHost } from './call-ui-contract.ts';
import { wrapFocus } from './focus-trap.ts';
import { ElementRef } from './panel/element-ref.ts';

export class PanelFocus implements ReactiveController {
  readonly panel = new ElementRef();
  readonly messageInput = new ElementRef<HTMLInputElement>();
  readonly #host: CallUiHost;
  readonly #rendered: () => Promise<unknown>;
  /** The floating panel is closing with the focus inside it: the launcher takes it once the panel is hidden. */
  #toLauncher = false;
  /** The focus went to the panel itself for want of a main action: the first one rendered takes it (a state's
   *  controls may come with the call's next message: `ended`'s Call again after the state). */
  #parked = false;

  /** `rendered` resolves once the host's DOM is up to date. */
  constructor(host: CallUiHost, rendered: () => Promise<unknown>) {
    this.#host = host;
    this.#rendered = rendered;
    host.addController(this);
  }

  hostUpdate(): void {
    this.#toLauncher = this.#host.layout !== 'inline' && !this.#host.open && this.hasFocus;
  }

  hostUpdated(): void {
    if (this.#toLauncher) this.#host.shadowRoot?.querySelector<HTMLElement>('[part="launcher"]')?.focus();
    this.#toLauncher = false;
    if (this.#parked && this.#host.shadowRoot?.activeElement === this.panel.value) this.#primary()?.focus();
    this.#parked &&= this.#host.shadowRoot?.activeElement === this.panel.value;
  }

  /** Focus goes to the panel's main action when it has one, else to the panel itself. */
  focusPanel(): void {
    const primary = this.#primary();
    (primary ?? this.panel.value)?.focus();
    this.#parked = !primary;
  }

  #primary(): HTMLElement | null {
    return this.panel.value?.querySelector<HTMLElement>('[data-primary]:not([aria-disabled="true"])') ?? null;
  }

  /** Whether the focus is inside the panel. */
  get hasFocus(): boolean {
    const active = this.#host.shadowRoot?.activeElement;
    return !!active && !!this.panel.value?.contains(active);
  }

  /** Keeps Tab inside the panel while it is a modal sheet. */
  keepIn(event: KeyboardEvent): void {
    const root = this.#host.shadowRoot;
    const panel = this.panel.value;
    if (root && panel) wrapFocus(event, panel, root);
  }

  /** A state change replaces the panel's controls: focus that was on one of them (or on the panel) moves to
   *  the new main action, or the panel, instead of falling back to the page. */
  stayInPanel(): void {
    if (!this.hasFocus) return;
    void this.#rendered().then(() => {
      const active = this.#host.shadowRoot?.activeElement;
      if (!active || active === this.panel.value) this.focusPanel();
    });
  }

  /** Focus to the text box (a call that goes on by typing), once it is rendered. */
  focusMessage(): void {
    void this.#rendered().then(() => {
      const input = this.messageInput.value;
      if (input && !input.disabled) input.focus();
    });
  }
}
