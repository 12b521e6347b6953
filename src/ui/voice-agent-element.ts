import { GestureAudio } from '../audio/gesture-audio.ts';
import type { CallState, CallStats, DiagnoseReport, TranscriptEntry } from '../call/types.ts';
import type { AudioFactory, CallUi } from './internal/call-ui.ts';
import { adoptStyles } from './internal/css-text.ts';
import { diagnose } from './internal/diagnose-loader.ts';
import { ReactiveHost } from './internal/reactive-host.ts';
import { upgradeProperties } from './internal/upgrade-properties.ts';
import type { Layout, Placement } from './element-properties.ts';
import { Widget } from './internal/widget.ts';
import { styles } from './voice-agent-element.styles.ts';

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
 * @attr {'on' | 'off'} continue - `on` (default: when the visitor leaves a page during a call, the next page of
 *   the site offers, for 2 minutes, to continue it, with the earlier transcript; needs `remember="visit"`) | `off`.
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
 * @event {CustomEvent<QualityDetail>} voice-agent-quality - The connection's quality changed during a call:
 *   `{quality: 'good' | 'fair' | 'poor' | 'lost', rttMs}` (also `stats.quality`).
 * @event {CustomEvent<ToggleDetail>} voice-agent-toggle - The floating panel opened or closed: `{open}`.
 * @event {CustomEvent<FeedbackDetail>} voice-agent-feedback - The visitor rated the call that ended (once per
 *   call): `{rating: 'up' | 'down', conversationId}`. The widget keeps and sends nothing: the page decides.
 * @event {CustomEvent<MicrophoneDetail>} voice-agent-microphone - During a call, `microphone` changed: `{on}`.
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
 * @csspart quality - The sign of a weak or lost connection during a call (only while the quality is not `good`).
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
 * @csspart microphone-off-button - Type instead (beside Mute): lets go of the microphone, the call goes on typed.
 * @csspart microphone-on-button - Talk instead (beside Mute): a typed call takes the microphone.
 * @csspart silent-mic-notice - Said while the microphone sends only silence (a mute switch, a wrong device).
 * @csspart copy-button - Copies the conversation (after a call; in a small menu during one).
 * @csspart download-button - Saves the conversation as a `.txt` file (after a call; in a small menu during one).
 * @csspart continue-offer - Says the call of the previous page can go on here (above its transcript).
 * @csspart continue-button - Continue the call of the previous page (with `call-button`).
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
    'public-id', 'server-url', 'lang', 'audio-processing', 'worklet-base', 'muted', 'layout', 'placement', 'open', 'remember'];

  /** The agent's public id (required). */
  get publicId(): string { return this.getAttribute('public-id') ?? ''; }
  set publicId(value: string) { this.setAttribute('public-id', value); }

  /** The service's root URL; default: the origin that served voice-agent.js. */
  get serverUrl(): string { return this.getAttribute('server-url') ?? ''; }
  set serverUrl(value: string) { this.setAttribute('server-url', value); }

  /** `off` switches echo cancellation, noise suppression and auto gain off. */
  get audioProcessing(): string { return this.getAttribute('audio-processing') ?? 'on'; }
  set audioProcessing(value: string) { this.setAttribute('audio-processing', value); }

  /** Base URL of the worklet files when they are not served beside voice-agent.js. */
  get workletBase(): string { return this.getAttribute('worklet-base') ?? ''; }
  set workletBase(value: string) { this.setAttribute('worklet-base', value); }

  /** While true the widget sends silent frames at real-time pace. */
  get muted(): boolean { return this.hasAttribute('muted'); }
  set muted(value: boolean) { this.toggleAttribute('muted', Boolean(value)); }

  /** `floating` (a launcher opens a panel) or `inline` (the panel sits in the page flow). */
  get layout(): Layout { return this.getAttribute('layout') === 'inline' ? 'inline' : 'floating'; }
  set layout(value: Layout) { this.setAttribute('layout', value); }

  /** The floating launcher's corner: `end` (inline end, bottom) or `start`. Mirrors with the direction. */
  get placement(): Placement { return this.getAttribute('placement') === 'start' ? 'start' : 'end'; }
  set placement(value: Placement) { this.setAttribute('placement', value); }

  /** Whether the floating panel is open (ignored inline, where the panel always shows). */
  get open(): boolean { return this.hasAttribute('open'); }
  set open(value: boolean) { this.toggleAttribute('open', Boolean(value)); }

  /** `visit`: keep the one-day visit token in localStorage; `none`: store nothing (memory only). */
  get remember(): 'visit' | 'none' { return this.getAttribute('remember') === 'none' ? 'none' : 'visit'; }
  set remember(value: 'visit' | 'none') { this.setAttribute('remember', value); }

  /** `off`: the next page does not offer to continue a call that was under way as this page went away. */
  get continue(): 'on' | 'off' { return this.getAttribute('continue') === 'off' ? 'off' : 'on'; }
  set continue(value: 'on' | 'off') { this.setAttribute('continue', value); }

  /** `light`, `dark`, or `auto` (follows the system's `prefers-color-scheme`); the styles follow the attribute. */
  get theme(): 'light' | 'dark' | 'auto' {
    const theme = this.getAttribute('theme')?.toLowerCase();
    return theme === 'light' || theme === 'dark' ? theme : 'auto';
  }
  set theme(value: 'light' | 'dark' | 'auto') { this.setAttribute('theme', value); }

  /** Microphone for the next call (`deviceId` from `navigator.mediaDevices.enumerateDevices()`); default if empty. */
  get inputDeviceId(): string { return this.#inputDeviceId; }
  set inputDeviceId(value: string) { this.#inputDeviceId = String(value ?? ''); }
  /** Speaker for the next call where the browser can choose (`AudioContext.setSinkId`); default if empty. */
  get outputDeviceId(): string { return this.#outputDeviceId; }
  set outputDeviceId(value: string) { this.#outputDeviceId = String(value ?? ''); }

  // Behind accessors: a public field's initializer would overwrite what a page set before the definition loaded.
  #inputDeviceId = '';
  #outputDeviceId = '';

  readonly #widget = new Widget(this, {
    createAudio: (request) => this.createAudio(request),
    openGestureAudio: (microphone) => this.openGestureAudio(microphone),
    rendered: () => this.renderComplete,
  });

  /** `idle` | `connecting` | `live` | `reconnecting` | `ending` | `ended` | `error` (reflected as `state`). */
  get state(): CallState { return this.#widget.state; }

  /** Starts a call (again after `ended` or `error`). Call it from the visitor's gesture. With
   *  `{ microphone: false }`, a typed call: no microphone is asked for (no permission prompt), the visitor
   *  types and hears the agent, and the uplink carries real-time silence. With the owner's consent notice
   *  not yet accepted, it opens the panel on the notice and resolves without calling. */
  start(options: { microphone?: boolean } = {}): Promise<void> { return this.#widget.calls.start(options); }

  /** Hangs up. */
  end(): Promise<void> { return this.#widget.calls.end(); }

  /** Sends a typed message instead of speech (stops the agent's current sentence). Throws unless a call is live. */
  sendText(text: string): void { this.#widget.sendText(text); }

  /** Forgets the visit: removes what the widget stored on this origin (visit tokens, the agent last called,
   *  the visitor's language, the consent notice's acceptance) and the visit token in memory, so the next call
   *  starts a new visit (for shared computers and kiosks, between visitors). */
  forget(): void { this.#widget.forget(); }

  /** Opens the floating panel. */
  show(): void { this.open = true; }
  /** Closes the floating panel (a call under way goes on; the launcher shows it). */
  hide(): void { this.open = false; }

  /** The owner's check of this page: what would stop the widget here, each with its fix, as `{ok, checks: [{id, ok,
   *  message, fix}]}`, also written to the console. Starts no call, asks for no microphone; spends one ticket. */
  diagnose(): Promise<DiagnoseReport> { return diagnose(this, this.#widget.target); }

  /** Diagnostics of the current or last call: what the session sent, received and dropped, and the
   *  agent voice's playback (queue depth, played position, underruns); `playback` is null without audio. */
  get stats(): CallStats { return this.#widget.stats; }
  /** `on` while the call uses a microphone, else `off`; set `off` to type instead, `on` (in a gesture) to talk. */
  get microphone(): 'on' | 'off' { return this.ui?.audio.microphone ?? 'off'; }
  set microphone(value: 'on' | 'off') { if (this.ui) this.ui.audio.microphone = value; }
  /** The turns of the current or last call, until the next `start()` (plain copies; any script on the page can read them). */
  get transcript(): TranscriptEntry[] { return this.ui?.call.transcript ?? []; }

  /** The call session, its audio and the panel, once their code is loaded (see call-loader.ts).
   *  @internal (not in the published declarations) */
  protected get ui(): CallUi | null { return this.#widget.ui; }

  /** Opens the call's audio in the visitor's gesture, before the call's code is awaited. Tests replace it.
   *  @internal (not in the published declarations) */
  protected openGestureAudio(microphone: boolean): GestureAudio | null {
    return new GestureAudio({ microphone, audioProcessing: this.audioProcessing !== 'off', deviceId: this.inputDeviceId || undefined });
  }

  /** The call's audio: the microphone and the agent's voice. Tests replace it with fakes.
   *  @internal (not in the published declarations) */
  protected createAudio(request: Parameters<AudioFactory>[0]): ReturnType<AudioFactory> {
    return this.ui!.audio.createFor(this, request, this.#widget.calls.takeGesture());
  }

  /** Loads the call's code now (it loads by itself on the first sign of interest); resolves once the panel
   *  can render. @internal (tests wait for it) */
  loadUi(): Promise<CallUi> { return this.#widget.calls.load(); }

  /** Waits for the call's code and a new language's strings too while they load: after `show()`, or a
   *  change of `lang`, `await updateComplete` sees the panel as it will be. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await this.#widget.downloads();
    const complete = await super.getUpdateComplete();
    return this.#widget.downloading ? this.getUpdateComplete() : complete;
  }

  override connectedCallback(): void {
    this.#widget.attach(this.shadowRoot ?? this.#attachOwnShadow());
    upgradeProperties(this, VoiceAgentElement);
    this.#widget.connected();
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#widget.disconnected();
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    this.#widget.attributeChanged(name);
    this.requestUpdate();
  }

  protected update(): void { this.#widget.update(); }

  #attachOwnShadow(): ShadowRoot {
    const root = this.attachShadow({ mode: 'open' });
    adoptStyles(root, styles);
    return root;
  }
}

declare global {
  interface HTMLElementTagNameMap { 'voice-agent': VoiceAgentElement }
}
