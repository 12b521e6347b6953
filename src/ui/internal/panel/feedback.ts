// The visitor's thumbs up or down after a call, sent to the page as `voice-agent-feedback`
// {rating, conversationId}: the widget stores nothing and sends nothing to the service; the host decides.
import type { ReactiveControllerHost } from 'lit';
import { html, nothing, svg } from 'lit/html.js';
import type { EndedDetail } from '../../../call/types.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { emit } from '../emit.ts';

import type { FeedbackDetail } from '../../voice-agent-events.ts';

export type Rating = FeedbackDetail['rating'];

const thumb = (down: boolean) =>
  svg`<svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"
    fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"
    transform=${down ? 'rotate(180)' : nothing}><path d="M7 10v11H3V10h4zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8a2 2 0 0 1-2 1.7H7"/></svg>`;

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
  const pressed = (value: Rating) => (rating === value ? 'true' : 'false');
  const inert = rating ? 'true' : nothing;
  return html`<div part="feedback" class="feedback" role="group" aria-labelledby="feedback-question">
    <p id="feedback-question" class="feedback-question">${t.feedbackQuestion}</p>
    <div class="feedback-buttons">
      <button
        part="feedback-button feedback-up"
        class="secondary"
        type="button"
        aria-pressed=${pressed('up')}
        aria-disabled=${inert}
        @click=${() => feedback.rate(ended.conversationId, 'up')}
      >
        ${thumb(false)}<span>${t.feedbackUp}</span>
      </button>
      <button
        part="feedback-button feedback-down"
        class="secondary"
        type="button"
        aria-pressed=${pressed('down')}
        aria-disabled=${inert}
        @click=${() => feedback.rate(ended.conversationId, 'down')}
      >
        ${thumb(true)}<span>${t.feedbackDown}</span>
      </button>
    </div>
    <p class="muted feedback-thanks" aria-live="polite">${rating ? t.feedbackThanks : ''}</p>
  </div>`;
}
