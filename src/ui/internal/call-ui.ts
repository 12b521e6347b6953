// The boundary between <voice-agent>'s small public element and everything a call needs: the call (session
// and audio), the panel's views and styles (each language's strings are a chunk of their own, handed in by
// the element). The element reaches all of it through one `CallUi` instance; nothing else under internal/panel/
// is imported by the element. This file composes the parts: CallController (the call's state), CallAudio (its
// audio, notices and device rules), PanelFocus, the status text and the panel body's template.
import type { ReactiveController } from 'lit';
import { html, nothing, render } from 'lit/html.js';
import type { CallStats } from '../../call/types.ts';
import type { AgentInfo, CallState } from '../../call/types.ts';
import type { Catalogue, ErrorText, Lang } from '../i18n/catalogue.ts';
import { formatterFor } from '../i18n/format.ts';
import { AvatarView } from './avatar.ts';
import { CallAudio } from './call-audio.ts';
import type { CallUiHost, CallUiOptions, PanelProps } from './call-ui-contract.ts';
import { callUiStyles } from './call-ui.styles.ts';
import { adoptStyles } from './css-text.ts';
import { microphoneForbiddenByPage } from './microphone-policy.ts';
import { PageRestoreController } from './page-restore-controller.ts';
import { PanelFocus } from './panel-focus.ts';
import { PanelLanguage } from './panel-language.ts';
import { SheetController } from './sheet-controller.ts';
import { activityOf } from './panel/activity.ts';
import { AutoScrollController } from './panel/auto-scroll-controller.ts';
import { type AudioFactory, CallController } from './panel/call-controller.ts';
import { retryWaitSeconds } from './panel/call-clock.ts';
import { ElementRef, ref } from './panel/element-ref.ts';
import { errorText } from './panel/error-panel.ts';
import { ConsentSlotController } from './panel/consent-slot-controller.ts';
import { CallFeedback } from './panel/feedback.ts';
import { levelMeter, loudness, paintMeter } from './panel/level-meter.ts';
import { panelBody } from './panel/panel-body.ts';
import { panelHeader } from './panel/panel-header.ts';
import { announcement, type StatusInputs, statusLine } from './panel/status-text.ts';
import { TickerController } from './panel/ticker-controller.ts';
import { finalTurnsAnnouncer, transcriptView } from './panel/transcript.ts';
import { WakeLockController } from './panel/wake-lock-controller.ts';

export type { AudioFactory, CallUiHost, CallUiOptions, PanelProps };
export { prepareSessions } from '../../worker/transport.ts';

/** The call and its panel: owns the call (through CallController) and renders the panel with its live regions. */
export class CallUi implements ReactiveController {
  readonly call: CallController;
  /** The call's audio: the engine, Tap to continue, the microphone's notices, the device pickers. */
  readonly audio: CallAudio;
  /** Where the focus goes in the panel. */
  readonly focus: PanelFocus;
  /** Which language the panel speaks while another one downloads. */
  readonly language = new PanelLanguage(() => this.host.requestUpdate());
  readonly #sheet: SheetController;
  readonly #autoScroll: AutoScrollController;
  readonly #feedback: CallFeedback;
  readonly #avatar = new AvatarView('small');
  readonly #meters = { input: new ElementRef(), output: new ElementRef() };
  readonly #transcriptList = new ElementRef();
  /** The agent of this page's latest call (kept after it ends, so the widget keeps its face). */
  #callAgent: AgentInfo | null = null;
  /** Set when Call was pressed but the page gave no public-id. */
  #notConfigured = false;
  /** Set when the last typed message could not be sent. */
  #messageFailed = false;
  /** The text box takes the focus once the call is live (a typed call the visitor chose in the panel). */
  #focusMessageWhenLive = false;
  /** Meters stand still while the floating panel is closed (renders for the clock or the transcript go on). */
  #levelsShown = true;
  #stylesAdopted = false;

