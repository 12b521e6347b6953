// The visitor's thumbs up or down after a call, sent to the page as `voice-agent-feedback`
// {rating, conversationId}: the widget stores nothing and sends nothing to the service; the host decides.
import type { ReactiveControllerHost } from 'lit';
import { html, nothing } from 'lit/html.js';
import type { EndedDetail } from '../../../call/types.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { emit } from '../emit.ts';
import { icons } from '../icons.ts';

import type { FeedbackDetail } from '../../voice-agent-events.ts';

export type Rating = FeedbackDetail['rating'];

/** One rating per conversation: the first choice is sent, later presses change nothing. */
export class CallFeedback {
  #given: FeedbackDetail | null = null;
  readonly #host: ReactiveControllerHost & HTMLElement;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
  }

  /** A new call: the next ending asks again. */
  reset(): void {
    this.#given = null;
  }

  ratingFor(conversationId: string): Rating | null {
    return this.#given?.conversationId === conversationId ? this.#given.rating : null;
  }

  rate(conversationId: string, rating: Rating): void {
    if (this.ratingFor(conversationId)) return;
    this.#given = { rating, conversationId };
    emit<FeedbackDetail>(this.#host, 'voice-agent-feedback', { rating, conversationId });
    this.#host.requestUpdate();
  }
}

/** Whether a call that ended this way is worth rating: it was answered (a conversation exists). */
export function canRate(ended: EndedDetail | null): ended is EndedDetail & { conversationId: string } {
  return !!ended && !!ended.conversationId && ended.reason !== 'cancelled';
}

/** "How was this call?" with two toggle buttons; after a choice, the chosen one stays pressed, both are
 *  inert (aria-disabled, so focus stays on them) and a polite live region thanks the visitor. */
export function feedbackView(t: Catalogue, feedback: CallFeedback, ended: { conversationId: string }) {
  const rating = feedback.ratingFor(ended.conversationId);
  const inert = rating ? 'true' : nothing;
  const button = (value: Rating, label: string) => html`<button
        part="feedback-button feedback-${value}"
        class="secondary"
        type="button"
        aria-pressed=${rating === value ? 'true' : 'false'}
        aria-disabled=${inert}
        @click=${() => feedback.rate(ended.conversationId, value)}
      >
        ${value === 'up' ? icons.thumbUp : icons.thumbDown}<span>${label}</span>
      </button>`;
  return html`<div part="feedback" class="feedback" role="group" aria-labelledby="feedback-question">
    <p id="feedback-question" class="feedback-question">${t.feedbackQuestion}</p>
    <div class="feedback-buttons">
      ${button('up', t.feedbackUp)}
      ${button('down', t.feedbackDown)}
    </div>
    <p class="muted feedback-thanks" aria-live="polite">${rating ? t.feedbackThanks : ''}</p>
  </div>`;
}
