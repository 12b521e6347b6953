import type { PlaybackStatus } from '../../worklets/messages.ts';
import { GestureAudio } from '../audio/gesture-audio.ts';
import type { CallTarget } from '../call/session.ts';
import { isActive } from '../call/state-machine.ts';
import type { AgentInfo, CallState, ErrorDetail, ReadyDetail, SessionStats } from '../call/types.ts';
import { forgetStoredVisits } from '../call/widget-storage.ts';
import { LANGS, type Lang } from './i18n/catalogue.ts';
import { LAUNCHER_STRINGS } from './i18n/launcher.ts';
import { readAgent } from './internal/agent-memory.ts';
import type { AudioFactory, CallUi } from './internal/call-ui.ts';
import { loadCallUi } from './internal/call-ui-loader.ts';
import { loadCatalogue, loadedCatalogue } from './internal/catalogue-loader.ts';
import { ConsentGate } from './internal/consent.ts';
import { adoptStyles } from './internal/css-text.ts';
import { emit } from './internal/emit.ts';
import { LangController } from './internal/lang-controller.ts';
import { ReactiveHost } from './internal/reactive-host.ts';
import { Remembered } from './internal/remembered.ts';
import { Shell } from './internal/shell.ts';
import { styles } from './voice-agent-element.styles.ts';

/** Where voice-agent.js was served from: the default service root. Read when a call starts, not on import
 *  (a bundler or a server-side renderer may give the module an `import.meta.url` that is no page's origin). */
const scriptOrigin = (): string => new URL(import.meta.url).origin;

/** A `start()` waiting for the call's code (see start()). */
interface WaitingStart {
  done: Promise<void>;
  cancelled: boolean;
  /** What the visitor's gesture opened, released if the call does not happen. */
  gesture: GestureAudio | null;
}

export type Layout = 'floating' | 'inline';
export type Placement = 'end' | 'start';

/** The properties a page sets (a framework may set them before the element's definition has loaded; React's
 *  JSX types in src/react.ts offer these). */
export const SETTABLE_PROPERTIES = [
  'publicId', 'serverUrl', 'audioProcessing', 'workletBase', 'muted', 'layout', 'placement', 'open', 'remember',
  'theme', 'inputDeviceId', 'outputDeviceId',
] as const;

