// The call's code (call-ui-loader.ts) and its language's strings arrive on the first sign of interest. A
// start() may come before them: the visitor's gesture opens the call's audio at once (GestureAudio: the
// microphone is asked for and the context created before anything is awaited), and the call starts when the
// code is here. When it does not come, the widget says so with a retry, and the start ends in `error`
// (LOAD_FAILED).
import type { GestureAudio } from '../../audio/gesture-audio.ts';
import { isActive } from '../../call/state-machine.ts';
import type { CallState, ErrorDetail } from '../../call/types.ts';
import type { RememberMode } from '../../call/visit-tokens.ts';
import type { Lang } from '../i18n/catalogue.ts';
import type { SessionFactory } from '../../worker/transport.ts';
import type { CallUi, CallUiHost, CallUiOptions } from './call-ui.ts';
import { loadCallUi, loadedCallUi, type CallUiModule } from './call-ui-loader.ts';
import { emit } from './emit.ts';

/** A `start()` waiting for the call's code; `cancelled` once `end()` was called or the element left the page. */
interface WaitingStart {
  done: Promise<void>;
  cancelled: boolean;
  /** What the visitor's gesture opened, released if the call does not happen. */
  gesture: GestureAudio | null;
}

const FORBIDDEN = "This page's trusted-types refuse 'lit-html': allow `lit-html voice-agent` there.";

/** The import failed because the page forbids a Trusted Types policy (lit-html creates one when it loads). */
const forbiddenByPage = (error: unknown): boolean => /createPolicy|trusted.?types?/i.test(String(error));

export interface CallLoaderOptions {
  host: CallUiHost;
  /** What the call UI is built with (but where its calls run: found out as its code loads). Its `stateChanged`
   *  is this loader's too. */
  ui: Omit<CallUiOptions, 'sessions'>;
  remember: () => RememberMode;
  /** The owner's consent notice is to be accepted first. */
  consentPending: () => boolean;
  /** Opens the floating panel (on the consent notice, or on a failure to load). */
  showPanel: () => void;
  /** Whether the panel shows now (where a failure to load is said; a hover's preload fails silently). */
  panelShowing: () => boolean;
  /** Opens the call's audio; called synchronously in the visitor's gesture. */
  openGesture: (microphone: boolean) => GestureAudio | null;
  /** The strings of the language the panel will speak. */
  loadLang: () => Promise<Lang>;
}

export class CallLoader {
  /** The call UI, once its code is loaded. */
  ui: CallUi | null = null;
  /** The call's code could not be loaded; `fromStart`: a `start()` asked for it (the state is then `error`);
   *  `forbidden`: the page's Trusted Types forbid Lit's policy, which no retry changes. */
  failure: { fromStart: boolean; forbidden?: boolean } | null = null;
  #loading: Promise<CallUi> | null = null;
  /** The page's Trusted Types forbid Lit's policy: the call's code can never run here. */
  #forbidden = false;
  #waiting: WaitingStart | null = null;
  /** The audio opened in the gesture of the `start()` under way, until the call's audio engine takes it. */
  #gesture: GestureAudio | null = null;
  readonly #options: CallLoaderOptions;

  constructor(options: CallLoaderOptions) {
    this.#options = options;
  }

  get state(): CallState {
    return this.failure?.fromStart ? 'error' : (this.ui?.state ?? 'idle');
  }

  /** The code is on its way, and a start() waits for it. */
  get waiting(): boolean {
    return !!this.#waiting;
  }

  get loading(): boolean {
    return !!this.#loading;
  }

  /** The call's code and strings, loaded once; a failure is said where the panel shows. */
  load(): Promise<CallUi> {
    if (this.ui) return Promise.resolve(this.ui);
    const { host } = this.#options;
    // Where its calls run is found out with the code (a worker has to answer first).
    const code = () => loadCallUi().then(async (module) => ({ module, sessions: await module.prepareSessions() }));
    this.#loading ??= Promise.all([code(), this.#options.loadLang()]).then(
      ([{ module, sessions }]) => {
        this.#loading = null;
        const failedStart = !!this.failure?.fromStart;
        this.failure = null;
        this.ui ??= this.#create(module, sessions);
        host.requestUpdate();
        // A start() ended in LOAD_FAILED and the code arrived since (the panel was opened): ready to call.
        if (failedStart) this.#stateChanged();
        return this.ui;
      },
      (error: unknown) => {
        this.#loading = null;
        if (!this.#forbidden && forbiddenByPage(error)) {
          this.#forbidden = true;
          console.error(`<voice-agent>: ${FORBIDDEN}`); // the owner's line (the page's Trusted Types do not change)
        }
        if (this.#options.panelShowing()) this.failure ??= { fromStart: false, forbidden: this.#forbidden };
        host.requestUpdate();
        throw error;
      },
    );
    host.requestUpdate();
    return this.#loading;
  }

