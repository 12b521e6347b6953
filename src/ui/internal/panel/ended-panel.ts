import { html } from 'lit/html.js';
import type { EndedDetail } from '../../../call/types.ts';
import type { Catalogue } from '../../i18n/index.ts';
import type { Formatter } from '../../i18n/format.ts';
import { icons } from '../icons.ts';

/** The end reason in words. Reasons the service may add later read as a plain "the call is over". */
export function endReasonText(reason: string, t: Catalogue): string {
  const reasons = t.endReasons;
  switch (reason) {
    case 'caller_hangup':
    case 'agent_ended':
    case 'cancelled':
      return reasons[reason];
    default:
      return reasons.other;
  }
}

export function endedPanel(ended: EndedDetail, t: Catalogue, format: Formatter, onCallAgain: () => void) {
  return html`<div part="ended" class="notice ended">
    <p class="notice-title">${endReasonText(ended.reason, t)}</p>
    <p>${t.duration(format.duration(ended.durationSeconds))}</p>
    <button part="call-button" class="primary wide" type="button" data-primary @click=${onCallAgain}>
      ${icons.phone}<span>${t.callAgain}</span>
    </button>
  </div>`;
}
