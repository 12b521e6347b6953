// What <voice-agent> does behind its public API, by part: the shell (the launcher and the panel's place,
// drawn by hand: every page downloads this), the visit memory, the consent gate, the language decision, the
// call loader (the call's code, on demand) and the launcher's focus rules. This file only wires them together
// and draws the shell; each part has its own file.
import type { GestureAudio } from '../../audio/gesture-audio.ts';
import { isActive } from '../../call/state-machine.ts';
import type { AgentInfo, CallState, CallStats } from '../../call/types.ts';
import { LAUNCHER_STRINGS } from '../i18n/launcher.ts';
import type { AudioFactory, CallUi, CallUiHost } from './call-ui.ts';
import { CallLoader } from './call-loader.ts';
import { loadedCallUi } from './call-ui-loader.ts';
import { loadedCatalogue } from './catalogue-loader.ts';
import { ConsentGate } from './consent.ts';
import { emit } from './emit.ts';
import { LanguageDecision } from './language-decision.ts';
import { LauncherFocus } from './launcher-focus.ts';
import { Shell } from './shell.ts';
import { VisitMemory } from './visit-memory.ts';

/** The element as its parts see it. */
export interface WidgetHost extends CallUiHost {
  open: boolean;
  readonly publicId: string;
  readonly serverUrl: string;
  readonly placement: 'start' | 'end';
  readonly remember: 'visit' | 'none';
  readonly continue: 'on' | 'off';
}

/** The element's protected hooks (tests replace them) and its render timing. */
export interface WidgetHooks {
  createAudio: AudioFactory;
  openGestureAudio: (microphone: boolean) => GestureAudio | null;
  /** Resolves once the element's DOM is up to date (not waiting for a download). */
  rendered: () => Promise<unknown>;
}

/** Where voice-agent.js was served from: the default service root. Read when a call starts, not on import
 *  (a bundler or a server-side renderer may give the module an `import.meta.url` that is no page's origin). */
const scriptOrigin = (): string => new URL(import.meta.url).origin;

const NO_STATS: CallStats = {
  droppedMessages: 0, framesSent: 0, framesDropped: 0, audioBytesReceived: 0, rttMs: null, quality: 'good', playback: null, transport: null,
  microphone: false,
};

export class Widget {
  readonly #host: WidgetHost;
  readonly #memory: VisitMemory;
  readonly #consent: ConsentGate;
  /** The last call's agent as read when the widget was set up, not when a call ends: the language never flips
   *  under the visitor's eyes (the next page load speaks the agent's language). */
  #rememberedAgent: AgentInfo | null;
  readonly #language: LanguageDecision;
  readonly #calls: CallLoader;
  readonly #launcher: LauncherFocus;
  #shell: Shell | null = null;

