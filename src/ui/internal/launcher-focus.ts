// The floating launcher and its panel: the launcher opens and closes the panel, and the focus follows into
// the panel when it opens (back to the launcher when it closes: PanelFocus, with the panel's code). Escape
// closes the floating panel, and Tab stays inside it while it is a modal sheet.
import type { CallUi } from './call-ui.ts';
import type { Shell } from './shell.ts';

/** The element (its `open` and `layout`) and the parts the focus moves between. */
export interface LauncherFocusHost {
  element: HTMLElement & { open: boolean; readonly layout: string };
  ui(): CallUi | null;
  load(): Promise<CallUi>;
  /** Resolves once the element's DOM is up to date. */
  rendered(): Promise<unknown>;
  /** The element's own DOM: the launcher, and the "Try again" button of a failed download. */
  shell(): Shell | null;
}

export class LauncherFocus {
  readonly #host: LauncherFocusHost;

  constructor(host: LauncherFocusHost) {
    this.#host = host;
  }

  /** The visitor pressed the launcher. */
  readonly toggle = async (): Promise<void> => {
    const { element, ui, load, rendered } = this.#host;
    // The browser held the call's audio until a tap (the launcher says so): this tap resumes it.
    if (ui()?.audio.needsTap) ui()!.audio.resume();
    element.open = !element.open;
    if (!element.open) return;
    const loaded = await load().catch(() => null);
    await rendered();
    if (element.open) loaded?.focus.focusPanel();
  };

  readonly close = (): void => {
    this.#host.element.open = false;
  };

  readonly keydown = (event: KeyboardEvent): void => {
    const { open, layout } = this.#host.element;
    const floating = layout !== 'inline';
    const ui = this.#host.ui();
    if (event.key === 'Tab' && floating && open && ui?.sheet) return ui.focus.keepIn(event);
    if (event.key !== 'Escape' || !floating || !open) return;
    event.stopPropagation();
    this.close();
  };

  /** Runs `retry` (a failed download asked for again); the Try again button is hidden once the code is here,
   *  so the focus it held moves into the panel, not to the page. */
  keepThroughRetry(retry: () => void): void {
    const host = this.#host;
    const root = host.element.shadowRoot;
    const reload = host.shell()?.retryButton;
    const hadFocus = !!root && root.activeElement === reload;
    retry();
    if (!hadFocus) return;
    void host
      .load()
      .then(() => host.rendered())
      .then(() => {
        const active = root.activeElement;
        if (!active || active === reload) host.ui()?.focus.focusPanel();
      }, () => undefined);
  }
}