  constructor(
    private readonly host: CallUiHost,
    private readonly options: CallUiOptions,
  ) {
    host.addController(this);
    this.call = new CallController(host, options.createAudio, options.sessions);
    this.focus = new PanelFocus(host, options.rendered);
    this.audio = new CallAudio(host, this.call, () => this.focus.focusMessage());
    this.#sheet = new SheetController(host, () => host.layout !== 'inline' && host.open, options.shell);
    this.#feedback = new CallFeedback(host);
    this.#autoScroll = new AutoScrollController(host, () => this.#transcriptList.value ?? null);
    new TickerController(host, () => this.state === 'live' || (this.state === 'error' && this.#retryWait() > 0));
    new PageRestoreController(host, () => this.call.session.pageRestored());
    new WakeLockController(host, () => this.state === 'live' || this.state === 'reconnecting');
    new ConsentSlotController(host);
    this.call.onLevels = () => this.#paintLevels();
    this.call.muted = host.muted;
    this.call.on('ready', ({ agent }) => {
      this.#callAgent = agent;
      options.ready(agent);
    });
    this.call.on('state', () => {
      this.#stateChanged();
      options.stateChanged();
    });
    this.call.on('transcript', () => this.#autoScroll.changed());
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
    return this.#callAgent ?? this.options.knownAgent();
  }

  /** The open floating panel is a full-screen sheet on this viewport. */
  get sheet(): boolean {
    return this.#sheet.sheet;
  }

  get stats(): CallStats {
    return { ...this.call.stats, playback: this.call.playback ?? this.audio.playback };
  }

  /** Renders the panel and the live regions into `container` (the element's place for them). */
  renderInto(container: HTMLElement, props: PanelProps): void {
    render(this.#render(props), container, { host: this.host });
  }

  #stateChanged(): void {
    this.#autoScroll.changed();
    this.focus.stayInPanel();
    if (this.state === 'connecting') {
      this.#feedback.reset();
      this.#autoScroll.reset();
      this.audio.reset();
      this.#messageFailed = false;
    }
    if (this.state === 'live' && this.#focusMessageWhenLive) this.focus.focusMessage();
    if (this.state !== 'connecting') this.#focusMessageWhenLive = false;
  }

  /** The meters follow the levels between renders; nothing is painted while the panel or the page is hidden. */
  #paintLevels(): void {
    if (!this.focus.panel.value || this.focus.panel.value.hidden || document.hidden) return;
    paintMeter(this.#meters.input.value ?? null, this.host.muted ? 0 : loudness(this.call.inputLevel));
    paintMeter(this.#meters.output.value ?? null, loudness(this.call.outputLevel));
  }

  #outputMeter() {
    return levelMeter(this.#levelsShown ? this.call.outputLevel : 0, 'output-level', this.#meters.output);
  }

  #retryWait(): number {
    const { error, failedAt } = this.call;
    return failedAt === null ? 0 : retryWaitSeconds(failedAt, error?.retryAfterSeconds, Date.now());
  }

  // ——— visitor intents ———

  #startCall(options: { microphone?: boolean }): void {
    this.#notConfigured = false;
    this.host.start(options).catch(() => {
      // The only synchronous refusal is a missing public-id: a page set-up problem, said in plain words.
      this.#notConfigured = true;
      this.host.requestUpdate();
    });
  }

  readonly #actions = {
    start: () => this.#startCall({}),
    startTyped: () => {
      this.#focusMessageWhenLive = true;
      this.#startCall({ microphone: false });
    },
    // Accepts, then calls in the same click (the gesture still counts).
    acceptAndCall: () => {
      this.options.consent.accept();
      this.#startCall({});
    },
    end: () => void this.host.end(),
    send: (text: string): boolean => {
      try {
        this.host.sendText(text);
        this.#messageFailed = false;
      } catch {
        this.#messageFailed = true;
      }
      this.host.requestUpdate();
      return !this.#messageFailed;
    },
    toggleMute: () => (this.host.muted = !this.host.muted),
    resume: () => this.audio.resume(),
    chooseLang: (lang: Lang) => {
      this.language.picked();
      this.options.chooseLang(lang);
    },
  };

  // ——— rendering ———

  /** An error's words; a microphone the embedding page forbids is the site owner's to allow, not the visitor's. */
  #errorText(t: Catalogue): ErrorText | null {
    const { error } = this.call;
    if (!error) return null;
    return error.code === 'MIC_DENIED' && microphoneForbiddenByPage() ? t.notices.frameBlocked : errorText(error, t);
  }

  #render({ t, wantedLang, floating, open, modal, onClose }: PanelProps) {
    this.#levelsShown = !floating || open;
    const { call, state } = this;
    const format = formatterFor(t.locale);
    const agentName = this.agent?.name || t.assistant;
    const { ready, liveSince, ended, error } = call;
    const status: StatusInputs = {
      state, t, format, agentName, muted: this.host.muted, activity: activityOf(call), ready, liveSince, ended, error,
      errorText: this.#errorText(t), now: Date.now(),
    };
    const tall = state === 'live' || state === 'reconnecting' || state === 'ending' || call.turns.length > 0;
    const transcript = transcriptView({
      turns: call.turns, breaks: call.breaks, agentName, t, following: this.#autoScroll.following,
      onJumpToLatest: () => this.#autoScroll.jumpToLatest(), list: this.#transcriptList,
    });
    return html`<section
        ${ref(this.focus.panel)}
        part="panel"
        id="panel"
        class="panel ${tall ? 'tall' : ''}"
        role=${floating ? 'dialog' : 'region'}
        aria-modal=${modal ? 'true' : nothing}
        aria-labelledby="agent-name"
        tabindex="-1"
        ?hidden=${floating && !open}
      >
        ${panelHeader({
          t, agent: this.agent, agentName, avatar: this.#avatar, state, activity: status.activity, line: statusLine(status),
          meter: state === 'live' ? this.#outputMeter() : nothing, floating, onClose,
        })}
        <div part="body" class="body state-${state}">
          ${panelBody({
            t, format, call, audio: this.audio, feedback: this.#feedback,
            consentPending: this.options.consent.pending, notConfigured: this.#notConfigured,
            messageFailed: this.#messageFailed, muted: this.host.muted, levelsShown: this.#levelsShown, wantedLang,
            errorText: status.errorText, retryWait: this.#retryWait(), transcript,
            refs: { messageInput: this.focus.messageInput, inputMeter: this.#meters.input }, on: this.#actions,
          })}
        </div>
      </section>
      <div class="visually-hidden" role="status">${this.audio.needsTap && floating && !open ? t.notices.audioPaused : announcement(status)}</div>
      ${finalTurnsAnnouncer(call.turns, call.voicedTurns, agentName, t)}`;
  }
}
