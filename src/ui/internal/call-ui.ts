// The boundary between <voice-agent>'s small public element and everything a call needs: the call (session
// and audio), the panel's views and styles (each language's strings are a chunk of their own, handed in by
// the element). The element reaches all of it through one `CallUi` instance; nothing else under internal/panel/
// is imported by the element. This file composes the parts: ShownCall (the call this element shows: its own, or
// one it adopted), PanelFocus, ContinuationController (the call of the previous page), the status text and the
// panel's templates.
import type { ReactiveController } from 'lit';
import { nothing, render } from 'lit/html.js';
import { isActive } from '../../call/state-machine.ts';
import type { AgentInfo, CallState, CallStats } from '../../call/types.ts';
import { formatterFor } from '../i18n/format.ts';
import { micElement } from './icons.ts';
import { AvatarView } from './avatar.ts';
import type { CallAudio } from './call-audio.ts';
import type { CallUiHost, CallUiOptions, PanelProps } from './call-ui-contract.ts';
import { callUiStyles } from './call-ui.styles.ts';
import { adoptStyles } from './css-text.ts';
import { microphoneForbiddenByPage } from './microphone-policy.ts';
import { agentKey } from '../../call/visit-store.ts';
import { ContinuationController } from './continuation.ts';
import { watchInterest } from './interest.ts';
import { PageRestoreController } from './page-restore-controller.ts';
import { PanelFocus } from './panel-focus.ts';
import { PanelIntents } from './panel-intents.ts';
import { PanelLanguage } from './panel-language.ts';
import { SheetController } from './sheet-controller.ts';
import { activityOf } from './panel/activity.ts';
import { AutoScrollController } from './panel/auto-scroll-controller.ts';
import type { AudioFactory, CallController } from './panel/call-controller.ts';
import { clockOrigin, retryWaitSeconds } from './panel/call-clock.ts';
import { ElementRef } from './panel/element-ref.ts';
import { ConsentSlotController } from './panel/consent-slot-controller.ts';
import { DevicePicker } from './panel/device-picker.ts';
import { CallFeedback } from './panel/feedback.ts';
import { levelMeter } from './panel/level-meter.ts';
import { MeterPainter } from './panel/meter-painter.ts';
import { panelBody } from './panel/panel-body.ts';
import { panelFrame } from './panel/panel-frame.ts';
import { panelHeader } from './panel/panel-header.ts';
import { announcement, errorWords, type StatusInputs, statusLine } from './panel/status-text.ts';
import { TickerController } from './panel/ticker-controller.ts';
import { finalTurnsAnnouncer, transcriptView } from './panel/transcript.ts';
import { type TranscriptActions, transcriptActions } from './panel/transcript-actions.ts';
import { WakeLockController } from './panel/wake-lock-controller.ts';
import { ShownCall } from './shown-call.ts';

export type { AudioFactory, CallUiHost, CallUiOptions, PanelProps };
// What diagnose() also tries as the call would: its worker, and its audio worklet module.
export { prepareSessions, spawnCallWorker } from '../../worker/transport.ts';
export { workletUrl } from '../../audio/worklet-modules.ts';
export { endOthers } from './call-registry.ts';

/** The call and its panel: owns the call (through CallController) and renders the panel with its live regions. */
export class CallUi implements ReactiveController {
  /** Where the focus goes in the panel. */
  readonly focus: PanelFocus;
  /** Which language the panel speaks while another one downloads. */
  readonly language = new PanelLanguage(() => this.host.requestUpdate());
  readonly #shown: ShownCall;
  readonly #continuation: ContinuationController;
  readonly #devices: DevicePicker;
  readonly #intents: PanelIntents;
  readonly #sheet: SheetController;
  readonly #autoScroll: AutoScrollController;
  readonly #feedback: CallFeedback;
  readonly #keep: TranscriptActions;
  readonly #avatar = new AvatarView('small', micElement);
  readonly #meters: MeterPainter;
  readonly #transcriptList = new ElementRef();
  /** The agent of this page's latest call (kept after it ends, so the widget keeps its face). */
  #callAgent: AgentInfo | null = null;
  /** Meters stand still while the floating panel is closed (renders for the clock or the transcript go on). */
  #levelsShown = true;
  #stylesAdopted = false;

