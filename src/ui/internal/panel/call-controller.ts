import type { ReactiveControllerHost } from 'lit';
import type { PlaybackStatus } from '../../../../worklets/messages.ts';
import type { PipedAudio, PipedAudioRequest } from '../../../call/audio-ports.ts';
import type { CallTarget } from '../../../call/connection.ts';
import type { SessionLike, Transport } from '../../../call/session-like.ts';
import type { SessionFactory } from '../../../worker/transport.ts';
import type { MeterHost } from '../../../worker/meter-canvas.ts';
import type { RememberMode } from '../../../call/visit-tokens.ts';
import type { Turn } from '../../../call/transcript.ts';
import type {
  CallState, EndedDetail, ErrorDetail, Quality, ReadyDetail, SessionEventMap, SessionStats, ToolDetail, TranscriptEntry,
} from '../../../call/types.ts';
import { Emitter } from '../../../call/emitter.ts';
import { microphonePermission } from '../../../audio/microphone-permission.ts';
import type { PublicSessionEvent } from '../../voice-agent-events.ts';
import { CallAudio } from '../call-audio.ts';
import { emit } from '../emit.ts';
import { tellOwnerOf } from '../page-block-notice.ts';

export type AudioFactory = (request: PipedAudioRequest) => PipedAudio;

export type CallEvents = Pick<SessionEventMap, PublicSessionEvent>;

/** The element that shows a call: it renders it, sends the page its events, and owns its device choices. */
export type CallHost = ReactiveControllerHost & HTMLElement & { inputDeviceId: string; outputDeviceId: string };

/**
 * A call of the page (its session, on the main thread or in a worker: see src/worker/transport.ts, and its
 * audio), shown by one element at a time: the element that started it, or one that adopted it (see
 * call-registry.ts). Keeps what the view renders (agent, turns, tool, outcome) as plain fields, asks its element
 * for an update on change, tells the widget's own parts of each event (`on()`), then sends it to the page as
 * `voice-agent-<name>`. The page's events are output only: the widget never listens to them, so a page script
 * that stops them on their way changes nothing inside.
 */
export class CallController extends Emitter<CallEvents> {
  readonly session: SessionLike;
  /** The call's audio: the engine, Tap to continue, the microphone held or lost, the device rules. */
  readonly audio: CallAudio;
  /** Where the session's calls run. */
  readonly transport: Transport;
  ready: ReadyDetail | null = null;
  tool: ToolDetail | null = null;
  ended: EndedDetail | null = null;
  error: ErrorDetail | null = null;
  /** `Date.now()` when the call went live (for the elapsed time and the time left), else null. */
  liveSince: number | null = null;
  /** `Date.now()` when the error arrived (a retry countdown runs from it), else null. */
  failedAt: number | null = null;
  /** Microphone and agent-voice levels (RMS, 0–1), updated up to 15 times a second by the call's host. */
  inputLevel = 0;
  outputLevel = 0;
  /** True while the agent's voice is being played. */
  agentSpeaking = false;
  /** The browser says it is offline (a hint during a call). */
  offline = false;
  /** How the call's connection is doing (the panel shows a sign when it is not `good`). */
  quality: Quality = 'good';
  /** Agent turns the visitor already heard in the agent's voice (not read out again by the announcer). */
  readonly voicedTurns = new Set<number>();
  /** The agent's voice has played during this call. */
  #voiceHeard = false;
  #host: CallHost | null = null;
  #createAudio: AudioFactory | null = null;
  /** The call under way continues one the visitor had on an earlier page (continuation.ts): its `ready` says so. */
  continuing = false;

