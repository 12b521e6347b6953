// The element's own DOM, drawn by hand (no template library before the call's code is loaded): the wrapper
// that carries `dir` and `lang`, the floating launcher, the place the call UI renders into, the inline panel's
// placeholder and the message for a call whose code could not be downloaded.
import { Launcher, type LauncherState } from './launcher.ts';

export interface ShellState {
  t: LauncherState['t'];
  lang: string;
  floating: boolean;
  placement: 'start' | 'end';
  /** The open floating panel is a full-screen sheet. */
  sheet: boolean;
  launcher: Omit<LauncherState, 't'>;
  /** The call UI is loaded (it draws the panel). */
  loaded: boolean;
  /** Show that the call's code could not be loaded; `forbidden`: the page's policy forbids it (no retry). */
  loadFailed: boolean | 'forbidden';
}

export interface ShellActions {
  toggle: () => void;
  interest: () => void;
  retry: () => void;
  keydown: (event: KeyboardEvent) => void;
}

export class Shell {
  readonly base = document.createElement('div');
  readonly launcher: Launcher;
  /** Where the call UI renders its panel and live regions. */
  readonly panel = document.createElement('div');
  readonly #placeholder = document.createElement('div');
  readonly #failure = document.createElement('div');
  readonly #failureText = document.createElement('p');
  readonly retryButton = document.createElement('button');

  constructor(root: ShadowRoot, actions: ShellActions) {
    const { base, panel, retryButton } = this;
    const placeholder = this.#placeholder;
    const failure = this.#failure;
    base.setAttribute('part', 'base');
    base.addEventListener('keydown', actions.keydown);
    this.launcher = new Launcher(actions.toggle, actions.interest);
    panel.className = 'call-ui';
    placeholder.setAttribute('part', 'placeholder');
    placeholder.className = 'placeholder';
    failure.setAttribute('part', 'load-error');
    failure.className = 'load-error';
    failure.setAttribute('role', 'alert');
    retryButton.type = 'button';
    retryButton.setAttribute('part', 'reload-button');
    retryButton.className = 'retry';
    retryButton.addEventListener('click', actions.retry);
    failure.append(this.#failureText, retryButton);
    base.append(placeholder, failure, panel);
    root.append(base);
  }

  update({ t, lang, floating, placement, sheet, launcher, loaded, loadFailed }: ShellState): void {
    const { base } = this;
    base.className = `base ${floating ? 'floating' : 'inline'} placement-${placement}${sheet ? ' sheet' : ''}`;
    base.dir = t.dir;
    base.lang = lang;
    if (floating) {
      this.launcher.update({ t, ...launcher });
      if (!this.launcher.element.isConnected) base.prepend(this.launcher.element);
    } else {
      this.launcher.element.remove();
    }
    this.#placeholder.hidden = floating || loaded;
    this.#failure.hidden = !loadFailed;
    this.#failureText.textContent = loadFailed === 'forbidden' ? t.pageForbids : t.loadFailed;
    this.retryButton.textContent = t.tryAgain;
    this.retryButton.hidden = loadFailed === 'forbidden';
  }
}
