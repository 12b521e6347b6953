import { html, nothing } from 'lit/html.js';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';
import { type ElementRef, ref } from './element-ref.ts';

/** Longest typed message accepted (far below the service's 512 KB message limit). */
export const MAX_MESSAGE_CHARS = 2000;

/** Why the last message did not go: the call would not take it, or it was lost on its way out. */
export type MessageFailure = 'refused' | 'unsent';

export interface MessageFormProps {
  t: Catalogue;
  /** Said under the box when the last message could not be sent. */
  failed: MessageFailure | null;
  /** Returns false when the message could not be sent (the text then stays in the box). */
  onSend: (text: string) => boolean;
  /** While reconnecting: the box keeps what is typed but cannot send; `hint` says why. */
  disabled?: boolean;
  hint?: string;
  /** Set to the text box (the focus goes there when a call goes on by typing). */
  input: ElementRef<HTMLInputElement>;
}

/** A text box to type instead of speaking; Enter sends. */
export function messageForm({ t, failed, onSend, disabled = false, hint, input: inputRef }: MessageFormProps) {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('message') as HTMLInputElement;
    const text = input.value.trim();
    if (!text || disabled) return;
    if (onSend(text)) input.value = '';
  };
  return html`<form part="message-form" class="message-form" @submit=${submit}>
    <input
      ${ref(inputRef)}
      part="message-input"
      name="message"
      type="text"
      dir="auto"
      autocomplete="off"
      maxlength=${MAX_MESSAGE_CHARS}
      aria-label=${t.message}
      placeholder=${t.messagePlaceholder}
      ?disabled=${disabled}
      aria-invalid=${failed ? 'true' : 'false'}
      aria-describedby=${failed ? 'message-error' : disabled && hint ? 'message-hint' : nothing}
    />
    <button part="send-button" class="icon-button primary send" type="submit" aria-label=${t.send} ?disabled=${disabled}>
      ${icons.send}
    </button>
    ${failed
      ? html`<p id="message-error" class="field-error" role="alert">${failed === 'unsent' ? t.messageUnsent : t.messageNotSent}</p>`
      : nothing}
    ${disabled && hint ? html`<p id="message-hint" class="muted">${hint}</p>` : nothing}
  </form>`;
}