  constructor(
    private readonly host: CallUiHost,
    private readonly options: CallUiOptions,
  ) {
    host.addController(this);
    this.focus = new PanelFocus(host, options.rendered);
    const agent = () => agentKey('continue', options.target().serverUrl, options.target().publicId);
    this.#shown = new ShownCall(host, {
      sessions: options.sessions,
      createAudio: options.createAudio,
      agent,
      bind: (call) => this.#bind(call),
      adopted: (open) => {
        if (open) host.open = true;
        // After this constructor: a call adopted as the element's code loads is the element's once it is.
        queueMicrotask(options.stateChanged);
      },
    });
    this.#continuation = new ContinuationController(host, {
      key: agent,
      allowed: options.continues,
      live: () => this.state === 'live' || this.state === 'reconnecting',
      turns: () => this.call.conversation,
      agent: () => this.agent,
      typed: () => !this.call.session.microphone,
    });
    // Only while a call with a microphone is live (a typed call has none to choose).
    this.#devices = new DevicePicker(host, () => this.state === 'live' && this.call.session.microphone, () => this.audio.devices);
    this.#intents = new PanelIntents({ host, options, focus: this.focus, language: this.language, audio: () => this.audio });
    this.#sheet = new SheetController(host, () => host.layout !== 'inline' && host.open, options.shell);
    this.#feedback = new CallFeedback(host);
    this.#keep = transcriptActions(host, () => ({ turns: this.call.conversation, agentName: this.agent?.name, start: this.call.liveSince }));
    this.#autoScroll = new AutoScrollController(host, () => this.#transcriptList.value ?? null);
    new TickerController(host, () => clockOrigin(this.call, Date.now()));
    this.#meters = new MeterPainter(host, () => this.focus.panel.value, () => this.call.meterHost);
    new PageRestoreController(host, () => this.call.session.pageRestored());
    new WakeLockController(host, () => this.state === 'live' || this.state === 'reconnecting');
    new ConsentSlotController(host);
    watchInterest(host, () => ({ target: options.target(), idle: !isActive(this.state) }));
  }

  /** The call this element shows. */
  get call(): CallController {
    return this.#shown.call;
  }

  /** The call's audio: the engine, Tap to continue, the microphone's notices, the device rules. */
  get audio(): CallAudio {
    return this.call.audio;
  }

  /** The panel listens to `call` (until the element shows another). */
  #bind(call: CallController): () => void {
    call.onLevels = () => this.#meters.paint(this.host.muted ? 0 : call.inputLevel, call.outputLevel);
    call.onUnsent = (text) => this.#intents.unsent(text);
    const off = [
      call.on('ready', ({ agent }) => {
        this.#callAgent = agent;
        this.options.ready(agent);
      }),
      call.on('state', () => {
        this.#stateChanged();
        this.options.stateChanged();
      }),
      call.on('transcript', () => this.#autoScroll.changed()),
      call.session.on('microphone', ({ on }) => on || this.focus.focusMessage()),
    ];
    return () => {
      call.onLevels = call.onUnsent = null;
      off.forEach((unsubscribe) => unsubscribe());
    };
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

  /** The agent of this page's latest call, else the previous page's, else the one remembered from the visit. */
  get agent(): AgentInfo | null {
    return this.#callAgent ?? this.#continuation.offer?.agent ?? this.options.knownAgent();
  }

  /** The open floating panel is a full-screen sheet on this viewport. */
  get sheet(): boolean {
    return this.#sheet.sheet;
  }

  get stats(): CallStats {
    return { ...this.call.stats, playback: this.call.playback };
  }

  /** Forgets the visit (see the element's forget()): the visit tokens, and the previous page's call. */
  forget(): void {
    this.call.forget();
    this.#continuation.offer = null;
  }

  /** Renders the panel and the live regions into `container` (the element's place for them). */
  renderInto(container: HTMLElement, props: PanelProps): void {
    render(this.#render(props), container, { host: this.host });
  }

  #stateChanged(): void {
    this.#autoScroll.changed();
    this.focus.stayInPanel();
    const offer = this.#continuation.offer;
    if (this.state === 'connecting') {
      this.#feedback.reset();
      this.#keep.reset();
      this.#autoScroll.reset();
      // A call started while the previous page's is offered continues it (the visit token carries it on).
      this.call.earlier = offer?.turns ?? [];
      this.call.continuing = !!offer;
    }
    if (this.state === 'live' && offer) this.#continuation.settle();
    this.#intents.stateChanged(this.state);
  }

  #outputMeter() {
    return levelMeter(this.#levelsShown ? this.call.outputLevel : 0, 'output-level', this.#meters.output);
  }

  #retryWait(): number {
    const { error, failedAt } = this.call;
    return failedAt === null ? 0 : retryWaitSeconds(failedAt, error?.retryAfterSeconds, Date.now());
  }

  // ——— rendering ———

  #render({ t, wantedLang, floating, open, modal, onClose }: PanelProps) {
    this.#levelsShown = !floating || open;
    const { call, state } = this;
    const format = formatterFor(t.locale);
    const agentName = this.agent?.name || t.assistant;
    const { ready, liveSince, ended, error } = call;
    const status: StatusInputs = {
      state, t, format, agentName, muted: this.host.muted, typed: !call.session.microphone, activity: activityOf(call), ready, liveSince, ended, error,
      errorText: error && errorWords(error, t, microphoneForbiddenByPage()), now: Date.now(),
    };
    const offer = isActive(state) ? null : this.#continuation.offer;
    const turns = offer ? offer.turns : this.call.conversation;
    const tall = state === 'live' || state === 'reconnecting' || state === 'ending' || turns.length > 0;
    const transcript = transcriptView({
      turns, breaks: call.breaks, agentName, t, following: this.#autoScroll.following,
      onJumpToLatest: () => this.#autoScroll.jumpToLatest(), list: this.#transcriptList,
    });
    return panelFrame({
      panel: this.focus.panel, floating, open, modal, tall, state,
      header: panelHeader({
        t, agent: this.agent, agentName, avatar: this.#avatar, state, activity: status.activity, line: statusLine(status),
        meter: state === 'live' ? this.#outputMeter() : nothing, floating, onClose,
        menu: state === 'live' || state === 'reconnecting' ? this.#keep.render(t, true) : nothing,
      }),
      body: panelBody({
        t, format, call, audio: this.audio, feedback: this.#feedback, keep: this.#keep,
        consentPending: this.options.consent.pending, notConfigured: this.#intents.notConfigured,
        messageFailed: this.#intents.messageFailed, muted: this.host.muted, levelsShown: this.#levelsShown, wantedLang,
        errorText: status.errorText, retryWait: this.#retryWait(), transcript, offered: offer && (offer.typed ? 'typed' : 'voice'), devices: this.#devices,
        refs: { messageInput: this.focus.messageInput, inputMeter: this.#meters.input }, on: this.#intents.actions,
      }),
      said: this.audio.needsTap && floating && !open ? t.notices.audioPaused : announcement(status),
      announcer: finalTurnsAnnouncer(turns, call.voicedTurns, agentName, t),
    });
  }
}
