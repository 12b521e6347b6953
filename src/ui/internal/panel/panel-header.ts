// The panel's header: the agent's face and name (the panel's heading), the status line with the agent voice's
// meter while live, a menu during a call (Copy and Download), and the floating panel's close button.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import type { AgentInfo, CallState } from '../../../call/types.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import type { AvatarView } from '../avatar.ts';
import { icons } from '../icons.ts';
import type { Activity } from './activity.ts';

export interface HeaderProps {
  t: Catalogue;
  /** The agent of this page's latest call, else the one remembered; null before any is known. */
  agent: AgentInfo | null;
  /** The agent's name as shown (the name, or the catalogue's word for an unnamed assistant). */
  agentName: string;
  avatar: AvatarView;
  state: CallState;
  activity: Activity;
  /** The status line's words. */
  line: string;
  /** The agent voice's meter (while live). */
  meter: TemplateResult | typeof nothing;
  /** A small menu before the close button (Copy and Download during a call). */
  menu: unknown;
  floating: boolean;
  onClose: () => void;
}

export function panelHeader({ t, agent, agentName, avatar, state, activity, line, meter, menu, floating, onClose }: HeaderProps) {
  return html`<header part="header" class="header">
    ${avatar.show(agent ? agentName : undefined, agent?.avatar)}
    <div class="heading">
      <h2 id="agent-name" part="agent-name">${agent ? agentName : t.widgetName}</h2>
      <p part="status" class="status" data-activity=${state === 'live' ? activity : nothing}>${meter}<span>${line}</span></p>
    </div>
    ${menu}
    ${floating
      ? html`<button part="close-button" class="icon-button ghost" type="button" aria-label=${t.close} @click=${onClose}>
          ${icons.close}
        </button>`
      : nothing}
  </header>`;
}
