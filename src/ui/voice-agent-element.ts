import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { PlaybackStatus } from '../../worklets/messages.ts';
import { isActive } from '../call/state-machine.ts';
import type { CallState, SessionStats } from '../call/types.ts';
import { type AudioFactory, CallUi } from './internal/call-ui.ts';
import { ConsentGate } from './internal/consent.ts';
import { emit } from './internal/emit.ts';
import { wrapFocus } from './internal/focus-trap.ts';
import { LangController } from './internal/lang-controller.ts';
import { launcher } from './internal/launcher.ts';
import { SheetController } from './internal/sheet-controller.ts';
import { styles } from './voice-agent-element.styles.ts';

/** Where voice-agent.js was served from: the default service root. Read when a call starts, not on import
 *  (a bundler or a server-side renderer may give the module an `import.meta.url` that is no page's origin). */
const scriptOrigin = (): string => new URL(import.meta.url).origin;

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
 * @attr state - Reflected, read-only: `idle` | `connecting` | `live` | `reconnecting` | `ending` | `ended` | `error`.
 * @attr remember - `visit` (default: the one-day visit token in localStorage, so the agent can pick up the
 *   conversation) | `none` (nothing stored; the token lives in the page's memory only).
 * @attr layout - `floating` (default) | `inline`.
 * @attr placement - Floating corner: `end` (default; bottom right in LTR, bottom left in RTL) | `start`.
 * @attr open - Present while the floating panel is open.
 * @attr theme - `light` | `dark` | `auto` (default: follows the system's `prefers-color-scheme`); may change at any time.
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
 * @csspart ended - The end reason, the duration and Call again.
 * @csspart offline-notice - Said while the browser reports it is offline during a call.
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
    remember: {},
    theme: { reflect: true },
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
  /** `visit`: keep the one-day visit token in localStorage; `none`: store nothing (memory only). */
  declare remember: 'visit' | 'none';
  /** `light`, `dark`, or `auto` (follows the system's `prefers-color-scheme`). */
  declare theme: 'light' | 'dark' | 'auto';

  /** The owner's consent notice (the `consent` slot): gates every start. */
  private readonly consent = new ConsentGate(
    this,
    () => `${this.serverUrl || scriptOrigin()}|${this.publicId}`,
    () => this.remember !== 'none',
  );
  /** Everything a call needs (session, audio, the panel's views, styles and catalogues), behind one boundary.
   *  @internal (not in the published declarations) */
  protected readonly ui = new CallUi(this, () => this.createAudio(), this.consent);
  private readonly language = new LangController(this, () => this.ui.agent?.language);
  private readonly sheet = new SheetController(
    this,
    () => this.floating && this.open,
    () => (this.renderRoot as ShadowRoot | undefined)?.querySelector<HTMLElement>('.base') ?? null,
  );

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
    this.remember = 'visit';
    this.theme = 'auto';
    this.addEventListener('voice-agent-state', () => this.onState());
  }

  /** `idle` | `connecting` | `live` | `reconnecting` | `ending` | `ended` | `error` (reflected as `state`). */
  get state(): CallState {
    return this.ui.state;
  }

  /** Starts a call (again after `ended` or `error`). Call it from the visitor's gesture. With
   *  `{ microphone: false }`, a typed call: no microphone is asked for (no permission prompt), the visitor
   *  types and hears the agent, and the uplink carries real-time silence. With the owner's consent notice
   *  not yet accepted, it opens the panel on the notice and resolves without calling. */
  start(options: { microphone?: boolean } = {}): Promise<void> {
    if (this.consent.pending) {
      // The owner's notice comes first: the panel shows it; its button accepts and calls.
      this.open = true;
      return Promise.resolve();
    }
    this.applyRemember(); // the attribute may have been set in this same task
    return this.ui.call.start({ serverUrl: this.serverUrl || scriptOrigin(), publicId: this.publicId }, options);
  }

  /** Hangs up. */
  end(): Promise<void> {
    return this.ui.call.session.end();
  }

  /** Sends a typed message instead of speech (stops the agent's current sentence). */
  sendText(text: string): void {
    this.ui.call.session.sendText(text);
  }

  /** Forgets the visit: removes the visit tokens the widget stored on this origin and the one in memory, so
   *  the next call starts a new visit (for shared computers and kiosks, between visitors). An accepted consent
   *  notice is forgotten too: it shows again before the next call. */
  forget(): void {
    this.ui.call.session.forget();
    this.consent.forget();
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
    return this.ui.stats;
  }

  /** The call's audio: the microphone and the agent's voice. Tests replace it with fakes.
   *  @internal (not in the published declarations) */
  protected createAudio(): ReturnType<AudioFactory> {
    return this.ui.createBrowserAudio({
      audioProcessing: this.audioProcessing !== 'off',
      workletBaseUrl: this.workletBase || undefined,
      inputDeviceId: this.inputDeviceId || undefined,
      outputDeviceId: this.outputDeviceId || undefined,
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.hasAttribute('state')) this.setAttribute('state', this.state);
  }

  /** Set just before a render that closes the panel, while the focus may still be inside it. */
  private panelHadFocus = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('muted')) this.ui.muted = this.muted;
    if (changed.has('remember')) this.applyRemember();
    if (changed.has('open') && !this.open) this.panelHadFocus = this.ui.hasFocus;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && changed.get('open') !== undefined) {
      // Closing a panel that held the focus (Escape, close button, hide()) hands it to the launcher.
      if (!this.open && this.panelHadFocus) this.launcherButton()?.focus();
      emit(this, 'voice-agent-toggle', { open: this.open });
    }
    this.panelHadFocus = false;
  }

  private applyRemember(): void {
    this.ui.call.session.remember = this.remember === 'none' ? 'none' : 'visit';
  }

  private get floating(): boolean {
    return this.layout !== 'inline';
  }

  /** The open floating panel on a phone-sized viewport: a full-screen sheet that behaves as a modal. */
  private get modal(): boolean {
    return this.floating && this.open && this.sheet.sheet;
  }

  private onState(): void {
    this.setAttribute('state', this.state);
    // A call started by the page (start()) shows itself; focus stays where the visitor is.
    if (this.state === 'connecting' && this.floating) this.open = true;
  }

  // ——— visitor intents on the launcher ———

  private readonly toggleFromLauncher = async (): Promise<void> => {
    this.open = !this.open;
    if (!this.open) return;
    await this.updateComplete;
    this.ui.focusPanel();
  };

  private readonly close = (): void => {
    this.open = false;
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Tab' && this.modal) {
      const panel = this.renderRoot.querySelector<HTMLElement>('#panel');
      if (panel) wrapFocus(event, panel, this.renderRoot as ShadowRoot);
      return;
    }
    if (event.key !== 'Escape' || !this.floating || !this.open) return;
    event.stopPropagation();
    this.close();
  };

  private launcherButton(): HTMLButtonElement | null {
    return (this.renderRoot as ShadowRoot).querySelector('.launcher');
  }

  // ——— rendering ———

  protected override render() {
    const { dir, lang, strings } = this.language;
    const { floating, modal } = this;
    return html`<div
      part="base"
      class="base ${floating ? 'floating' : 'inline'} placement-${this.placement === 'start' ? 'start' : 'end'} ${this.sheet.sheet ? 'sheet' : ''}"
      dir=${dir}
      lang=${lang}
      @keydown=${this.onKeydown}
    >
      ${floating
        ? launcher({
            t: strings,
            agent: this.ui.agent,
            open: this.open,
            active: isActive(this.state),
            inert: modal,
            onToggle: this.toggleFromLauncher,
          })
        : nothing}
      ${this.ui.render({ lang, floating, modal, open: this.open, onClose: this.close })}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-agent': VoiceAgentElement;
  }
}