/**
 * `<voice-agent>`: a call with a business's published voice agent, in Arabic (right to left), French or
 * English. Floating (a launcher in a corner opens a panel) or inline (in the page flow).
 *
 * @attr {string} public-id - The agent's public id (required).
 * @attr {string} server-url - The service's root URL; default: the origin that served voice-agent.js.
 * @attr {'ar' | 'fr' | 'en'} lang - `ar` | `fr` | `en`: the widget's language (the visitor's own choice in
 *   the panel wins over it); without it, the page's `<html lang>`, then the language of the agent of the last
 *   call, then `ar`. Decided before a call and kept for the whole of it.
 * @attr {string} audio-processing - `off` switches echo cancellation, noise suppression and auto gain off.
 * @attr {string} worklet-base - Base URL of `audio.worklet.js` (capture and playback) when it is not served
 *   beside voice-agent.js (default: beside it, in `assets/`).
 * @attr {boolean} muted - Present while the microphone is muted (silent frames are sent).
 * @attr {'idle' | 'connecting' | 'live' | 'reconnecting' | 'ending' | 'ended' | 'error'} state - Reflected,
 *   read-only: `idle` | `connecting` | `live` | `reconnecting` | `ending` | `ended` | `error`.
 * @attr {'light' | 'dark' | 'auto'} theme - `light` | `dark` | `auto` (default: follows the system's
 *   `prefers-color-scheme`); may change at any time.
 * @attr {'visit' | 'none'} remember - `visit` (default: the one-day visit token in localStorage, so the agent
 *   can pick up the conversation) | `none` (nothing stored; the token lives in the page's memory only).
 * @attr {'floating' | 'inline'} layout - `floating` (default) | `inline`.
 * @attr {'end' | 'start'} placement - Floating corner: `end` (default; bottom right in LTR, bottom left in
 *   RTL) | `start`.
 * @attr {boolean} open - Present while the floating panel is open.
 *
 * @event {CustomEvent<StateDetail>} voice-agent-state - The call's state changed: `{state}`.
 * @event {CustomEvent<ReadyDetail>} voice-agent-ready - The call is live: `{conversationId, maxSeconds, agent}`.
 * @event {CustomEvent<TranscriptDetail>} voice-agent-transcript - A turn's text so far: `{role, text, final, turnId}`.
 * @event {CustomEvent<Record<string, never>>} voice-agent-interrupted - The visitor spoke over the agent: `{}`.
 * @event {CustomEvent<ToolDetail>} voice-agent-tool - The agent runs a tool or finished one: `{name, status, ok?}`.
 * @event {CustomEvent<EndedDetail>} voice-agent-ended - The call ended: `{reason, durationSeconds, billedSeconds, freeSeconds, conversationId}`.
 * @event {CustomEvent<ErrorDetail>} voice-agent-error - The call failed: `{code, message, retryable, retryAfterSeconds?}`.
 * @event {CustomEvent<ToggleDetail>} voice-agent-toggle - The floating panel opened or closed: `{open}`.
 * @event {CustomEvent<FeedbackDetail>} voice-agent-feedback - The visitor rated the call that ended (once per
 *   call): `{rating: 'up' | 'down', conversationId}`. The widget keeps and sends nothing: the page decides.
 *
 * @slot consent - The owner's consent notice (text and links, in the page's own markup). When given, no call
 *   starts until the visitor presses "Accept and call" under it; accepted once per visit (a day, in
 *   localStorage), or once per page with `remember="none"`. Before that, `start()` opens the panel on the
 *   notice and resolves without calling (`state` stays `idle`).
 *
 * @csspart base - The wrapper carrying `dir` and `lang`.
 * @csspart launcher - The floating round button that opens and closes the panel.
 * @csspart panel - The call panel (a non-modal dialog when floating, a region when inline).
 * @csspart header - The panel's header: avatar, agent name, status line, close button.
 * @csspart avatar - The agent's picture or gradient with its initial.
 * @csspart agent-name - The agent's name (the panel's heading).
 * @csspart status - The visible status line (state, or who is speaking during the call).
 * @csspart close-button - Closes the floating panel.
 * @csspart body - The panel's content under the header.
 * @csspart intro - The text before the first call.
 * @csspart call-button - Starts a call (before the first call and after one ended).
 * @csspart cancel-button - Cancels a call while it connects.
 * @csspart output-level - The agent's voice level meter.
 * @csspart input-level - The microphone level meter (inside the mute button).
 * @csspart timer - Elapsed time and time left.
 * @csspart tool - The tool the agent is running.
 * @csspart transcript - The conversation list.
 * @csspart turn - One turn of the conversation.
 * @csspart turn-user - A turn of the visitor's (with `turn`).
 * @csspart turn-agent - A turn of the agent's (with `turn`).
 * @csspart turn-provisional - A turn that is not final yet (with `turn`).
 * @csspart line-dropped - The mark in the transcript where the line dropped.
 * @csspart jump-button - Scrolls the transcript back to the newest turn.
 * @csspart message-form - The typed-message form.
 * @csspart message-input - The typed-message text box.
 * @csspart send-button - Sends the typed message.
 * @csspart controls - Mute and End call.
 * @csspart mute-button - Mute toggle (`aria-pressed`).
 * @csspart end-button - Hangs up.
 * @csspart error - The error message and its action.
 * @csspart retry-button - Calls again after an error (counts down while the service asks to wait).
 * @csspart load-error - Said when the call's code could not be downloaded.
 * @csspart reload-button - Tries to download the call's code again (in `load-error`).
 * @csspart lang-select - The visitor's choice of language (outside a call).
 * @csspart placeholder - Holds the inline panel's place while its code loads.
 * @csspart ended - The end reason, the duration and Call again.
 * @csspart offline-notice - Said while the browser reports it is offline during a call.
 * @csspart microphone-held-notice - Said while the system holds the microphone during a call (a phone call, another app).
 * @csspart consent - The consent notice (its heading and the `consent` slot).
 * @csspart consent-button - Accepts the consent notice and calls.
 * @csspart devices - The "Audio devices" disclosure during a call.
 * @csspart microphone-select - Chooses the microphone; switches the running call.
 * @csspart speaker-select - Chooses the speaker (only where the browser has `AudioContext.setSinkId`).
 * @csspart feedback - The rating after a call: its question, buttons and thanks.
 * @csspart feedback-button - Each rating button (`aria-pressed` once chosen).
 * @csspart feedback-up - The thumbs-up button (with `feedback-button`).
 * @csspart feedback-down - The thumbs-down button (with `feedback-button`).
 * @csspart resume-notice - Shown when the browser paused the call's audio and only a tap can resume it.
 * @csspart resume-button - Tap to continue: resumes the call's audio in that tap.
 * @csspart typed-notice - Said at the top of a call that goes on without a microphone (typed).
 * @csspart type-instead-button - Continue by typing, where a voice call cannot start for want of a microphone.
 *
 * @cssproperty --voice-agent-accent - Main colour (call button, launcher, your turns). Default teal #0f766e / dark #5eead4.
 * @cssproperty --voice-agent-on-accent - Text and icons on the accent colour.
 * @cssproperty --voice-agent-surface - Panel background.
 * @cssproperty --voice-agent-surface-alt - Agent turns and secondary buttons background.
 * @cssproperty --voice-agent-text - Main text colour.
 * @cssproperty --voice-agent-text-muted - Secondary text colour.
 * @cssproperty --voice-agent-border - Borders of fields and controls (at least 3:1 against the surface).
 * @cssproperty --voice-agent-danger - End call and error colour.
 * @cssproperty --voice-agent-warning - Time-left warning colour.
 * @cssproperty --voice-agent-focus - Focus ring colour.
 * @cssproperty --voice-agent-radius - Corner radius of the panel (controls use half of it).
 * @cssproperty --voice-agent-font - Font family (system fonts by default; no font is downloaded).
 * @cssproperty --voice-agent-font-size - Base font size.
 * @cssproperty --voice-agent-panel-width - Width of the floating panel.
 * @cssproperty --voice-agent-panel-height - Height of the floating panel.
 * @cssproperty --voice-agent-launcher-size - Diameter of the launcher.
 * @cssproperty --voice-agent-offset - Distance of the launcher from the viewport's edges.
 * @cssproperty --voice-agent-z-index - Stacking order of the floating launcher and panel.
 */
