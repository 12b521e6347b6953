import { html, nothing } from 'lit/html.js';
import { isErrorCode } from '../../../call/errors.ts';
import type { ErrorDetail } from '../../../call/types.ts';
import type { Catalogue, ErrorText } from '../../i18n/catalogue.ts';
import type { Formatter } from '../../i18n/format.ts';

/** What the visitor can do about an error: call again now, after a wait, later (no figure), or nothing. */
export type RetryAction = 'now' | 'wait' | 'later' | 'none';

export function retryAction(error: ErrorDetail, waitSeconds: number): RetryAction {
  if (!error.retryable) return 'none';
  if (error.retryLater) return 'later';
  return waitSeconds > 0 ? 'wait' : 'now';
}

/** The human text for an error code in the visitor's language. The service's own wording is never shown. */
export function errorText(error: ErrorDetail, t: Catalogue): ErrorText {
  return isErrorCode(error.code) && error.code !== 'LOAD_FAILED' ? t.errors[error.code] : t.unknownError;
}

export interface ErrorPanelProps {
  error: ErrorDetail;
  /** The words to show, when not the code's own (a microphone the embedding page forbids). */
  text?: ErrorText;
  /** Whole seconds before a retry makes sense (0 = now). */
  waitSeconds: number;
  t: Catalogue;
  format: Formatter;
  onRetry: () => void;
}

/**
 * One message per error code with the right action. While a retry must wait, the button stays focusable
 * (aria-disabled) and counts down visibly; its accessible name stays "Try again", so a screen reader does not
 * read the countdown out every second (the wait is announced once by the status region).
 */
export function errorPanel({ error, text: givenText, waitSeconds, t, format, onRetry }: ErrorPanelProps) {
  const text = givenText ?? errorText(error, t);
  const action = retryAction(error, waitSeconds);
  return html`<div part="error" class="notice error" data-code=${error.code}>
    <h3 class="notice-title">${text.title}</h3>
    <p>${text.body}</p>
    ${action === 'none'
      ? nothing
      : html`<button
          part="retry-button"
          class="primary wide"
          type="button"
          data-primary
          aria-disabled=${action === 'wait' || action === 'later' ? 'true' : 'false'}
          @click=${() => action === 'now' && onRetry()}
        >
          ${action === 'wait'
            ? html`<span class="visually-hidden">${t.retry}</span
                ><span class="countdown" aria-hidden="true">${t.retryIn(format.duration(waitSeconds))}</span>`
            : action === 'later'
              ? t.retryLater
              : t.retry}
        </button>`}
  </div>`;
}
