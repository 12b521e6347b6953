// The boundary between <voice-agent>'s small public element and everything a call needs: the call session,
// the audio engine, the panel's views and styles (each language's strings are a chunk of their own, handed
// in by the element). The element reaches all of it through one `CallUi` instance; nothing else under
// internal/panel/ is imported by the element.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { html, nothing, render } from 'lit/html.js';
import type { PlaybackStatus } from '../../audio/audio-engine.ts';
import type { SessionStats } from '../../call/session.ts';
import { isActive } from '../../call/state-machine.ts';
import type { AgentInfo, CallState } from '../../call/types.ts';
import { isolate, shortened, Formatter } from '../i18n/format.ts';
import type { AudioNoticeStrings } from '../i18n/audio-notices.ts';
import type { Catalogue, ErrorText, Lang } from '../i18n/catalogue.ts';
import type { ErrorDetail } from '../../call/types.ts';
import { AvatarView } from './avatar.ts';
import { callUiStyles } from './call-ui.styles.ts';
import { adoptStyles } from './css-text.ts';
import type { ConsentGate } from './consent.ts';
import { wrapFocus } from './focus-trap.ts';
import { icons } from './icons.ts';
import { microphoneForbiddenByPage } from './microphone-policy.ts';
import { PageRestoreController } from './page-restore-controller.ts';
import { SheetController } from './sheet-controller.ts';
import { activityOf } from './panel/activity.ts';
import { continueByTypingButton, microphoneHeldNotice, resumeNotice, typedCallNotice } from './panel/audio-notices.ts';
import { AutoScrollController } from './panel/auto-scroll-controller.ts';
import { type BrowserAudio, type BrowserAudioOptions, createBrowserAudio } from './panel/browser-audio.ts';
import { type AudioFactory, CallController } from './panel/call-controller.ts';
import { WARNING_SECONDS, callTimes, retryWaitSeconds } from './panel/call-clock.ts';
import { callControls } from './panel/call-controls.ts';
import { consentNotice } from './panel/consent-notice.ts';
import { DevicePicker } from './panel/device-picker.ts';
import { endedPanel, endReasonText } from './panel/ended-panel.ts';
import { errorPanel, errorText, retryAction } from './panel/error-panel.ts';
import { CallFeedback, canRate, feedbackView } from './panel/feedback.ts';
import { levelMeter, loudness, paintMeter } from './panel/level-meter.ts';
import { liveInfo } from './panel/live-info.ts';
import { messageForm } from './panel/message-form.ts';
import { TickerController } from './panel/ticker-controller.ts';
import { languageSwitcher } from './panel/language-switcher.ts';
import { finalTurnsAnnouncer, transcriptView } from './panel/transcript.ts';
import { WakeLockController } from './panel/wake-lock-controller.ts';

export type { AudioFactory };

/** The agent's name in the line under the heading: two lines at 320 px with what the agent is doing. */
const STATUS_NAME_CHARS = 24;

/** What the call UI needs from the element that holds it. */
export interface CallUiHost extends ReactiveControllerHost, HTMLElement {
  /** Starts a call the way the page's `start()` does (the panel's Call buttons use it). */
  start(options?: { microphone?: boolean }): Promise<void>;
  end(): Promise<void>;
  sendText(text: string): void;
  muted: boolean;
  inputDeviceId: string;
  outputDeviceId: string;
  /** Whether the floating panel is open (the sheet follows the visual viewport only then). */
  readonly open: boolean;
  readonly layout: string;
}

/** What the element gives the call UI when it loads it. */
export interface CallUiOptions {
  createAudio: AudioFactory;
  /** The owner's consent notice: the panel shows it, and its button accepts and calls. */
  consent: ConsentGate;
  /** The agent remembered from an earlier visit, shown until this page's first call says who answers. */
  knownAgent: () => AgentInfo | null;
  /** The element's wrapper (the sheet sets the visual viewport's size on it). */
  shell: () => HTMLElement | null;
  /** The visitor picked a language in the panel. */
  chooseLang: (lang: Lang) => void;
  /** Resolves once the element's DOM is up to date; unlike `updateComplete`, it does not wait for a language
   *  still downloading (the panel speaks its own until then), so focus moves are not held by the network. */
  rendered: () => Promise<unknown>;
}

