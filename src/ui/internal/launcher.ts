import { html } from 'lit';
import type { AgentInfo } from '../../call/types.ts';
import type { LauncherStrings } from '../i18n/launcher.ts';
import { avatarView } from './avatar.ts';
import { icons } from './icons.ts';

export interface LauncherProps {
  t: LauncherStrings;
  agent: AgentInfo | null;
  open: boolean;
  /** A call is under way (connecting, live or ending). */
  active: boolean;
  /** Covered by the full-screen sheet: out of the tab order and the accessibility tree. */
  inert: boolean;
  onToggle: () => void;
}

/** The floating button that opens and closes the panel; shows the agent once known and a ring during a call. */
export function launcher({ t, agent, open, active, inert, onToggle }: LauncherProps) {
  const label = active ? `${t.widgetName}, ${t.callInProgress}` : t.widgetName;
  return html`<button
    part="launcher"
    class="launcher ${active ? 'active' : ''}"
    type="button"
    aria-label=${label}
    aria-expanded=${open ? 'true' : 'false'}
    aria-controls="panel"
    ?inert=${inert}
    @click=${onToggle}
  >
    ${open ? icons.close : agent ? avatarView(agent.name, agent.avatar, 'large') : icons.phone}
  </button>`;
}
