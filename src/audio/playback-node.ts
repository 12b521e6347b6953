// Main-thread side of the playback processor: 24 kHz chunks in (transferred), the agent's voice out,
// and the processor's status (queue depth, played position, underruns, level, drained) back.
import {
  PLAYBACK_PROCESSOR,
  type PlaybackCommand,
  type PlaybackProcessorOptions,
  type PlaybackStatus,
} from '../../worklets/messages.ts';
import { PlaybackClient } from '../../worklets/playback-client.ts';
import { addWorkletModule } from './worklet-modules.ts';

export interface PlaybackNodeOptions {
  workletBaseUrl?: string | undefined;
  /** Ring buffer size (default: the DSP core's). */
  capacitySeconds?: number;
  /** Audio gathered before playback starts or restarts after running dry (default: the DSP core's). */
  prebufferMs?: number;
  /** Fade applied by `flush()`, at most 5 ms (default: the DSP core's). */
  fadeMs?: number;
  /** Status reports per second while audio is queued or playing (default 30). */
  statusHz?: number;
}

export class PlaybackNode {
  /** The processor threw: nothing more will play. */
  onError: ((message: string) => void) | null = null;
  readonly #client: PlaybackClient;
  #disposed = false;
  readonly #node: AudioWorkletNode;

  private constructor(node: AudioWorkletNode) {
    this.#node = node;
    this.#client = new PlaybackClient(node.port);
    node.onprocessorerror = () => {
      this.onError?.('The playback processor failed.');
      this.#client.releaseWaiters();
    };
  }

  /** Every status the processor reports (about 30 a second while playing, and when it drains). */
  set onStatus(listener: ((status: PlaybackStatus) => void) | null) {
    this.#client.onStatus = listener;
  }

  /** Loads the worklet module (once per context) and creates the processor (not yet connected). */
  static async create(context: AudioContext, options: PlaybackNodeOptions = {}): Promise<PlaybackNode> {
    await addWorkletModule(context, options.workletBaseUrl);
    const processorOptions: PlaybackProcessorOptions = {
      sampleRate: context.sampleRate,
      statusHz: options.statusHz ?? 30,
    };
    if (options.capacitySeconds !== undefined) processorOptions.capacitySeconds = options.capacitySeconds;
    if (options.prebufferMs !== undefined) processorOptions.prebufferMs = options.prebufferMs;
    if (options.fadeMs !== undefined) processorOptions.fadeMs = options.fadeMs;
    const node = new AudioWorkletNode(context, PLAYBACK_PROCESSOR, {
      numberOfInputs: 0,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      processorOptions,
    });
    return new PlaybackNode(node);
  }

  /** The agent's voice (mono); connect it to the destination or to an analyser. */
  get output(): AudioNode {
    return this.#node;
  }

  /** The last status the processor reported (on the main thread: see `pipeTo`). */
  get status(): PlaybackStatus {
    return this.#client.status;
  }

  /** Queues `chunk` (s16le samples); the buffer is transferred. */
  write(chunk: ArrayBuffer): void {
    this.#client.write(chunk);
  }

  /** Fades out within the configured fade (≤ 5 ms) and drops everything queued. */
  flush(): void {
    this.#client.flush();
  }

  /** Resolves once everything written so far has left the processor (see PlaybackClient.drained). */
  drained(): Promise<void> {
    return this.#client.drained();
  }

  /** From now on the processor takes its chunks, flushes and drains from `port` (the call's worker holds the
   *  other end) and reports its status there; this side only keeps the node and its errors. */
  pipeTo(port: MessagePort): void {
    this.#node.port.postMessage({ type: 'port', port } satisfies PlaybackCommand, [port]);
  }

  /** Stops the processor and disconnects it; pending `drained()` promises resolve. Safe to call twice. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#client.close(true);
    this.#node.onprocessorerror = null;
    this.#node.port.close();
    try {
      this.#node.disconnect();
    } catch {
      // already disconnected
    }
    this.onError = null;
  }
}
