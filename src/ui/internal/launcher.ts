import type { AgentInfo } from '../../call/types.ts';
import type { Catalogue } from '../i18n/catalogue.ts';
import type { LauncherStrings } from '../i18n/launcher.ts';

/** What the launcher's name adds during a call: the call's strings, here once its code is. */
export type ActiveLauncherStrings = Pick<Catalogue, 'callInProgress' | 'audioPaused'>;
import { AvatarView } from './avatar.ts';
import { closePath, iconElement, phonePath } from './icon-paths.ts';

export interface LauncherState {
  /** The call's strings (with ActiveLauncherStrings) whenever `active` or `needsTap`. */
  t: LauncherStrings & Partial<ActiveLauncherStrings>;
  /** The agent of this page's last call, or the one remembered from an earlier visit. */
  agent: AgentInfo | null;
  open: boolean;
  /** A call is under way (connecting, live, reconnecting or ending). */
  active: boolean;
  /** The call's code is being loaded after the visitor asked for it: a spinner at once. */
  busy: boolean;
  /** The call's audio waits for the visitor's tap (shown in the panel): a mark and a word in the name. */
  needsTap: boolean;
  /** Covered by the full-screen sheet: out of the tab order and the accessibility tree. */
  inert: boolean;
}

/**
 * The floating round button that opens and closes the panel; shows the agent once known, a ring during a
 * call and a spinner while the call's code loads. Plain DOM: it is on every page that embeds the widget,
 * before the visitor shows any interest, so it carries no template library.
 */
export class Launcher {
  readonly element: HTMLButtonElement;
  readonly #avatar = new AvatarView('large');
  readonly #phone = iconElement(phonePath);
  readonly #closeIcon = iconElement(closePath);
  readonly #spinner = document.createElement('span');
  #face: Node | null = null;

  /** `onInterest` runs when the visitor points at, focuses or presses the launcher (time to load the call). */
  constructor(onToggle: () => void, onInterest: () => void) {
    const button = document.createElement('button');
    button.setAttribute('part', 'launcher');
    button.type = 'button';
    button.setAttribute('aria-controls', 'panel');
    button.addEventListener('click', onToggle);
    for (const type of ['pointerenter', 'pointerdown', 'focus']) button.addEventListener(type, onInterest);
    this.#spinner.className = 'spinner';
    this.#spinner.setAttribute('aria-hidden', 'true');
    this.element = button;
  }

  update({ t, agent, open, active, busy, needsTap, inert }: LauncherState): void {
    const button = this.element;
    let label = active ? `${t.widgetName}, ${t.callInProgress!}` : t.widgetName;
    if (needsTap) label += `, ${t.audioPaused!}`;
    button.setAttribute('aria-label', label);
    button.setAttribute('aria-expanded', String(open));
    button.className = `launcher${active ? ' active' : ''}${busy ? ' busy' : ''}${needsTap ? ' attention' : ''}`;
    button.toggleAttribute('inert', inert);
    if (busy) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    const face = busy ? this.#spinner : open ? this.#closeIcon : agent ? this.#avatar.show(agent.name, agent.avatar) : this.#phone;
    if (face !== this.#face) {
      this.#face = face;
      button.replaceChildren(face);
    }
  }
}
