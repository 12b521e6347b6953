// What the visitor asks of the panel (call, call by typing, accept the notice and call, hang up, send a message,
// mute, tap to continue, pick a language), and what the panel then says of it: a page that gave no public-id,
// a message that could not be sent, the text box to focus once a typed call is live.
import type { Lang } from '../i18n/catalogue.ts';
import type { CallAudio } from './call-audio.ts';
import type { CallUiHost, CallUiOptions } from './call-ui-contract.ts';
import type { PanelFocus } from './panel-focus.ts';
import type { PanelLanguage } from './panel-language.ts';
import type { MessageFailure } from './panel/message-form.ts';
import type { BodyActions } from './panel/panel-body.ts';

export interface IntentParts {
  host: CallUiHost;
  options: CallUiOptions;
  focus: PanelFocus;
  language: PanelLanguage;
  audio: () => CallAudio;
}

export class PanelIntents {
  /** Call was pressed but the page gave no public-id. */
  notConfigured = false;
  /** Why the last typed message could not be sent; null when it was. */
  messageFailed: MessageFailure | null = null;
  /** The text box takes the focus once the call is live (a typed call the visitor chose in the panel). */
  #focusMessageWhenLive = false;
  readonly #parts: IntentParts;

  constructor(parts: IntentParts) {
    this.#parts = parts;
  }

  /** A message that was taken could not go out after all: said next to the box, and its text put back there
   *  (unless the visitor already typed another). */
  unsent(text: string): void {
    this.messageFailed = 'unsent';
    const input = this.#parts.focus.messageInput.value;
    if (input && !input.value) input.value = text;
    this.#parts.host.requestUpdate();
  }

  /** The call's state changed. */
  stateChanged(state: string): void {
    if (state === 'connecting') this.messageFailed = null;
    if (state === 'live' && this.#focusMessageWhenLive) this.#parts.focus.focusMessage();
    if (state !== 'connecting') this.#focusMessageWhenLive = false;
  }

  readonly actions: BodyActions = {
    start: () => this.#start({}),
    startTyped: () => {
      this.#focusMessageWhenLive = true;
      this.#start({ microphone: false });
    },
    // Accepts, then calls in the same click (the gesture still counts).
    acceptAndCall: () => {
      this.#parts.options.consent.accept();
      this.#start({});
    },
    end: () => void this.#parts.host.end(),
    send: (text) => {
      try {
        this.#parts.host.sendText(text);
        this.messageFailed = null;
      } catch {
        this.messageFailed = 'refused';
      }
      this.#parts.host.requestUpdate();
      return !this.messageFailed;
    },
    toggleMute: () => (this.#parts.host.muted = !this.#parts.host.muted),
    resume: () => this.#parts.audio().resume(),
    switchMicrophone: (on) => (this.#parts.audio().microphone = on ? 'on' : 'off'),
    chooseLang: (lang: Lang) => {
      this.#parts.language.picked();
      this.#parts.options.chooseLang(lang);
    },
  };

  #start(options: { microphone?: boolean }): void {
    const { host } = this.#parts;
    this.notConfigured = false;
    host.start(options).catch(() => {
      // The only synchronous refusal is a missing public-id: a page set-up problem, said in plain words.
      this.notConfigured = true;
      host.requestUpdate();
    });
  }
}
