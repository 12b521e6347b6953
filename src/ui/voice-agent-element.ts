import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { CallState } from '../call/types.ts';
import type { SessionStats } from '../call/session.ts';
import type { PlaybackStatus } from '../audio/audio-engine.ts';
import { type AudioFactory, CallController } from './call-controller.ts';
import { type BrowserAudio, createBrowserAudio } from './browser-audio.ts';

/** Where voice-agent.js was served from: the default service root. */
const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

/**
 * `<voice-agent>`: a call with a business's published voice agent.
 *
 * @event voice-agent-state - {state}
 * @event voice-agent-ready - {conversationId, maxSeconds, agent}
 * @event voice-agent-transcript - {role, text, final, turnId}
 * @event voice-agent-interrupted - {}
 * @event voice-agent-tool - {name, status, ok?}
 * @event voice-agent-ended - {reason, durationSeconds, billedSeconds, freeSeconds, conversationId}
 * @event voice-agent-error - {code, message, retryable, retryAfterSeconds?}
 */
export class VoiceAgentElement extends LitElement {
  static override properties = {
    publicId: { attribute: 'public-id' },
    serverUrl: { attribute: 'server-url' },
    lang: { reflect: true },
    audioProcessing: { attribute: 'audio-processing' },
    workletBase: { attribute: 'worklet-base' },
    muted: { type: Boolean, reflect: true },
  };

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
  /** Microphone to use (`deviceId` from `navigator.mediaDevices.enumerateDevices()`); default device if empty. */
  inputDeviceId = '';
  /** Speaker to use where the browser can choose (`AudioContext.setSinkId`); default output if empty. */
  outputDeviceId = '';

  private audio: BrowserAudio | null = null;

  protected readonly call = new CallController(this, () => this.createAudio());

  constructor() {
    super();
    this.publicId = '';
    this.serverUrl = '';
    this.audioProcessing = 'on';
    this.workletBase = '';
    this.muted = false;
    this.addEventListener('voice-agent-state', () => this.setAttribute('state', this.state));
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

  /** Diagnostics of the current or last call: what the session sent, received and dropped, and the
   *  agent voice's playback (queue depth, played position, underruns). */
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

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('muted')) this.call.session.muted = this.muted;
  }

  static override styles = css`
    :host {
      display: block;
      font: 16px/1.4 system-ui, sans-serif;
    }
    ol {
      list-style: none;
      padding: 0;
    }
    .provisional {
      opacity: 0.7;
    }
  `;

  protected override render() {
    const { state } = this;
    const active = state === 'connecting' || state === 'live' || state === 'ending';
    return html`
      <p role="status">${this.statusText()}</p>
      ${active
        ? html`<button @click=${() => this.end()} ?disabled=${state === 'ending'}>End call</button>
            <button aria-pressed=${this.muted ? 'true' : 'false'} @click=${() => (this.muted = !this.muted)}>Mute</button>`
        : html`<button @click=${() => this.start()}>Call</button>`}
      <ol aria-live="polite">
        ${this.call.turns.map(
          (turn) => html`<li dir="auto" class=${turn.final ? '' : 'provisional'}>${turn.role}: ${turn.text}</li>`,
        )}
      </ol>
      ${state === 'live'
        ? html`<form @submit=${this.onSubmit}><input name="text" aria-label="Message" /><button>Send</button></form>`
        : nothing}
    `;
  }

  private statusText(): string {
    const { error, ended, ready } = this.call;
    switch (this.state) {
      case 'error':
        return `Error: ${error?.code ?? ''}`;
      case 'ended':
        return `Call ended (${ended?.reason ?? ''})`;
      case 'live':
        return `Live with ${ready?.agent.name ?? 'the agent'}`;
      default:
        return this.state;
    }
  }

  private onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem('text') as HTMLInputElement;
    this.sendText(input.value);
    input.value = '';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'voice-agent': VoiceAgentElement;
  }
}
