import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { AgentInfo, CallState } from '../call/types.ts';
import { activityOf } from './activity.ts';
import { AutoScrollController } from './auto-scroll-controller.ts';
import type { PlaybackStatus } from '../audio/audio-engine.ts';
import { isActive } from '../call/state-machine.ts';
import type { SessionStats } from '../call/session.ts';
import { type BrowserAudio, createBrowserAudio } from './browser-audio.ts';
import { type AudioFactory, CallController } from './call-controller.ts';
import { WARNING_SECONDS, callTimes, retryWaitSeconds } from './call-clock.ts';
import { emit } from './emit.ts';
import { isolate } from './i18n/format.ts';
import { LocalizeController } from './localize-controller.ts';
import { TickerController } from './ticker-controller.ts';
import { avatarView } from './views/avatar.ts';
import { callControls } from './views/call-controls.ts';
import { endedPanel, endReasonText } from './views/ended-panel.ts';
import { errorPanel, errorText } from './views/error-panel.ts';
import { icons } from './views/icons.ts';
import { launcher } from './views/launcher.ts';
import { levelMeter } from './views/level-meter.ts';
import { liveInfo } from './views/live-info.ts';
import { messageForm } from './views/message-form.ts';
import { finalTurnsAnnouncer, transcriptView } from './views/transcript.ts';
import { styles } from './voice-agent-element.styles.ts';

/** Where voice-agent.js was served from: the default service root. */
const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

export type Layout = 'floating' | 'inline';
export type Placement = 'end' | 'start';


