import { html, nothing } from 'lit/html.js';
import type { EndedDetail } from '../../../call/types.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { END_REASONS, type EndReason } from '../../i18n/end-reasons.ts';
import type { Formatter } from '../../i18n/format.ts';
import { icons } from '../icons.ts';

const isEndReason = (reason: string): reason is EndReason => (END_REASONS as readonly string[]).includes(reason);

/** The end reason in words, or null for a reason the widget has no words for (one the service may add later):
 *  the status line's "Call ended" is then the whole story, rather than a second sentence saying the same. */
export function endReasonText(reason: string, t: Catalogue): string | null {
  return isEndReason(reason) ? t.endReasons[reason] : null;
}

export function endedPanel(ended: EndedDetail, t: Catalogue, format: Formatter, onCallAgain: () => void) {
  const reason = endReasonText(ended.reason, t);
  return html`<div part="ended" class="notice ended">
    ${reason === null ? nothing : html`<p class="notice-title">${reason}</p>`}
    <p>${t.duration(format.duration(ended.durationSeconds))}</p>
    <button part="call-button" class="primary wide" type="button" data-primary @click=${onCallAgain}>
      ${icons.phone}<span>${t.callAgain}</span>
    </button>
  </div>`;
}