  constructor(sessions: SessionFactory) {
    super();
    this.transport = sessions.transport;
    this.session = sessions.create({
      createAudio: (request) => this.#createAudio!(request),
      onLevels: (...levels) => this.setLevels(...levels),
      onUnsent: (text) => this.onUnsent?.(text),
    });
    this.audio = new CallAudio(this);
    const forward = <K extends PublicSessionEvent>(name: K, update?: (detail: SessionEventMap[K]) => void) =>
      this.session.on(name, (detail) => {
        update?.(detail);
        // The update is asked for first: a part that waits for the next render (a focus move) sees this one.
        this.#host?.requestUpdate();
        this.emit(name, detail);
        if (this.#host) emit(this.#host, `voice-agent-${name}`, detail);
      });
    forward('state', ({ state }) => {
      if (state === 'connecting') {
        this.offline = this.session.offline;
        this.quality = 'good';
        this.ready = this.tool = this.ended = this.error = null;
        this.liveSince = this.failedAt = null;
        this.voicedTurns.clear();
        this.#voiceHeard = false;
        this.audio.reset();
      }
    });
    forward('ready', (detail) => {
      // Said once it is so: an earlier page's call goes on here (additive to the contract).
      detail.continued = this.continuing;
      this.ready = detail;
      this.liveSince = Date.now();
      // Each `ready` is a new call on the service (after a drop too): no tool of it runs yet, and the `done` of
      // one that ran on the dropped call will never come.
      this.tool = null;
    });
    this.session.on('network', ({ online }) => {
      this.offline = !online;
      this.#host?.requestUpdate();
    });
    forward('transcript', ({ role, final, turnId }) => {
      if (role === 'agent' && final && this.#voiceHeard) this.voicedTurns.add(turnId);
    });
    forward('interrupted');
    forward('quality', ({ quality }) => (this.quality = quality));
    forward('tool', (detail) => (this.tool = detail.status === 'running' ? detail : null));
    forward('ended', (detail) => (this.ended = detail));
    forward('error', (detail) => {
      this.error = detail;
      this.failedAt = Date.now();
      tellOwnerOf(detail);
    });
    // Only what the page may rely on: whether the call uses a microphone now (why it let go is the panel's to say).
    this.session.on('microphone', ({ on }) => this.#host && emit(this.#host, 'voice-agent-microphone', { on }));
  }

  get state(): CallState {
    return this.session.state;
  }

  get turns(): readonly Turn[] {
    return this.session.transcript.all;
  }

  /** The conversation of the previous page, shown above the call that continues it. */
  earlier: readonly Turn[] = [];

  /** The conversation shown: the previous page's when this call continues it, then this call's. */
  get conversation(): readonly Turn[] {
    return this.earlier.length ? [...this.earlier, ...this.turns] : this.turns;
  }

  /** The conversation as the page reads it (the element's `transcript`): plain copies, so nothing the page does to
   *  them reaches the panel. */
  get transcript(): TranscriptEntry[] {
    return this.conversation.map(({ role, text, final, id, at, typed }) => ({ role, text, final, turnId: id, at, typed: !!typed }));
  }

  /** Where the line dropped (see TranscriptTurns.breaks). */
  get breaks(): readonly number[] {
    return this.session.transcript.breaks;
  }

  /** The element that shows the call, and asks for its audio. */
  get host(): CallHost | null {
    return this.#host;
  }

  /** From now on `host` shows the call (it renders it, gets its events) and makes the audio of its calls. */
  attach(host: CallHost, createAudio: AudioFactory): void {
    this.#host = host;
    this.#createAudio = createAudio;
    host.requestUpdate();
  }

  /** `microphone: false`: a typed call (no microphone asked for, silent uplink). */
  start(target: CallTarget, options: { microphone?: boolean } = {}): Promise<void> {
    return this.session.start(target, { ...options, microphoneGranted: microphonePermission.granted });
  }

  /** Hangs up; `reason`: why, when it is not the visitor's hang-up (another call started on the page). */
  end(reason?: string): Promise<void> {
    return this.session.end(reason);
  }

  sendText(text: string): void {
    this.session.sendText(text);
  }

  /** Forgets the visit tokens, kept and in memory (see CallSession.forget). */
  forget(): void {
    this.session.forget();
  }

  set muted(muted: boolean) {
    this.session.muted = muted;
  }

  set remember(mode: RememberMode) {
    this.session.remember = mode;
  }

  /** What the session sent, received and dropped, where its calls run, and whether it holds a microphone. */
  get stats(): SessionStats & { transport: Transport; microphone: boolean } {
    return { ...this.session.stats, transport: this.transport, microphone: this.session.microphoneHeld };
  }

  /** Where the call's worker draws the meters; null between calls, or where the page paints them. */
  get meterHost(): MeterHost | null {
    return this.session.meterHost;
  }

  /** The agent voice's playback (queue, played position, underruns); null before a call has audio. */
  get playback(): PlaybackStatus | null {
    return this.session.playback;
  }

  /** Called when a typed text `sendText()` took could not go out after all. */
  onUnsent: ((text: string) => void) | null = null;

  /** Called with each new level pair; the meters are painted there, without a render. */
  onLevels: (() => void) | null = null;

  /** Called with the levels the call's host reports (≤ 15 times a second). Only a change of who speaks re-renders the view. */
  setLevels(input: number, output: number, agentSpeaking: boolean): void {
    this.inputLevel = input;
    this.outputLevel = output;
    if (agentSpeaking) this.#voiceHeard = true;
    if (agentSpeaking !== this.agentSpeaking) {
      this.agentSpeaking = agentSpeaking;
      this.#host?.requestUpdate();
    }
    this.onLevels?.();
  }
}