export class VoiceAgentElement extends ReactiveHost {
  static observedAttributes = [
    'public-id', 'server-url', 'lang', 'audio-processing', 'worklet-base', 'muted', 'layout', 'placement', 'open',
    'remember',
  ];

  /** The agent's public id (required). */
  get publicId(): string {
    return this.getAttribute('public-id') ?? '';
  }
  set publicId(value: string) {
    this.setAttribute('public-id', value);
  }

  /** The service's root URL; default: the origin that served voice-agent.js. */
  get serverUrl(): string {
    return this.getAttribute('server-url') ?? '';
  }
  set serverUrl(value: string) {
    this.setAttribute('server-url', value);
  }

  /** `off` switches echo cancellation, noise suppression and auto gain off. */
  get audioProcessing(): string {
    return this.getAttribute('audio-processing') ?? 'on';
  }
  set audioProcessing(value: string) {
    this.setAttribute('audio-processing', value);
  }

  /** Base URL of the worklet files when they are not served beside voice-agent.js. */
  get workletBase(): string {
    return this.getAttribute('worklet-base') ?? '';
  }
  set workletBase(value: string) {
    this.setAttribute('worklet-base', value);
  }

  /** While true the widget sends silent frames at real-time pace. */
  get muted(): boolean {
    return this.hasAttribute('muted');
  }
  set muted(value: boolean) {
    this.toggleAttribute('muted', Boolean(value));
  }

