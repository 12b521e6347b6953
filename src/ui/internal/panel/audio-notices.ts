// The panel's word on the call's audio: "Tap to continue" while the browser holds the audio until a gesture,
// the microphone held by the system or sending only silence, the notice of a typed call (chosen, or after the
// microphone went away), "Continue by typing", and Type instead / Talk instead beside Mute.
import { html } from 'lit/html.js';
import type { AudioNoticeStrings } from '../../i18n/audio-notices.ts';
import type { ErrorText } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';

/** A button the visitor taps so the browser lets the call's audio run again (the tap is the gesture). */
export function resumeNotice(s: AudioNoticeStrings, onTap: () => void) {
  return html`<div part="resume-notice" class="notice resume-notice" role="alert">
    <p>${s.audioPaused}</p>
    <button part="resume-button" class="primary wide" type="button" @click=${onTap}>${s.tapToContinue}</button>
  </div>`;
}

/** Said once at the top of a call that goes on without a microphone: chosen, lost mid-call, or refused once the
 *  call's line was open (`refused`: the refusal's own words first). */
export function typedCallNotice(s: AudioNoticeStrings, microphoneLost: boolean, refused?: ErrorText | null) {
  return html`<p part="typed-notice" class="muted typed-notice" role="status">
    ${refused ? `${refused.title}. ${refused.body} ${s.typedCall}` : microphoneLost ? s.micLost : s.typedCall}
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

/** While the microphone sends only digital silence though its track is fine (a mute switch, a wrong device, an
 *  input level at zero): the device picker opens below it, and Type instead is beside Mute. */
export function silentMicNotice(s: AudioNoticeStrings) {
  return html`<p part="silent-mic-notice" class="line-notice" role="status">${s.silentMic}</p>`;
}

/** Type instead (`on`: the call has a microphone, and lets it go) or Talk instead (a typed call takes one): one
 *  press, beside Mute. */
export function microphoneSwitch(s: AudioNoticeStrings, on: boolean, onSwitch: () => void) {
  return html`<button part=${on ? 'microphone-off-button' : 'microphone-on-button'} class="secondary" type="button" @click=${onSwitch}>
    ${on ? icons.micOff : icons.mic}<span>${on ? s.typeInstead : s.talkInstead}</span>
  </button>`;
}