  /** Loads without waiting (a failure is shown where the panel would be). */
  loadInBackground(): void {
    if (!this.ui && !this.#loading) this.load().catch(() => undefined);
  }

  /** The page's start(): see VoiceAgentElement.start. */
  start(options: { microphone?: boolean }): Promise<void> {
    if (this.#options.consentPending()) {
      // The owner's notice comes first: the panel shows it; its button accepts and calls.
      this.#options.showPanel();
      this.#options.host.requestUpdate();
      return Promise.resolve();
    }
    const target = this.#options.ui.target();
    if (!target.publicId) return Promise.reject(new TypeError('voice-agent: a call needs a public-id'));
    const ui = this.ui;
    if (ui && isActive(ui.state)) return ui.call.start(target, options); // the call under way
    if (this.#waiting) return this.#waiting.done;
    // One call per page: any other one ends first, so its microphone is let go before this one's is asked for.
    loadedCallUi()?.endOthers(ui?.call);
    // In the gesture, before anything is awaited: the microphone is asked for and the context created.
    const gesture = this.#options.openGesture(options.microphone !== false);
    if (ui) return this.#startCall(ui, gesture, options);
    gesture?.openContext(); // the call starts once its code is here, after the gesture
    this.failure = null;
    const waiting: WaitingStart = { done: Promise.resolve(), cancelled: false, gesture };
    const settled = () => {
      if (this.#waiting === waiting) this.#waiting = null;
    };
    waiting.done = this.load().then(
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
    this.#waiting = waiting;
    this.#options.host.requestUpdate();
    return waiting.done;
  }

  end(): Promise<void> {
    if (!this.#waiting) return this.ui?.call.end() ?? Promise.resolve();
    this.cancelWaitingStart();
    return Promise.resolve();
  }

  /** A `start()` still waiting for the call's code will not call: the microphone and the context its gesture
   *  opened are let go now (the download may never finish), and a new `start()` starts afresh. */
  cancelWaitingStart(): void {
    const waiting = this.#waiting;
    if (!waiting) return;
    this.#waiting = null;
    waiting.cancelled = true;
    waiting.gesture?.release();
    this.#options.host.requestUpdate();
  }

  /** What the gesture of the start under way opened, for the call's audio engine (once). */
  takeGesture(): GestureAudio | null {
    const gesture = this.#gesture;
    this.#gesture = null;
    return gesture;
  }

  /** Try again after a failure to load: the start that failed, or the download. */
  retry(): void {
    if (this.#forbidden) return;
    if (this.failure?.fromStart) {
      void this.start({});
    } else {
      this.failure = null;
      this.loadInBackground();
    }
  }

  #create({ CallUi }: typeof CallUiModule, sessions: SessionFactory): CallUi {
    const ui = new CallUi(this.#options.host, { ...this.#options.ui, sessions });
    ui.call.remember = this.#options.remember();
    return ui;
  }

  /** `state` changed outside the call (a start that could not load its code, and the code arriving since): the
   *  element hears it as from a call, and the page from here. */
  #stateChanged(): void {
    this.#options.ui.stateChanged();
    emit(this.#options.host, 'voice-agent-state', { state: this.state });
  }

  #startCall(ui: CallUi, gesture: GestureAudio | null, options: { microphone?: boolean }): Promise<void> {
    ui.call.remember = this.#options.remember(); // the attribute may have been set in this same task
    this.#gesture?.release();
    this.#gesture = gesture;
    return ui.call.start(this.#options.ui.target(), options);
  }

  /** The call's code did not arrive for a `start()`: said in the widget with a retry, and the call ends in
   *  `error` with LOAD_FAILED. */
  #failedToStart(): void {
    const { host } = this.#options;
    const forbidden = this.#forbidden;
    this.failure = { fromStart: true, forbidden };
    host.requestUpdate();
    this.#stateChanged();
    const message = forbidden ? FORBIDDEN : 'The widget could not download its call code.';
    emit(host, 'voice-agent-error', { code: 'LOAD_FAILED', message, retryable: !forbidden } satisfies ErrorDetail);
  }
}