  /** `floating` (a launcher opens a panel) or `inline` (the panel sits in the page flow). */
  get layout(): Layout {
    return this.getAttribute('layout') === 'inline' ? 'inline' : 'floating';
  }
  set layout(value: Layout) {
    this.setAttribute('layout', value);
  }

  /** The floating launcher's corner: `end` (inline end, bottom) or `start`. Mirrors with the direction. */
  get placement(): Placement {
    return this.getAttribute('placement') === 'start' ? 'start' : 'end';
  }
  set placement(value: Placement) {
    this.setAttribute('placement', value);
  }

  /** Whether the floating panel is open (ignored inline, where the panel always shows). */
  get open(): boolean {
    return this.hasAttribute('open');
  }
  set open(value: boolean) {
    this.toggleAttribute('open', Boolean(value));
  }

  /** `visit`: keep the one-day visit token in localStorage; `none`: store nothing (memory only). */
  get remember(): 'visit' | 'none' {
    return this.getAttribute('remember') === 'none' ? 'none' : 'visit';
  }
  set remember(value: 'visit' | 'none') {
    this.setAttribute('remember', value);
  }

  /** `light`, `dark`, or `auto` (follows the system's `prefers-color-scheme`); the styles follow the attribute. */
  get theme(): 'light' | 'dark' | 'auto' {
    const theme = this.getAttribute('theme')?.toLowerCase();
    return theme === 'light' || theme === 'dark' ? theme : 'auto';
  }
  set theme(value: 'light' | 'dark' | 'auto') {
    this.setAttribute('theme', value);
  }

  /** Microphone for the next call (`deviceId` from `navigator.mediaDevices.enumerateDevices()`); default if empty. */
  get inputDeviceId(): string {
    return this.#inputDeviceId;
  }
  set inputDeviceId(value: string) {
    this.#inputDeviceId = String(value ?? '');
  }
  /** Speaker for the next call where the browser can choose (`AudioContext.setSinkId`); default if empty. */
  get outputDeviceId(): string {
    return this.#outputDeviceId;
  }
  set outputDeviceId(value: string) {
    this.#outputDeviceId = String(value ?? '');
  }

  // Accessors, not fields: a value a page set before the element was defined would be overwritten by a
  // field's initializer before connectedCallback could take it over (upgradeProperties).
  #inputDeviceId = '';
  #outputDeviceId = '';

