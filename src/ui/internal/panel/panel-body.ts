// The panel's body for each state of the call: the consent notice or the Call button before a call, the
// spinner while it connects, the transcript, text box and controls while live, the outcome after it.
import { html, nothing, type TemplateResult } from 'lit/html.js';
import { isActive } from '../../../call/state-machine.ts';
import type { Catalogue, ErrorText, Lang } from '../../i18n/catalogue.ts';
import type { Formatter } from '../../i18n/format.ts';
import type { CallAudio } from '../call-audio.ts';
import { icons } from '../icons.ts';
import {
  continueByTypingButton, microphoneHeldNotice, microphoneSwitch, resumeNotice, silentMicNotice, typedCallNotice,
} from './audio-notices.ts';
import type { CallController } from './call-controller.ts';
import { callTimes } from './call-clock.ts';
import { callControls } from './call-controls.ts';
import { consentNotice } from './consent-notice.ts';
import type { DevicePicker } from './device-picker.ts';
import type { ElementRef } from './element-ref.ts';
import { endedPanel } from './ended-panel.ts';
import { errorPanel } from './error-panel.ts';
import { type CallFeedback, canRate, feedbackView } from './feedback.ts';
import { languageSwitcher } from './language-switcher.ts';
import { liveInfo } from './live-info.ts';
import { qualitySign } from './quality-sign.ts';
import { type MessageFailure, messageForm } from './message-form.ts';
import type { TranscriptActions } from './transcript-actions.ts';

/** What the visitor can do from the panel's body. */
export interface BodyActions {
  start: () => void;
  /** "Continue by typing": a call with no microphone. */
  startTyped: () => void;
  acceptAndCall: () => void;
  end: () => void;
  /** Returns false when the message could not be sent. */
  send: (text: string) => boolean;
  toggleMute: () => void;
  /** "Tap to continue": resumes the call's audio in the tap. */
  resume: () => void;
  /** Type instead (`false`) or Talk instead (`true`, in the press: the microphone is asked for there). */
  switchMicrophone: (on: boolean) => void;
  chooseLang: (lang: Lang) => void;
}

export interface BodyProps {
  t: Catalogue;
  format: Formatter;
  call: CallController;
  audio: CallAudio;
  feedback: CallFeedback;
  /** Copy and Download of the conversation. */
  keep: TranscriptActions;
  consentPending: boolean;
  /** Call was pressed but the page gave no public-id. */
  notConfigured: boolean;
  /** The last typed message could not be sent. */
  messageFailed: MessageFailure | null;
  muted: boolean;
  /** Meters stand still while the floating panel is closed. */
  levelsShown: boolean;
  /** The language the switcher shows. */
  wantedLang: Lang;
  errorText: ErrorText | null;
  /** Whole seconds before a retry makes sense. */
  retryWait: number;
  transcript: TemplateResult | typeof nothing;
  /** The previous page's call is offered (before a call): the transcript shows it, and one button continues it,
   *  typed if it went on typed. */
  offered: 'voice' | 'typed' | null;
  devices: DevicePicker;
  refs: { messageInput: ElementRef<HTMLInputElement>; inputMeter: ElementRef };
  on: BodyActions;
}

export function panelBody(props: BodyProps) {
  const { t, format, call, audio, on, transcript } = props;
  const { state, error, ended } = call;
  const switcher = languageSwitcher(props.wantedLang, on.chooseLang);
  // Before any call, and after one when the notice is to be accepted again (forget(), another agent).
  if (!isActive(state) && props.consentPending) return consentNotice(t, on.acceptAndCall);
  switch (state) {
    case 'idle':
      if (props.offered) {
        return html`<p part="continue-offer" class="muted">${t.continueOffer}</p>
          ${transcript}
          <button part="call-button continue-button" class="primary wide" type="button" data-primary
            @click=${props.offered === 'typed' ? on.startTyped : on.start}>
            ${icons.phone}<span>${t.continueCall}</span>
          </button>`;
      }
      return html`<div part="intro" class="intro">
          <p>${t.intro}</p>
          <p class="muted">${t.micNotice}</p>
          ${props.notConfigured ? html`<p class="field-error" role="alert">${t.notConfigured}</p>` : nothing}
        </div>
        <button part="call-button" class="primary wide" type="button" data-primary @click=${on.start}>
          ${icons.phone}<span>${t.call}</span>
        </button>
        ${switcher}`;
    case 'connecting':
      return html`<div class="connecting">
          <span class="spinner" aria-hidden="true"></span>
          <p class="muted">${t.micNotice}</p>
        </div>
        <button part="cancel-button" class="secondary wide" type="button" data-primary @click=${on.end}>${t.cancel}</button>`;
    case 'live':
    case 'reconnecting': {
      // One template for both, so what the visitor was typing survives the drop.
      const reconnecting = state === 'reconnecting';
      const { ready, liveSince, tool } = call;
      const microphone = call.session.microphone;
      // A silent microphone outranks a held one: a source muted at the system (a switch, a level at zero) shows as both.
      const silent = microphone && audio.microphoneSilent && !props.muted && !reconnecting;
      return html`${audio.needsTap ? resumeNotice(t.notices, on.resume) : nothing}
        ${reconnecting || !ready || liveSince === null
          ? nothing
          : liveInfo(callTimes(liveSince, ready.maxSeconds, Date.now()), tool, t, format)}
        ${call.offline
          ? html`<p part="offline-notice" class="line-notice" role="status">${t.offline}</p>`
          : qualitySign(t, call.quality, reconnecting)}
        ${microphone
          ? silent ? silentMicNotice(t.notices) : audio.microphoneHeld ? microphoneHeldNotice(t.notices) : nothing
          : typedCallNotice(t.notices, audio.microphoneLost, audio.microphoneRefused && t.errors[audio.microphoneRefused])}
        ${transcript}
        ${messageForm({
          t,
          failed: props.messageFailed,
          onSend: on.send,
          disabled: reconnecting,
          hint: t.messageWaitsForLine,
          input: props.refs.messageInput,
        })}
        ${callControls({
          t,
          muted: props.muted,
          switch: microphoneSwitch(t.notices, microphone, () => on.switchMicrophone(!microphone)),
          inputLevel: props.levelsShown ? call.inputLevel : 0,
          inputMeter: props.refs.inputMeter,
          onToggleMute: on.toggleMute,
          onEnd: on.end,
        })}
        ${props.devices.render(t, silent)}`;
    }
    case 'ending':
      return transcript;
    case 'ended':
      return html`${ended ? endedPanel(ended, t, format, on.start) : nothing}
        ${canRate(ended) ? feedbackView(t, props.feedback, ended) : nothing} ${props.keep.render(t, false)} ${transcript}
        ${switcher}`;
    case 'error':
      return html`${error && props.errorText
          ? errorPanel({ error, text: props.errorText, waitSeconds: props.retryWait, t, format, onRetry: on.start })
          : nothing}
        ${error?.code === 'MIC_DENIED' || error?.code === 'MIC_UNAVAILABLE'
          ? continueByTypingButton(t.notices, on.startTyped)
          : nothing}
        ${props.keep.render(t, false)} ${transcript} ${switcher}`;
  }
}
