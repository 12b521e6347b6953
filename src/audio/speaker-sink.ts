// The page's speaker: one long-lived playback processor in the shared context, handed to the call's host on a
// port, played through the context's own destination (so output device choice is AudioContext.setSinkId, and
// nothing is added to the page).
import type { SpeakerOutput } from '../call/audio-ports.ts';
import { CallError, describeError, toCallError } from '../call/errors.ts';
import { PlaybackNode, type PlaybackNodeOptions } from './playback-node.ts';
import type { SharedAudioContext } from './shared-context.ts';

export interface SpeakerSinkOptions extends PlaybackNodeOptions {
  outputDeviceId?: string | undefined;
  /** Settles when the microphone has been opened (or failed to): playback waits for it, because Safari
   *  fixes the hardware rate when playback starts. A microphone that failed leaves the agent's voice to play. */
  microphoneOpened?: (() => Promise<void> | null) | undefined;
  /** Opening failed: the owner tears the rest of the call's audio down. */
  onOpenFailed?: ((error: CallError) => void) | undefined;
  /** Hands the playback processor to the call's host: the port of a channel whose other end the processor
   *  listens to, and a reader of the output's latency (what the host's `drained()` waits for after the
   *  processor). */
  pipe: (port: MessagePort, outputLatencyMs: () => number) => void;
}

/** Longest wait for audio that has left the processor but is still in the device's buffers. */
const MAX_OUTPUT_LATENCY_MS = 500;

export class SpeakerSink implements SpeakerOutput {
  #opening: Promise<void> | null = null;
  #generation = 0;
  #playback: PlaybackNode | null = null;
  /** Told when the playback processor breaks down mid-call. */
  #onFailure: ((error: CallError) => void) | null = null;
  readonly #shared: SharedAudioContext;
  readonly #options: SpeakerSinkOptions;

  constructor(
    shared: SharedAudioContext,
    options: SpeakerSinkOptions,
  ) {
    this.#shared = shared;
    this.#options = options;
  }

  /** The agent's voice, once open (for a host's own analysers). */
  get output(): AudioNode | null {
    return this.#playback?.output ?? null;
  }

  open(onFailure?: (error: CallError) => void): Promise<void> {
    this.#onFailure = onFailure ?? null;
    if (this.#opening) return this.#opening;
    const generation = ++this.#generation;
    let context: AudioContext;
    try {
      context = this.#shared.acquire(this);
    } catch (error) {
      this.#opening = this.#rejected(generation, toCallError(error, 'AUDIO_UNSUPPORTED'));
      return this.#opening;
    }
    this.#opening = this.#connect(generation, context).catch((error: unknown) =>
      this.#rejected(generation, toCallError(error, 'AUDIO_UNSUPPORTED')),
    );
    return this.#opening;
  }

  close(): void {
    this.#onFailure = null;
    this.#generation++;
    this.#opening = null;
    this.#playback?.dispose();
    this.#playback = null;
    this.#shared.release(this);
  }

  /** Plays through another output device; rejects where the browser cannot choose (no setSinkId). */
  async setOutputDevice(deviceId: string): Promise<void> {
    const context = this.#shared.current as (AudioContext & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (!context) throw new Error('voice-agent: the audio output is not open');
    if (typeof context.setSinkId !== 'function') throw new Error('voice-agent: this browser cannot choose the audio output');
    await context.setSinkId(deviceId);
  }

  async #connect(generation: number, context: AudioContext): Promise<void> {
    await this.#options.microphoneOpened?.()?.catch(() => undefined);
    if (generation !== this.#generation) return;
    let playback: PlaybackNode;
    try {
      playback = await PlaybackNode.create(context, this.#options);
    } catch (error) {
      throw new CallError('AUDIO_UNSUPPORTED', `The audio output could not start (${describeError(error)}).`);
    }
    if (generation !== this.#generation) {
      playback.dispose();
      return;
    }
    this.#playback = playback;
    playback.onError = (message) => this.#onFailure?.(new CallError('AUDIO_UNSUPPORTED', message));
    playback.output.connect(context.destination);
    const channel = new MessageChannel();
    playback.pipeTo(channel.port1);
    // Read when the host asks, not now: in Firefox, `outputLatency` asks the audio server while the output it
    // just connected is starting, and that froze the page for good (1 in 1 to 23 first calls of a page).
    this.#options.pipe(channel.port2, () => outputLatencyMs(context));
    if (this.#options.outputDeviceId) {
      // A missing device leaves the default output playing rather than failing the call.
      await this.setOutputDevice(this.#options.outputDeviceId).catch(() => undefined);
    }
    if (context.state === 'suspended') context.resume().catch(() => undefined);
  }

  #rejected(generation: number, error: CallError): Promise<never> {
    if (generation === this.#generation) {
      this.close();
      this.#options.onOpenFailed?.(error);
    }
    return Promise.reject(error);
  }
}

/** How long audio that has left the processor takes to leave the device (bounded). */
function outputLatencyMs(context: AudioContext): number {
  return Math.min(((context.baseLatency || 0) + (context.outputLatency || 0)) * 1000, MAX_OUTPUT_LATENCY_MS);
}