/**
 * `<voice-agent>`: a call with a business's published voice agent, in Arabic (right to left), French or
 * English. Floating (a launcher in a corner opens a panel) or inline (in the page flow).
 *
 * @attr public-id - The agent's public id (required).
 * @attr server-url - The service's root URL; default: the origin that served voice-agent.js.
 * @attr lang - `ar` | `fr` | `en`: wins over the agent's language and the page's `<html lang>`; default `ar`.
 * @attr audio-processing - `off` switches echo cancellation, noise suppression and auto gain off.
 * @attr worklet-base - Base URL of `audio.worklet.js` (capture and playback) when it is not served
 *   beside voice-agent.js (default: beside it, in `assets/`).
 * @attr muted - Present while the microphone is muted (silent frames are sent).
 * @attr state - Reflected, read-only: `idle` | `connecting` | `live` | `ending` | `ended` | `error`.
 * @attr layout - `floating` (default) | `inline`.
 * @attr placement - Floating corner: `end` (default; bottom right in LTR, bottom left in RTL) | `start`.
 * @attr open - Present while the floating panel is open.
 *
 * @event voice-agent-state - {state}
 * @event voice-agent-ready - {conversationId, maxSeconds, agent}
 * @event voice-agent-transcript - {role, text, final, turnId}
 * @event voice-agent-interrupted - {}
 * @event voice-agent-tool - {name, status, ok?}
 * @event voice-agent-ended - {reason, durationSeconds, billedSeconds, freeSeconds, conversationId}
 * @event voice-agent-error - {code, message, retryable, retryAfterSeconds?}
 * @event voice-agent-toggle - {open}: the floating panel opened or closed.
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
 * @csspart turn - One turn of the conversation; also `turn-user`, `turn-agent`, `turn-provisional` (not final yet).
 * @csspart jump-button - Scrolls the transcript back to the newest turn.
 * @csspart message-form - The typed-message form.
 * @csspart message-input - The typed-message text box.
 * @csspart send-button - Sends the typed message.
 * @csspart controls - Mute and End call.
 * @csspart mute-button - Mute toggle (`aria-pressed`).
 * @csspart end-button - Hangs up.
 * @csspart error - The error message and its action.
 * @csspart retry-button - Calls again after an error (counts down while the service asks to wait).
 * @csspart ended - The end reason, the duration and Call again.
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
export class VoiceAgentElement extends LitElement {
  static override properties = {
    publicId: { attribute: 'public-id' },
    serverUrl: { attribute: 'server-url' },
    lang: { reflect: true },
    audioProcessing: { attribute: 'audio-processing' },
    workletBase: { attribute: 'worklet-base' },
    muted: { type: Boolean, reflect: true },
    layout: { reflect: true },
    placement: { reflect: true },
    open: { type: Boolean, reflect: true },
    notConfigured: { state: true },
    messageFailed: { state: true },
  };

  static override styles = styles;

  /** The agent's public id (required). */
  declare publicId: string;
  /** The service's root URL; default: the origin that served voice-agent.js. */
  declare serverUrl: string;
  /** `off` switches echo cancellation, noise suppression and auto gain off. */
  declare audioProcessing: string;
  /** Base URL of the worklet files when they are not served beside voice-agent.js. */
  declare workletBase: string;
  /** While true the widget sends silent frames at real-time pace. */
  declare muted: boolean;
  /** Microphone for the next call (`deviceId` from `navigator.mediaDevices.enumerateDevices()`); default if empty. */
  inputDeviceId = '';
  /** Speaker for the next call where the browser can choose (`AudioContext.setSinkId`); default if empty. */
  outputDeviceId = '';
  /** `floating` (a launcher opens a panel) or `inline` (the panel sits in the page flow). */
  declare layout: Layout;
  /** The floating launcher's corner: `end` (inline end, bottom) or `start`. Mirrors with the direction. */
  declare placement: Placement;
  /** Whether the floating panel is open (ignored inline, where the panel always shows). */
  declare open: boolean;
  /** Set when Call was pressed but the page gave no public-id. */
  private declare notConfigured: boolean;
  /** Set when the last typed message could not be sent. */
  private declare messageFailed: boolean;

  protected readonly call = new CallController(this, () => this.createAudio());
  private readonly localize = new LocalizeController(this, () => this.agent?.language);
  private readonly autoScroll = new AutoScrollController(this);
  private readonly ticker = new TickerController(this, () => this.needsClock());
  /** The agent of the latest call (kept after it ends, so the widget keeps its face and language). */
  private agent: AgentInfo | null = null;
  /** The audio of the current or last call. */
  private audio: BrowserAudio | null = null;

  constructor() {
    super();
    this.publicId = '';
    this.serverUrl = '';
    this.audioProcessing = 'on';
    this.workletBase = '';
    this.muted = false;
    this.layout = 'floating';
    this.placement = 'end';
    this.open = false;
    this.notConfigured = false;
    this.messageFailed = false;
    this.addEventListener('voice-agent-state', () => this.onState());
    this.addEventListener('voice-agent-ready', () => (this.agent = this.call.ready?.agent ?? null));
  }

  /** `idle` | `connecting` | `live` | `ending` | `ended` | `error` (reflected as the `state` attribute). */
  get state(): CallState {
    return this.call.state;
  }

  /** Starts a call (again after `ended` or `error`). Call it from the visitor's gesture. */
  start(): Promise<void> {
    return this.call.start({ serverUrl: this.serverUrl || SCRIPT_ORIGIN, publicId: this.publicId });
  }

  /** Hangs up. */
  end(): Promise<void> {
    return this.call.session.end();
  }

  /** Sends a typed message instead of speech (stops the agent's current sentence). */
  sendText(text: string): void {
    this.call.session.sendText(text);
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
    return { ...this.call.session.stats, playback: this.audio?.engine.playback ?? null };
  }

  /** The call's audio: the microphone and the agent's voice. Tests replace it with fakes. */
  protected createAudio(): ReturnType<AudioFactory> {
    this.audio = createBrowserAudio({
      audioProcessing: this.audioProcessing !== 'off',
      workletBaseUrl: this.workletBase || undefined,
      inputDeviceId: this.inputDeviceId || undefined,
      outputDeviceId: this.outputDeviceId || undefined,
      onLevels: (input, output, speaking) => this.call.setLevels(input, output, speaking),
    });
    return this.audio;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('state')) this.setAttribute('state', this.state);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && changed.get('open') !== undefined) {
      // Closing a panel that held the focus (Escape, close button, hide()) hands it to the launcher.
      if (!this.open && this.panelHadFocus) this.launcherButton()?.focus();
      emit(this, 'voice-agent-toggle', { open: this.open });
    }
    this.panelHadFocus = false;
  }

  /** Set just before a render that closes the panel, while the focus may still be inside it. */
  private panelHadFocus = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('muted')) this.call.session.muted = this.muted;
    if (changed.has('open') && !this.open) {
      this.panelHadFocus = !!(this.renderRoot as ShadowRoot).activeElement?.closest?.('#panel');
    }
  }

  private get floating(): boolean {
    return this.layout !== 'inline';
  }

  private get agentName(): string {
    return this.agent?.name || this.localize.t.assistant;
  }

  private onState(): void {
    this.setAttribute('state', this.state);
    this.keepFocusInPanel();
    if (this.state === 'connecting') {
      this.autoScroll.reset();
      this.messageFailed = false;
      // A call started by the page (start()) shows itself; focus stays where the visitor is.
      if (this.floating) this.open = true;
    }
  }

  /** A state change replaces the panel's controls; focus that was on one of them (or on the panel) moves
   *  to the new main action, or the panel, instead of falling back to the page. */
  private keepFocusInPanel(): void {
    const root = this.renderRoot as ShadowRoot | undefined;
    if (!root?.activeElement?.closest?.('#panel')) return;
    void this.updateComplete.then(() => {
      const active = root.activeElement;
      if (!active || active.id === 'panel') this.focusPanel();
    });
  }

  private needsClock(): boolean {
    const { state, error, failedAt } = this.call;
    if (state === 'live') return true;
    return state === 'error' && failedAt !== null && retryWaitSeconds(failedAt, error?.retryAfterSeconds, Date.now()) > 0;
  }

  // ——— visitor intents ———

  private readonly startFromUi = (): void => {
    this.notConfigured = false;
    this.start().catch(() => {
      // The only synchronous refusal is a missing public-id: a page set-up problem, said in plain words.
      this.notConfigured = true;
    });
  };

  private readonly endFromUi = (): void => void this.end();

  private readonly sendFromUi = (text: string): boolean => {
    try {
      this.sendText(text);
      this.messageFailed = false;
    } catch {
      this.messageFailed = true;
    }
    return !this.messageFailed;
  };

  private readonly toggleMute = (): void => {
    this.muted = !this.muted;
  };

  private readonly toggleFromLauncher = async (): Promise<void> => {
    this.open = !this.open;
    if (!this.open) return;
    await this.updateComplete;
    this.focusPanel();
  };

  private readonly closeFromUi = (): void => {
    this.open = false;
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.floating || !this.open) return;
    event.stopPropagation();
    this.closeFromUi();
  };

  /** Focus goes to the panel's main action when it has one, else to the panel itself. */
  private focusPanel(): void {
    const root = this.renderRoot as ShadowRoot;
    const primary = root.querySelector<HTMLElement>('[data-primary]:not([aria-disabled="true"])');
    (primary ?? root.querySelector<HTMLElement>('#panel'))?.focus();
  }

  private launcherButton(): HTMLButtonElement | null {
    return (this.renderRoot as ShadowRoot).querySelector('.launcher');
  }

  // ——— rendering ———

  protected override render() {
    const { t, dir, lang } = this.localize;
    const floating = this.floating;
    const active = isActive(this.state);
    return html`<div
      part="base"
      class="base ${floating ? 'floating' : 'inline'} placement-${this.placement === 'start' ? 'start' : 'end'}"
      dir=${dir}
      lang=${lang}
      @keydown=${this.onKeydown}
    >
      ${floating
        ? launcher({ t, agent: this.agent, open: this.open, active, onToggle: this.toggleFromLauncher })
        : nothing}
      <section
        part="panel"
        id="panel"
        class="panel ${this.state === 'live' || this.state === 'ending' || this.call.turns.length ? 'tall' : ''}"
        role=${floating ? 'dialog' : 'region'}
        aria-labelledby="agent-name"
        tabindex="-1"
        ?hidden=${floating && !this.open}
      >
        ${this.renderHeader()}
        <div part="body" class="body">${this.renderBody()}</div>
      </section>
      <div class="visually-hidden" role="status">${this.announcement()}</div>
      ${finalTurnsAnnouncer(this.call.turns, this.agentName, t)}
    </div>`;
  }

  private renderHeader() {
    const { t } = this.localize;
    const live = this.state === 'live';
    return html`<header part="header" class="header">
      ${avatarView(this.agent ? this.agentName : undefined, this.agent?.avatar, 'small')}
      <div class="heading">
        <h2 id="agent-name" part="agent-name">${this.agent ? this.agentName : t.widgetName}</h2>
        <p part="status" class="status" data-activity=${live ? this.activity() : nothing}>
          ${live ? levelMeter(this.call.outputLevel, 'output-level') : nothing}<span>${this.statusLine()}</span>
        </p>
      </div>
      ${this.floating
        ? html`<button part="close-button" class="icon-button ghost" type="button" aria-label=${t.close} @click=${this.closeFromUi}>
            ${icons.close}
          </button>`
        : nothing}
    </header>`;
  }

  private renderBody() {
    const { t, format } = this.localize;
    const { error, ended } = this.call;
    switch (this.state) {
      case 'idle':
        return html`<div part="intro" class="intro">
            <p>${t.intro}</p>
            <p class="muted">${t.micNotice}</p>
            ${this.notConfigured ? html`<p class="field-error" role="alert">${t.notConfigured}</p>` : nothing}
          </div>
          <button part="call-button" class="primary wide" type="button" data-primary @click=${this.startFromUi}>
            ${icons.phone}<span>${t.call}</span>
          </button>`;
      case 'connecting':
        return html`<div class="connecting">
            <span class="spinner" aria-hidden="true"></span>
            <p class="muted">${t.micNotice}</p>
          </div>
          <button part="cancel-button" class="secondary wide" type="button" data-primary @click=${this.endFromUi}>
            ${t.cancel}
          </button>`;
      case 'live':
        return html`${this.renderLiveInfo()} ${this.renderTranscript()}
          ${messageForm({ t, failed: this.messageFailed, onSend: this.sendFromUi })}
          ${callControls({
            t,
            muted: this.muted,
            inputLevel: this.call.inputLevel,
            onToggleMute: this.toggleMute,
            onEnd: this.endFromUi,
          })}`;
      case 'ending':
        return this.renderTranscript();
      case 'ended':
        return html`${ended ? endedPanel(ended, t, format, this.startFromUi) : nothing} ${this.renderTranscript()}`;
      case 'error':
        return html`${error
          ? errorPanel({ error, waitSeconds: this.retryWait(), t, format, onRetry: this.startFromUi })
          : nothing}
        ${this.renderTranscript()}`;
    }
  }

  private renderLiveInfo() {
    const { ready, liveSince, tool } = this.call;
    if (!ready || liveSince === null) return nothing;
    const { t, format } = this.localize;
    return liveInfo(callTimes(liveSince, ready.maxSeconds, Date.now()), tool, t, format);
  }

  private renderTranscript() {
    return transcriptView({
      turns: this.call.turns,
      agentName: this.agentName,
      t: this.localize.t,
      attach: this.autoScroll.attach,
      following: this.autoScroll.following,
      onJumpToLatest: () => this.autoScroll.jumpToLatest(),
    });
  }

  private activity() {
    const { agentSpeaking, tool, turns } = this.call;
    return activityOf({ agentSpeaking, tool, turns });
  }

  /** The visible line under the agent's name. */
  private statusLine(): string {
    const { t } = this.localize;
    const name = isolate(this.agentName);
    switch (this.state) {
      case 'live': {
        const activity = this.activity();
        return activity === 'listening' ? t.activity.listening : t.activity[activity](name);
      }
      case 'error':
        return this.call.error ? errorText(this.call.error, t).title : '';
      default:
        return t.status[this.state];
    }
  }

  /** What the status live region says: state changes, the end, errors, and the last-30-seconds warning. */
  private announcement(): string {
    const { t, format } = this.localize;
    const { ready, liveSince, ended, error } = this.call;
    switch (this.state) {
      case 'idle':
        return '';
      case 'live': {
        const live = t.status.live(isolate(this.agentName));
        if (!ready || liveSince === null) return live;
        const { warning } = callTimes(liveSince, ready.maxSeconds, Date.now());
        return warning ? `${live}. ${t.timeWarning(format.duration(WARNING_SECONDS))}` : live;
      }
      case 'ended':
        return ended ? `${t.status.ended}. ${endReasonText(ended.reason, t)}` : t.status.ended;
      case 'error': {
        if (!error) return '';
        const text = errorText(error, t);
        return `${text.title}. ${text.body}`;
      }
      default:
        return t.status[this.state];
    }
  }

  private retryWait(): number {
    const { error, failedAt } = this.call;
    return failedAt === null ? 0 : retryWaitSeconds(failedAt, error?.retryAfterSeconds, Date.now());
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-agent': VoiceAgentElement;
  }
}