  /** The owner's consent notice (the `consent` slot): gates every start. */
  readonly #consent = new ConsentGate(this, () => this.#agentKey, () => this.#remembers);
  /** The agent of the last call, kept for the visit: its face and language before the next call. */
  readonly #lastAgent = new Remembered(() => `voice-agent:agent:${this.#agentKey}`, () => this.#remembers, readAgent);
  /** The language the visitor picked in the panel. */
  readonly #chosenLang = new Remembered(() => 'voice-agent:lang', () => this.#remembers, readLang);
  /** The last call's agent as read when the widget was set up, not when a call ends: the language never flips
   *  under the visitor's eyes (the next page load speaks the agent's language). */
  #rememberedAgent: AgentInfo | null = null;
  readonly #language = new LangController(this, {
    chosen: () => this.#chosenLang.get(),
    remembered: () => this.#rememberedAgent?.language,
  });
  /** The call session, its audio and the panel, once their code is loaded (see call-ui-loader.ts).
   *  @internal (not in the published declarations) */
  protected ui: CallUi | null = null;
  #loading: Promise<CallUi> | null = null;
  /** The language the panel last spoke; it keeps speaking it while the strings of a new one download. */
  #spokenLang: Lang | null = null;
  #catalogueLoading: Promise<void> | null = null;
  /** A language whose strings did not download: asked for again when the visitor picks it again. */
  #failedLang: Lang | null = null;
  /** A `start()` waiting for the call's code, with the audio its gesture opened; `cancelled` once `end()` was
   *  called or the element left the page meanwhile. */
  #waitingStart: WaitingStart | null = null;
  /** The audio opened in the gesture of the `start()` under way, until the call's audio engine adopts it. */
  #gesture: GestureAudio | null = null;
  /** The call's code could not be loaded; `fromStart`: a `start()` asked for it (the state is then `error`). */
  #loadFailure: { fromStart: boolean } | null = null;
  private shell: Shell | null = null;
  /** Set when the panel closes while the focus is inside it (the focus then goes to the launcher). */
  #panelHadFocus = false;

  constructor() {
    super();
    this.addEventListener('voice-agent-state', () => this.#onState());
    this.addEventListener('voice-agent-ready', (event) => this.#lastAgent.put((event as CustomEvent<ReadyDetail>).detail.agent));
  }

  /** `idle` | `connecting` | `live` | `reconnecting` | `ending` | `ended` | `error` (reflected as `state`). */
  get state(): CallState {
    if (this.#loadFailure?.fromStart) return 'error';
    return this.ui?.state ?? 'idle';
  }

  /** Starts a call (again after `ended` or `error`). Call it from the visitor's gesture. With
   *  `{ microphone: false }`, a typed call: no microphone is asked for (no permission prompt), the visitor
   *  types and hears the agent, and the uplink carries real-time silence. With the owner's consent notice
   *  not yet accepted, it opens the panel on the notice and resolves without calling. */
  start(options: { microphone?: boolean } = {}): Promise<void> {
    if (this.#consent.pending) {
      // The owner's notice comes first: the panel shows it; its button accepts and calls.
      this.open = true;
      return Promise.resolve();
    }
    if (!this.publicId) return Promise.reject(new TypeError('voice-agent: a public-id is needed to start a call'));
    const ui = this.ui;
    if (ui && isActive(ui.state)) return ui.call.start(this.#target, options); // the call under way
    if (this.#waitingStart) return this.#waitingStart.done;
    // In the gesture, before anything is awaited: the microphone is asked for and the context created.
    const gesture = this.openGestureAudio(options.microphone !== false);
    if (ui) return this.#startCall(ui, gesture, options);
    this.#loadFailure = null;
    const waiting: WaitingStart = { done: Promise.resolve(), cancelled: false, gesture };
    const settled = () => {
      if (this.#waitingStart === waiting) this.#waitingStart = null;
    };
    waiting.done = this.loadUi().then(
      (loaded) => {
        settled();
        if (!waiting.cancelled) return this.#startCall(loaded, gesture, options);
      },
      () => {
        settled();
        gesture?.release();
        if (!waiting.cancelled) this.#failedToStart();
      },
    );
    this.#waitingStart = waiting;
    this.requestUpdate();
    return waiting.done;
  }

  /** Hangs up. */
  end(): Promise<void> {
    if (!this.#waitingStart) return this.ui?.call.session.end() ?? Promise.resolve();
    this.#cancelWaitingStart();
    return Promise.resolve();
  }

  /** A `start()` still waiting for the call's code will not call: the microphone and the context its gesture
   *  opened are let go now (the download may never finish), and a new `start()` starts afresh. */
  #cancelWaitingStart(): void {
    const waiting = this.#waitingStart;
    if (!waiting) return;
    this.#waitingStart = null;
    waiting.cancelled = true;
    waiting.gesture?.release();
    this.requestUpdate();
  }

  /** Sends a typed message instead of speech (stops the agent's current sentence). Throws unless a call is live. */
  sendText(text: string): void {
    if (!this.ui) throw new Error(`voice-agent: sendText needs a live call (the call is ${this.state})`);
    this.ui.call.session.sendText(text);
  }

  /** Forgets the visit: removes what the widget stored on this origin (visit tokens, the agent last called,
   *  the visitor's language, the consent notice's acceptance) and the visit token in memory, so the next call
   *  starts a new visit (for shared computers and kiosks, between visitors). */
  forget(): void {
    this.ui?.call.session.forget();
    forgetStoredVisits();
    this.#consent.forget();
    this.#lastAgent.forget();
    this.#chosenLang.forget();
    this.#rememberedAgent = null;
    this.requestUpdate();
  }

  /** Opens the floating panel. */
  show(): void {
    this.open = true;
  }

  /** Closes the floating panel (a call under way goes on; the launcher shows it). */
  hide(): void {
    this.open = false;
  }

  /** Diagnostics of the current or last call: what the session sent, received and dropped, and the
   *  agent voice's playback (queue depth, played position, underruns); `playback` is null without audio. */
  get stats(): SessionStats & { playback: PlaybackStatus | null } {
    return this.ui?.stats ?? { droppedMessages: 0, framesSent: 0, framesDropped: 0, audioBytesReceived: 0, rttMs: null, playback: null };
  }

  /** Opens the call's audio in the visitor's gesture, before the call's code is awaited. Tests replace it.
   *  @internal (not in the published declarations) */
  protected openGestureAudio(microphone: boolean): GestureAudio | null {
    return new GestureAudio({ microphone, audioProcessing: this.audioProcessing !== 'off', deviceId: this.inputDeviceId || undefined });
  }

  /** The call's audio: the microphone and the agent's voice. Tests replace it with fakes.
   *  @internal (not in the published declarations) */
  protected createAudio(): ReturnType<AudioFactory> {
    const gesture = this.#gesture;
    this.#gesture = null;
    return this.ui!.createBrowserAudio({
      audioProcessing: this.audioProcessing !== 'off',
      workletBaseUrl: this.workletBase || undefined,
      inputDeviceId: this.inputDeviceId || undefined,
      outputDeviceId: this.outputDeviceId || undefined,
      gesture: gesture ?? undefined,
    });
  }

  /** Loads the call's code now (it loads by itself on the first sign of interest); resolves once the panel
   *  can render. @internal (tests wait for it) */
  loadUi(): Promise<CallUi> {
    if (this.ui) return Promise.resolve(this.ui);
    this.#loading ??= Promise.all([loadCallUi(), this.#loadCurrentCatalogue()]).then(
      ([{ CallUi }, lang]) => {
        this.#loading = null;
        this.#spokenLang = lang;
        const failedStart = !!this.#loadFailure?.fromStart;
        this.#loadFailure = null;
        this.ui ??= new CallUi(this, {
          createAudio: () => this.createAudio(),
          consent: this.#consent,
          knownAgent: () => this.#rememberedAgent,
          shell: () => this.shell?.base ?? null,
          chooseLang: (lang) => {
            this.#failedLang = null;
            this.#chosenLang.put(lang);
            this.requestUpdate();
          },
          rendered: () => this.renderComplete,
        });
        this.ui.muted = this.muted;
        this.#applyRemember();
        this.requestUpdate();
        if (failedStart) {
          // A start() ended in LOAD_FAILED and the code arrived since (the panel was opened): ready to call.
          this.setAttribute('state', this.state);
          emit(this, 'voice-agent-state', { state: this.state });
        }
        return this.ui;
      },
      (error: unknown) => {
        this.#loading = null;
        // Where the panel should be showing, the visitor is told (with a retry); a hover's preload is silent.
        if (this.open || !this.floating) this.#loadFailure ??= { fromStart: false };
        this.requestUpdate();
        throw error;
      },
    );
    this.requestUpdate();
    return this.#loading;
  }

  /** The strings of the language the widget wants, once they are here (again if it changed meanwhile: the
   *  panel first shows in the language the launcher already speaks). */
  async #loadCurrentCatalogue(): Promise<Lang> {
    let lang: Lang;
    do {
      lang = this.#language.lang;
      await loadCatalogue(lang);
    } while (lang !== this.#language.lang);
    return lang;
  }

  /** Waits for the call's code and a new language's strings too while they load: after `show()`, or a
   *  change of `lang`, `await updateComplete` sees the panel as it will be. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#loading?.catch(() => undefined);
    const complete = await super.getUpdateComplete();
    if (!this.#catalogueLoading) return complete;
    await this.#catalogueLoading;
    return this.getUpdateComplete();
  }

  override connectedCallback(): void {
    this.shell ??= new Shell(this.shadowRoot ?? this.#attachOwnShadow(), {
      toggle: this.#toggleFromLauncher,
      interest: this.#onInterest,
      retry: this.#retryLoad,
      keydown: this.#onKeydown,
    });
    upgradeProperties(this, SETTABLE_PROPERTIES);
    this.#rememberedAgent = this.#lastAgent.get();
    this.setAttribute('state', this.state);
    super.connectedCallback();
    if (!this.floating || this.open) this.#loadInBackground();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Taken off the page while a start() waits for the call's code: no call (its controllers would never hear
    // of the removal). A move (removed and inserted in the same task) is not a removal.
    queueMicrotask(() => {
      if (!this.isConnected) this.#cancelWaitingStart();
    });
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    if (name === 'muted' && this.ui) this.ui.muted = this.muted;
    if (name === 'remember') this.#applyRemember();
    if (['public-id', 'server-url', 'remember'].includes(name) && this.isConnected) {
      this.#rememberedAgent = this.#lastAgent.get();
    }
    if (name === 'layout' && !this.floating && this.isConnected) this.#loadInBackground();
    if (name === 'open' && this.shell) this.#openChanged(); // not for the attribute the page wrote in its HTML
    this.requestUpdate();
  }

  protected update(): void {
    const { floating, ui, shell, open } = this;
    if (!shell) return;
    const lang = this.#langToSpeak();
    const sheet = !!ui?.sheet;
    const modal = floating && open && sheet;
    shell.update({
      t: LAUNCHER_STRINGS[lang],
      lang,
      floating,
      placement: this.placement,
      sheet,
      loaded: !!ui,
      loadFailed: !!this.#loadFailure && !ui && (!floating || open || this.#loadFailure.fromStart),
      launcher: {
        agent: ui?.agent ?? this.#rememberedAgent,
        open,
        active: isActive(this.state),
        busy: !!this.#loading && (open || !!this.#waitingStart),
        needsTap: ui?.needsTap ?? false,
        inert: modal,
      },
    });
    // The switcher shows the language the visitor picked while its strings download.
    const wantedLang = this.#catalogueLoading ? this.#language.lang : lang;
    ui?.renderInto(shell.panel, { t: loadedCatalogue(lang)!, wantedLang, floating, modal, open, onClose: this.#close });
    // Closing a panel that held the focus (Escape, close button, hide()) hands it to the launcher.
    if (!open && this.#panelHadFocus) shell.launcher.element.focus();
    this.#panelHadFocus = false;
  }

  /** The language the widget wants (see LangController), once the panel has its strings: until then the whole
   *  widget (words, direction, the launcher's name) keeps the language the panel spoke, and the new strings
   *  are downloaded. Before the call's code is loaded only the launcher speaks, and its strings are here. */
  #langToSpeak(): Lang {
    const wanted = this.#language.lang;
    // A language whose strings failed is asked for again once another one was wanted since.
    if (this.#failedLang !== wanted) this.#failedLang = null;
    if (loadedCatalogue(wanted)) return (this.#spokenLang = wanted);
    if (!this.ui) return wanted;
    // Not downloaded (offline): the panel stays in its language, and says so in its switcher, until the
    // visitor picks it again.
    if (!this.#failedLang && !this.#catalogueLoading) {
      this.#catalogueLoading = loadCatalogue(wanted)
        .then(() => undefined, () => void (this.#failedLang = wanted))
        .finally(() => {
          this.#catalogueLoading = null;
          this.requestUpdate();
        });
    }
    return this.#spokenLang!; // set with the call's code
  }

  #attachOwnShadow(): ShadowRoot {
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, styles);
    return root;
  }

  get #target(): CallTarget {
    return { serverUrl: this.serverUrl || scriptOrigin(), publicId: this.publicId };
  }

  /** Which agent (service and public id) what is remembered belongs to. */
  get #agentKey(): string {
    const { serverUrl, publicId } = this.#target;
    return `${serverUrl}|${publicId}`;
  }

  get #remembers(): boolean {
    return this.remember !== 'none';
  }

  private get floating(): boolean {
    return this.layout !== 'inline';
  }

  #startCall(ui: CallUi, gesture: GestureAudio | null, options: { microphone?: boolean }): Promise<void> {
    this.#applyRemember(); // the attribute may have been set in this same task
    this.#gesture?.release();
    this.#gesture = gesture;
    return ui.call.start(this.#target, options);
  }

  #applyRemember(): void {
    if (this.ui) this.ui.call.session.remember = this.#remembers ? 'visit' : 'none';
  }

  /** Loads the call's code without waiting for it (a failure is shown where the panel would be). */
  #loadInBackground(): void {
    if (!this.ui && !this.#loading) this.loadUi().catch(() => undefined);
  }

  /** The call's code did not arrive for a `start()`: said in the widget with a retry, and the call ends in
   *  `error` with LOAD_FAILED. */
  #failedToStart(): void {
    this.#loadFailure = { fromStart: true };
    this.requestUpdate();
    this.setAttribute('state', 'error');
    emit(this, 'voice-agent-state', { state: 'error' });
    const detail: ErrorDetail = { code: 'LOAD_FAILED', message: 'The widget could not download the code of the call.', retryable: true };
    emit(this, 'voice-agent-error', detail);
  }

  readonly #retryLoad = (): void => {
    // The Try again button is hidden once the code is there: its focus moves into the panel, not to the page.
    const hadFocus = this.shadowRoot?.activeElement?.getAttribute('part') === 'reload-button';
    if (this.#loadFailure?.fromStart) {
      void this.start();
    } else {
      this.#loadFailure = null;
      this.#loadInBackground();
    }
    if (!hadFocus) return;
    void this.loadUi()
      .then(() => this.renderComplete)
      .then(() => {
        const active = this.shadowRoot?.activeElement;
        if (!active || active.getAttribute('part') === 'reload-button') this.ui?.focusPanel();
      }, () => undefined);
  };

  #openChanged(): void {
    if (this.open) this.#loadInBackground();
    this.#panelHadFocus = !this.open && !!this.ui?.hasFocus;
    emit(this, 'voice-agent-toggle', { open: this.open });
  }

  #onState(): void {
    const state = this.state;
    this.setAttribute('state', state);
    if (state === 'connecting') {
      // The language the panel speaks, even while the one the visitor picked is still downloading.
      this.#language.hold(this.#spokenLang ?? undefined);
      // A call started by the page (start()) shows itself; focus stays where the visitor is.
      if (this.floating) this.open = true;
    } else if (!isActive(state)) {
      this.#language.release();
    }
    this.requestUpdate();
  }

  // ——— visitor intents on the launcher ———

  readonly #toggleFromLauncher = async (): Promise<void> => {
    // The browser held the call's audio until a tap (the launcher says so): this tap resumes it.
    if (this.ui?.needsTap) this.ui.resumeAudio();
    this.open = !this.open;
    if (!this.open) return;
    const ui = await this.loadUi().catch(() => null);
    await this.renderComplete;
    if (this.open) ui?.focusPanel();
  };

  /** The visitor points at, focuses or presses the launcher: the call's code starts loading. */
  readonly #onInterest = (): void => {
    if (!this.#loadFailure) this.#loadInBackground();
  };

  readonly #close = (): void => {
    this.open = false;
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Tab' && this.floating && this.open && this.ui?.sheet) {
      this.ui.keepFocusIn(event);
      return;
    }
    if (event.key !== 'Escape' || !this.floating || !this.open) return;
    event.stopPropagation();
    this.#close();
  };
}

/** Properties a page set on the element before its definition loaded (frameworks do) go through the setters. */
function upgradeProperties(element: HTMLElement, names: readonly string[]): void {
  const own = element as unknown as Record<string, unknown>;
  for (const name of names) {
    if (!Object.hasOwn(element, name)) continue;
    const value = own[name];
    delete own[name];
    own[name] = value;
  }
}

function readLang(value: unknown): Lang | null {
  return LANGS.find((lang) => lang === value) ?? null;
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-agent': VoiceAgentElement;
  }
}