/** How the panel renders this time (decided by the element). */
export interface PanelProps {
  /** The strings of the language the panel speaks. */
  t: Catalogue;
  /** The language the switcher shows: the one the visitor wants, while its strings download. */
  wantedLang: Lang;
  floating: boolean;
  /** Ignored inline; a floating panel is hidden while closed. */
  open: boolean;
  /** The open floating panel is a full-screen sheet (a phone): a modal dialog. */
  modal: boolean;
  onClose: () => void;
}

const formatters = new Map<string, Formatter>();
function formatterFor(locale: string): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = new Formatter(locale)));
  return formatter;
}

/**
 * The call and its panel: owns the call session (through CallController), the audio of the current or last
 * call, the transcript's auto-scroll and the clock, and renders the panel with its live regions.
 */
export class CallUi implements ReactiveController {
  readonly call: CallController;
  /** Whether the open floating panel is a full-screen sheet (a phone-sized viewport). */
  readonly #sheetController: SheetController;
  /** The agent of this page's latest call (kept after it ends, so the widget keeps its face). */
  #callAgent: AgentInfo | null = null;
  readonly #avatar = new AvatarView('small');
  readonly #consent: ConsentGate;
  readonly #knownAgent: () => AgentInfo | null;
  readonly #chooseLang: (lang: Lang) => void;
  readonly #rendered: () => Promise<unknown>;
  /** Set when Call was pressed but the page gave no public-id. */
  #notConfigured = false;
  /** Set when the last typed message could not be sent. */
  #messageFailed = false;
  /** The audio of the current or last call. */
  #audio: BrowserAudio | null = null;
  readonly #autoScroll: AutoScrollController;
  /** Set by each render (the panel renders before anything reads them). */
  #t!: Catalogue;
  #wantedLang: Lang = 'ar';
  /** The browser holds the call's audio until the visitor taps ("Tap to continue"). */
  #audioNeedsGesture = false;
  /** The microphone went away mid-call: the call goes on typed. */
  #microphoneLost = false;
  /** The system holds the microphone (another app, a phone call): the agent hears silence until it is back. */
  #microphoneHeld = false;
  /** The text box takes the focus once the call is live (a typed call the visitor chose in the panel). */
  #focusMessageWhenLive = false;
  readonly #feedback: CallFeedback;
  readonly #devices: DevicePicker;
  /** The panel's styles are in the element's shadow root (a host connected again keeps them). */
  #stylesAdopted = false;

