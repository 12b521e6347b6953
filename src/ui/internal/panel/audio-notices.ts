// The panel's word on the call's audio: "Tap to continue" while the browser holds the audio until a gesture,
// the microphone held by the system, the notice of a typed call (chosen, or after the microphone went away),
// and "Continue by typing".
import { html } from 'lit/html.js';
import type { AudioNoticeStrings } from '../../i18n/audio-notices.ts';

/** A button the visitor taps so the browser lets the call's audio run again (the tap is the gesture). */
export function resumeNotice(s: AudioNoticeStrings, onTap: () => void) {
  return html`<div part="resume-notice" class="notice resume-notice" role="alert">
    <p>${s.audioPaused}</p>
    <button part="resume-button" class="primary wide" type="button" @click=${onTap}>${s.tapToContinue}</button>
  </div>`;
}

/** Said once at the top of a call that goes on without a microphone. */
export function typedCallNotice(s: AudioNoticeStrings, microphoneLost: boolean) {
  return html`<p part="typed-notice" class="muted typed-notice" role="status">
    ${microphoneLost ? s.micLost : s.typedCall}
  </p>`;
}

/** While the system holds the microphone (a phone call, another app): the agent hears nothing meanwhile. */
export function microphoneHeldNotice(s: AudioNoticeStrings) {
  return html`<p part="microphone-held-notice" class="line-notice" role="status">${s.micHeld}</p>`;
}

/** Offered where a voice call cannot start for want of a microphone. */
export function continueByTypingButton(s: AudioNoticeStrings, onClick: () => void) {
  return html`<button part="type-instead-button" class="secondary wide" type="button" @click=${onClick}>
    ${s.continueByTyping}
  </button>`;
}