  constructor(host: WidgetHost, hooks: WidgetHooks) {
    this.#host = host;
    const memory = (this.#memory = new VisitMemory(() => this.target, () => host.remember !== 'none'));
    this.#consent = new ConsentGate(host, memory);
    this.#rememberedAgent = memory.lastAgent;
    this.#language = new LanguageDecision(host, {
      chosen: () => memory.chosenLang,
      remembered: () => this.#rememberedAgent?.language,
    });
    this.#calls = new CallLoader({
      host,
      ui: {
        createAudio: hooks.createAudio,
        consent: this.#consent,
        knownAgent: () => this.#rememberedAgent,
        target: () => this.target,
        continues: () => this.#continues,
        shell: () => this.#shell?.base ?? null,
        chooseLang: (lang) => {
          memory.chosenLang = lang;
          host.requestUpdate();
        },
        rendered: hooks.rendered,
        ready: (agent) => (memory.lastAgent = agent),
        stateChanged: () => this.#stateChanged(),
      },
      remember: () => host.remember,
      consentPending: () => this.#consent.pending,
      showPanel: () => (host.open = true),
      panelShowing: () => host.open || !this.#floating,
      openGesture: hooks.openGestureAudio,
      loadLang: () => this.#language.loadForPanel(),
    });
    this.#launcher = new LauncherFocus({
      element: host,
      ui: () => this.ui,
      load: () => this.#calls.load(),
      rendered: hooks.rendered,
      shell: () => this.#shell,
    });
  }

  /** The service and the agent a call goes to. */
  get target() {
    return { serverUrl: this.#host.serverUrl || scriptOrigin(), publicId: this.#host.publicId };
  }

  get ui(): CallUi | null {
    return this.#calls.ui;
  }

  get calls(): CallLoader {
    return this.#calls;
  }

  get state(): CallState {
    return this.#calls.state;
  }

  get stats(): CallStats {
    return this.ui?.stats ?? NO_STATS;
  }

  sendText(text: string): void {
    if (!this.ui) throw new Error(`voice-agent: sendText needs a live call, not ${this.state}`);
    this.ui.call.sendText(text);
  }

  forget(): void {
    this.ui?.forget();
    this.#memory.forget();
    this.#rememberedAgent = null;
    this.#host.requestUpdate();
  }

  /** Settles once the call's code and a new language's strings are here (or failed). */
  async downloads(): Promise<void> {
    if (this.#calls.loading) await this.#calls.load().catch(() => undefined);
    await this.ui?.language.downloading;
  }

  get downloading(): boolean {
    return !!this.ui?.language.downloading;
  }

  /** Draws the shell into the element's shadow root (once). */
  attach(root: ShadowRoot): void {
    this.#shell ??= new Shell(root, {
      toggle: this.#launcher.toggle,
      interest: () => this.#calls.failure || this.#calls.loadInBackground(),
      retry: () => this.#launcher.keepThroughRetry(() => this.#calls.retry()),
      keydown: this.#launcher.keydown,
    });
  }

  /** The element is on the page (with the properties a page set before its definition taken over). The call's
   *  code comes at once for an inline panel, for a call of this agent that an element left a moment ago (this one
   *  adopts it), and for the previous page's call (the panel opens on the offer to continue it). */
  connected(): void {
    const host = this.#host;
    this.#rememberedAgent = this.#memory.lastAgent;
    this.#reflectState();
    const offered = this.#continues && this.#memory.continuationOffered;
    if (offered && this.#floating) host.open = true;
    if (!this.#floating || host.open || loadedCallUi()) this.#calls.loadInBackground();
  }

  disconnected(): void {
    // Taken off the page while a start() waits for the call's code: no call (its controllers would never hear
    // of the removal). A move (removed and inserted in the same task) is not a removal.
    queueMicrotask(() => this.#host.isConnected || this.#calls.cancelWaitingStart());
  }

  attributeChanged(name: string): void {
    const host = this.#host;
    if (name === 'muted' && this.ui) this.ui.call.muted = host.muted;
    if (name === 'remember' && this.ui) this.ui.call.remember = host.remember;
    if (['public-id', 'server-url', 'remember'].includes(name) && host.isConnected) this.#rememberedAgent = this.#memory.lastAgent;
    if (name === 'layout' && !this.#floating && host.isConnected) this.#calls.loadInBackground();
    if (name === 'open' && this.#shell) this.#openChanged(); // not for the attribute the page wrote in its HTML
  }

  /** Draws the shell, and the panel into it once the call's code is here. */
  update(): void {
    const { ui } = this;
    const { open, placement } = this.#host;
    const shell = this.#shell;
    if (!shell) return;
    const floating = this.#floating;
    const wanted = this.#language.wanted;
    const lang = ui ? ui.language.speak(wanted) : wanted;
    const modal = floating && open && !!ui?.sheet;
    const failure = this.#calls.failure;
    shell.update({
      t: (ui && loadedCatalogue(lang)) || LAUNCHER_STRINGS[lang], lang, floating, placement, sheet: !!ui?.sheet, loaded: !!ui,
      loadFailed: !!failure && !ui && (!floating || open || failure.fromStart) && (failure.forbidden ? 'forbidden' : true),
      launcher: {
        agent: ui?.agent ?? this.#rememberedAgent, open, active: isActive(this.state),
        busy: this.#calls.loading && (open || this.#calls.waiting), needsTap: ui?.audio.needsTap ?? false, inert: modal,
      },
    });
    // The switcher shows the language the visitor picked while its strings download.
    const wantedLang = ui?.language.downloading ? wanted : lang;
    ui?.renderInto(shell.panel, { t: loadedCatalogue(lang)!, wantedLang, floating, modal, open, onClose: this.#launcher.close });
  }

  /** The one place the `state` attribute is set. */
  #reflectState(): void {
    this.#host.setAttribute('state', this.state);
  }

  #stateChanged(): void {
    this.#reflectState();
    if (this.state === 'connecting') {
      this.#language.hold(this.ui?.language.spoken);
      // A call started by the page (start()) shows itself; focus stays where the visitor is.
      if (this.#floating) this.#host.open = true;
    } else if (!isActive(this.state)) {
      this.#language.release();
    }
    this.#host.requestUpdate();
  }

  #openChanged(): void {
    const { open } = this.#host;
    if (open) this.#calls.loadInBackground();
    emit(this.#host, 'voice-agent-toggle', { open });
  }

  /** The owner lets a call go on on the next page: `remember="visit"` and `continue` not `off`. */
  get #continues(): boolean {
    return this.#host.remember !== 'none' && this.#host.continue !== 'off';
  }

  get #floating(): boolean {
    return this.#host.layout !== 'inline';
  }
}
