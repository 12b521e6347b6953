// Main-thread side of the playback processor: the agent's voice out. Its chunks, flushes and drains come from
// the call's host, and its status goes there, on the port the processor is handed (`pipeTo`).
import { PLAYBACK_PROCESSOR, type PlaybackCommand, type PlaybackProcessorOptions } from '../../worklets/messages.ts';
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
  #disposed = false;
  readonly #node: AudioWorkletNode;

  private constructor(node: AudioWorkletNode) {
    this.#node = node;
    node.onprocessorerror = () => this.onError?.('The playback processor failed.');
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

  /** From now on the processor takes its chunks, flushes and drains from `port` (the call's host holds the
   *  other end, a PlaybackClient) and reports its status there; this side only keeps the node and its errors. */
  pipeTo(port: MessagePort): void {
    this.#post({ type: 'port', port }, [port]);
  }

  /** Stops the processor and disconnects it. Safe to call twice. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#post({ type: 'stop' });
    this.#node.onprocessorerror = null;
    this.#node.port.close();
    try {
      this.#node.disconnect();
    } catch {
      // already disconnected
    }
    this.onError = null;
  }

  #post(command: PlaybackCommand, transfer: Transferable[] = []): void {
    this.#node.port.postMessage(command, transfer);
  }
}