  constructor(
    private readonly host: CallUiHost,
    { createAudio, consent, knownAgent, shell, chooseLang, rendered }: CallUiOptions,
  ) {
    host.addController(this);
    this.#consent = consent;
    this.#knownAgent = knownAgent;
    this.#chooseLang = chooseLang;
    this.#rendered = rendered;
    this.call = new CallController(host, createAudio);
    this.#sheetController = new SheetController(host, () => host.layout !== 'inline' && host.open, shell);
    this.#feedback = new CallFeedback(host);
    // Only while a call with a microphone is live (a typed call has none to choose).
    this.#devices = new DevicePicker(host, () => this.state === 'live' && !!this.call.session.microphone, {
      inputDevice: () =>
        host.inputDeviceId || this.#audio?.engine.inputStream?.getAudioTracks()[0]?.getSettings().deviceId || '',
      outputDevice: () => host.outputDeviceId,
      switchInput: async (deviceId) => {
        await this.#audio?.engine.setInputDevice(deviceId);
        host.inputDeviceId = deviceId;
      },
      switchOutput: async (deviceId) => {
        await this.#audio?.engine.setOutputDevice(deviceId);
        host.outputDeviceId = deviceId;
      },
      // A chosen device unplugged between calls (a headset switched off): the next call would ask for it with
      // `exact` and fail MIC_UNAVAILABLE every time; the default device it is then.
      devicesListed: (inputs, outputs) => {
        const gone = (id: string, devices: readonly MediaDeviceInfo[]) => id && !devices.some((d) => d.deviceId === id);
        if (gone(host.inputDeviceId, inputs)) host.inputDeviceId = '';
        if (outputs.length > 0 && gone(host.outputDeviceId, outputs)) host.outputDeviceId = '';
      },
    });
    this.call.onLevels = () => this.#paintLevels();
    this.#autoScroll = new AutoScrollController(host, () => host.shadowRoot?.querySelector('[part="transcript"]') ?? null);
    new TickerController(host, () => this.#needsClock());
    new PageRestoreController(host, () => this.call.session.pageRestored());
    new WakeLockController(host, () => this.state === 'live' || this.state === 'reconnecting');
    host.addEventListener('voice-agent-ready', () => (this.#callAgent = this.call.ready?.agent ?? null));
    host.addEventListener('voice-agent-state', () => this.#onState());
    this.call.session.on('microphone', () => {
      this.#microphoneLost = true;
      this.host.requestUpdate();
      this.#focusMessage();
    });
    host.addEventListener('voice-agent-transcript', () => this.#autoScroll.changed());
  }

  hostConnected(): void {
    // The panel's styles join the element's own (the launcher's) in its shadow root, once.
    const root = this.host.shadowRoot;
    if (!root || this.#stylesAdopted) return;
    this.#stylesAdopted = true;
    adoptStyles(root, callUiStyles);
  }

  get state(): CallState {
    return this.call.state;
  }

  /** The agent of this page's latest call, else the one remembered from an earlier visit. */
  get agent(): AgentInfo | null {
    return this.#callAgent ?? this.#knownAgent();
  }

  /** The open floating panel is a full-screen sheet on this viewport. */
  get sheet(): boolean {
    return this.#sheetController.sheet;
  }

  /** The call's audio waits for the visitor's tap ("Tap to continue" in the panel). */
  get needsTap(): boolean {
    return this.#audioNeedsGesture;
  }

  /** Resumes the call's audio held by the browser; call it synchronously inside the visitor's tap. */
  resumeAudio(): void {
    this.#audio?.engine.resumeAudio();
  }

  /** Keeps Tab inside the panel while it is a modal sheet. */
  keepFocusIn(event: KeyboardEvent): void {
    const root = this.host.shadowRoot;
    const panel = root?.querySelector<HTMLElement>('#panel');
    if (root && panel) wrapFocus(event, panel, root);
  }

  /** Renders the panel and the live regions into `container` (the element's place for them). */
  renderInto(container: HTMLElement, props: PanelProps): void {
    render(this.render(props), container, { host: this.host });
  }

  get stats(): SessionStats & { playback: PlaybackStatus | null } {
    return { ...this.call.session.stats, playback: this.#audio?.engine.playback ?? null };
  }

  /** The real audio (microphone and agent voice), with its levels feeding the meters. */
  createBrowserAudio(options: Omit<BrowserAudioOptions, 'onLevels'>): BrowserAudio {
    this.#audio = createBrowserAudio({
      ...options,
      onLevels: (input, output, speaking) => this.call.setLevels(input, output, speaking),
      onNeedsGesture: (needsGesture) => {
        this.#audioNeedsGesture = needsGesture;
        this.host.requestUpdate();
      },
      // A chosen microphone that went away (a headset switched off) is not the choice any more: the picker
      // shows the default device that took over, and the next call does not ask for the gone one (which
      // fails with MIC_UNAVAILABLE every time).
      onInputDeviceEnded: (deviceId) => {
        if (deviceId && this.host.inputDeviceId === deviceId) this.host.inputDeviceId = '';
        this.host.requestUpdate();
      },
      onInputHeld: (held) => {
        this.#microphoneHeld = held;
        this.host.requestUpdate();
      },
    });
    return this.#audio;
  }

  set muted(muted: boolean) {
    this.call.session.muted = muted;
  }

  /** The meters follow the levels between renders; nothing is painted while the panel or the page is hidden. */
  #paintLevels(): void {
    const root = this.host.shadowRoot;
    const panel = root?.querySelector<HTMLElement>('#panel');
    if (!root || !panel || panel.hidden || document.hidden) return;
    paintMeter(root.querySelector('[part="input-level"]'), this.host.muted ? 0 : loudness(this.call.inputLevel));
    paintMeter(root.querySelector('[part="output-level"]'), loudness(this.call.outputLevel));
  }

  /** Focus goes to the panel's main action when it has one, else to the panel itself. */
  focusPanel(): void {
    const root = this.host.shadowRoot;
    const primary = root?.querySelector<HTMLElement>('[data-primary]:not([aria-disabled="true"])');
    (primary ?? root?.querySelector<HTMLElement>('#panel'))?.focus();
  }

  /** Whether the focus is inside the panel. */
  get hasFocus(): boolean {
    return !!this.host.shadowRoot?.activeElement?.closest?.('#panel');
  }

  #onState(): void {
    this.#autoScroll.changed();
    this.#keepFocusInPanel();
    if (this.state === 'connecting') {
      this.#feedback.reset();
      this.#autoScroll.reset();
      this.#messageFailed = false;
      this.#microphoneLost = this.#microphoneHeld = this.#audioNeedsGesture = false;
    }
    if (this.state === 'live' && this.#focusMessageWhenLive) this.#focusMessage();
    if (this.state !== 'connecting') this.#focusMessageWhenLive = false;
  }

  /** Focus to the text box (a call that goes on by typing), once it is rendered. */
  #focusMessage(): void {
    void this.#rendered().then(() => {
      this.host.shadowRoot?.querySelector<HTMLInputElement>('[part="message-input"]:not([disabled])')?.focus();
    });
  }

  /** A state change replaces the panel's controls; focus that was on one of them (or on the panel) moves
   *  to the new main action, or the panel, instead of falling back to the page. */
  #keepFocusInPanel(): void {
    const root = this.host.shadowRoot;
    if (!this.hasFocus) return;
    void this.#rendered().then(() => {
      const active = root?.activeElement;
      if (!active || active.id === 'panel') this.focusPanel();
    });
  }

  #needsClock(): boolean {
    return this.state === 'live' || (this.state === 'error' && this.#retryWait() > 0);
  }

  // ——— visitor intents ———

  readonly #startFromUi = (): void => this.#startCall({});

  /** "Continue by typing": a call with no microphone (no permission prompt), the text box focused. */
  readonly #startTypedFromUi = (): void => {
    this.#focusMessageWhenLive = true;
    this.#startCall({ microphone: false });
  };

  /** The visitor tapped "Tap to continue": the audio resumes in this very gesture. */
  readonly #resumeFromUi = (): void => this.#audio?.engine.resumeAudio();

  #startCall(options: { microphone?: boolean }): void {
    this.#notConfigured = false;
    this.host.start(options).catch(() => {
      // The only synchronous refusal is a missing public-id: a page set-up problem, said in plain words.
      this.#notConfigured = true;
      this.host.requestUpdate();
    });
  };

  /** The consent notice's button: accepts, then calls in the same click (the gesture still counts). */
  readonly #acceptAndCall = (): void => {
    this.#consent.accept();
    this.#startFromUi();
  };

  readonly #endFromUi = (): void => void this.host.end();

  readonly #sendFromUi = (text: string): boolean => {
    try {
      this.host.sendText(text);
      this.#messageFailed = false;
    } catch {
      this.#messageFailed = true;
    }
    this.host.requestUpdate();
    return !this.#messageFailed;
  };

  readonly #toggleMute = (): void => {
    this.host.muted = !this.host.muted;
  };

  // ——— rendering ———

  private get t(): Catalogue {
    return this.#t;
  }

  private get format(): Formatter {
    return formatterFor(this.#t.locale);
  }

  get #notices(): AudioNoticeStrings {
    return this.#t.notices;
  }

  /** An error's text; a microphone the embedding page forbids is the site owner's to allow, not the visitor's. */
  #errorTextOf(error: ErrorDetail): ErrorText {
    if (error.code === 'MIC_DENIED' && microphoneForbiddenByPage()) return this.#notices.frameBlocked;
    return errorText(error, this.t);
  }
  /** Meters stand still while the floating panel is closed (renders for the clock or the transcript go on). */
  #levelsShown = true;

  get #agentName(): string {
    return this.agent?.name || this.t.assistant;
  }

  /** The panel and the widget's live regions. */
  render({ t, wantedLang, floating, open, modal, onClose }: PanelProps) {
    this.#t = t;
    this.#wantedLang = wantedLang;
    this.#levelsShown = !floating || open;
    return html`<section
        part="panel"
        id="panel"
        class="panel ${this.state === 'live' || this.state === 'reconnecting' || this.state === 'ending' || this.call.turns.length ? 'tall' : ''}"
        role=${floating ? 'dialog' : 'region'}
        aria-modal=${modal ? 'true' : nothing}
        aria-labelledby="agent-name"
        tabindex="-1"
        ?hidden=${floating && !open}
      >
        ${this.#renderHeader(floating, onClose)}
        <div part="body" class="body state-${this.state}">${this.#renderBody()}</div>
      </section>
      <div class="visually-hidden" role="status">${this.#audioNeedsGesture && floating && !open ? this.#notices.audioPaused : this.#announcement()}</div>
      ${finalTurnsAnnouncer(this.call.turns, this.call.voicedTurns, this.#agentName, t)}`;
  }

  #renderHeader(floating: boolean, onClose: () => void) {
    const { t } = this;
    const live = this.state === 'live';
    return html`<header part="header" class="header">
      ${this.#avatar.show(this.agent ? this.#agentName : undefined, this.agent?.avatar)}
      <div class="heading">
        <h2 id="agent-name" part="agent-name">${this.agent ? this.#agentName : t.widgetName}</h2>
        <p part="status" class="status" data-activity=${live ? this.#activity() : nothing}>
          ${live ? levelMeter(this.#levelsShown ? this.call.outputLevel : 0, 'output-level') : nothing}<span>${this.#statusLine()}</span>
        </p>
      </div>
      ${floating
        ? html`<button part="close-button" class="icon-button ghost" type="button" aria-label=${t.close} @click=${onClose}>
            ${icons.close}
          </button>`
        : nothing}
    </header>`;
  }

  #renderBody() {
    const { t, format } = this;
    const { error, ended } = this.call;
    // Before any call, and after one when the notice is to be accepted again (forget(), another agent).
    if (!isActive(this.state) && this.#consent.pending) return consentNotice(t, this.#acceptAndCall);
    switch (this.state) {
      case 'idle':
        return html`<div part="intro" class="intro">
            <p>${t.intro}</p>
            <p class="muted">${t.micNotice}</p>
            ${this.#notConfigured ? html`<p class="field-error" role="alert">${t.notConfigured}</p>` : nothing}
          </div>
          <button part="call-button" class="primary wide" type="button" data-primary @click=${this.#startFromUi}>
            ${icons.phone}<span>${t.call}</span>
          </button>
          ${this.#renderLanguageSwitcher()}`;
      case 'connecting':
        return html`<div class="connecting">
            <span class="spinner" aria-hidden="true"></span>
            <p class="muted">${t.micNotice}</p>
          </div>
          <button part="cancel-button" class="secondary wide" type="button" data-primary @click=${this.#endFromUi}>
            ${t.cancel}
          </button>`;
      case 'live':
      case 'reconnecting': {
        // One template for both, so what the visitor was typing survives the drop.
        const reconnecting = this.state === 'reconnecting';
        return html`${this.#audioNeedsGesture ? resumeNotice(this.#notices, this.#resumeFromUi) : nothing}
          ${reconnecting ? nothing : this.#renderLiveInfo()} ${this.#renderOffline()}
          ${this.call.session.microphone
            ? this.#microphoneHeld ? microphoneHeldNotice(this.#notices) : nothing
            : typedCallNotice(this.#notices, this.#microphoneLost)}
          ${this.#renderTranscript()}
          ${messageForm({
            t,
            failed: this.#messageFailed,
            onSend: this.#sendFromUi,
            disabled: reconnecting,
            hint: t.messageWaitsForLine,
          })}
          ${callControls({
            t,
            muted: this.host.muted,
            inputLevel: this.#levelsShown ? this.call.inputLevel : 0,
            onToggleMute: this.#toggleMute,
            onEnd: this.#endFromUi,
          })}
          ${this.#devices.render(t)}`;
      }
      case 'ending':
        return this.#renderTranscript();
      case 'ended':
        return html`${ended ? endedPanel(ended, t, format, this.#startFromUi) : nothing}
        ${canRate(ended) ? feedbackView(t, this.#feedback, ended) : nothing} ${this.#renderTranscript()}
        ${this.#renderLanguageSwitcher()}`;
      case 'error':
        return html`${error
          ? errorPanel({ error, text: this.#errorTextOf(error), waitSeconds: this.#retryWait(), t, format, onRetry: this.#startFromUi })
          : nothing}
        ${error?.code === 'MIC_DENIED' || error?.code === 'MIC_UNAVAILABLE'
          ? continueByTypingButton(this.#notices, this.#startTypedFromUi)
          : nothing}
        ${this.#renderTranscript()} ${this.#renderLanguageSwitcher()}`;
    }
  }

  /** Outside a call only: the language is kept for the whole of one. */
  #renderLanguageSwitcher() {
    return languageSwitcher(this.#wantedLang, this.#chooseLang);
  }

  #renderLiveInfo() {
    const { ready, liveSince, tool } = this.call;
    if (!ready || liveSince === null) return nothing;
    return liveInfo(callTimes(liveSince, ready.maxSeconds, Date.now()), tool, this.t, this.format);
  }

  /** The browser says it is offline: said once, quietly; the call goes on until the line is found dead. */
  #renderOffline() {
    if (!this.call.offline) return nothing;
    return html`<p part="offline-notice" class="line-notice" role="status">${this.t.offline}</p>`;
  }

  #renderTranscript() {
    return transcriptView({
      turns: this.call.turns,
      breaks: this.call.breaks,
      agentName: this.#agentName,
      t: this.t,
      following: this.#autoScroll.following,
      onJumpToLatest: () => this.#autoScroll.jumpToLatest(),
    });
  }

  #activity() {
    return activityOf(this.call);
  }

  /** The visible line under the agent's name. */
  #statusLine(): string {
    const { t } = this;
    switch (this.state) {
      case 'live': {
        const activity = this.#activity();
        if (activity === 'listening') return this.host.muted ? t.muted : t.activity.listening;
        // The heading gives the whole name; here a long one would push what the agent is doing onto a third line.
        const line = t.activity[activity](isolate(shortened(this.#agentName, STATUS_NAME_CHARS)));
        return this.host.muted ? `${line} · ${t.muted}` : line;
      }
      default: // an error's title is the error card's heading, said once
        return t.status[this.state];
    }
  }

  /** What the status live region says: state changes, the end, errors, and the last-30-seconds warning. */
  #announcement(): string {
    const { t, format } = this;
    const { ready, liveSince, ended, error } = this.call;
    switch (this.state) {
      case 'idle':
        return '';
      case 'live': {
        const live = t.status.live(isolate(this.#agentName));
        if (!ready || liveSince === null) return live;
        const { warning } = callTimes(liveSince, ready.maxSeconds, Date.now());
        return warning ? `${live}. ${t.timeWarning(format.duration(WARNING_SECONDS))}` : live;
      }
      case 'ended':
        // The reason says the call is over in its own words; "Call ended" only when there is none.
        return (ended && endReasonText(ended.reason, t)) ?? t.status.ended;
      case 'error': {
        if (!error) return '';
        const text = this.#errorTextOf(error);
        // The wait is said once, as the service gave it; the button then counts down silently.
        const action = retryAction(error, retryWaitSeconds(0, error.retryAfterSeconds, 0));
        const wait = action === 'wait'
          ? ` ${t.retryIn(format.duration(error.retryAfterSeconds ?? 0))}.`
          : action === 'later'
            ? ` ${t.retryLater}.`
            : '';
        return `${text.title}. ${text.body}${wait}`;
      }
      default:
        return t.status[this.state];
    }
  }

  #retryWait(): number {
    const { error, failedAt } = this.call;
    return failedAt === null ? 0 : retryWaitSeconds(failedAt, error?.retryAfterSeconds, Date.now());
  }
}
