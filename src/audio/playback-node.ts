// Main-thread side of the playback processor: 24 kHz chunks in (transferred), the agent's voice out,
// and the processor's status (queue depth, played position, underruns, level, drained) back.
import {
  PLAYBACK_PROCESSOR,
  type PlaybackCommand,
  type PlaybackProcessorOptions,
  type PlaybackStatus,
} from '../../worklets/messages.ts';
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

const IDLE_STATUS: PlaybackStatus = {
  type: 'status',
  seq: 0,
  queuedSamples: 0,
  playedSamples: 0,
  underruns: 0,
  droppedSamples: 0,
  drained: true,
  rms: 0,
  peak: 0,
};

export class PlaybackNode {
  /** Every status the processor reports (about 30 a second while playing, and when it drains). */
  onStatus: ((status: PlaybackStatus) => void) | null = null;
  /** The processor threw: nothing more will play. */
  onError: ((message: string) => void) | null = null;

  #seq = 0;
  #latest: PlaybackStatus = IDLE_STATUS;
  #waiters: { seq: number; resolve: () => void }[] = [];
  #disposed = false;
  readonly #node: AudioWorkletNode;

  private constructor(node: AudioWorkletNode) {
    this.#node = node;
    node.port.onmessage = (event: MessageEvent<unknown>) => this.#receive(event.data);
    node.onprocessorerror = () => {
      this.onError?.('The playback processor failed.');
      this.#releaseWaiters();
    };
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

  /** The last status the processor reported. */
  get status(): PlaybackStatus {
    return this.#latest;
  }

  /** Queues `chunk` (s16le samples; a trailing odd byte is ignored). The buffer is transferred: the
   *  caller must not use it afterwards. */
  write(chunk: ArrayBuffer): void {
    if (this.#disposed || !isArrayBuffer(chunk)) return;
    const samples = chunk.byteLength >> 1;
    if (samples === 0) return;
    const pcm = new Int16Array(chunk, 0, samples);
    const command: PlaybackCommand = { type: 'chunk', seq: ++this.#seq, pcm };
    try {
      this.#node.port.postMessage(command, [chunk]);
    } catch {
      // Not transferable (for example a buffer owned by WebAssembly memory): send a copy.
      this.#node.port.postMessage({ ...command, pcm: pcm.slice() });
    }
  }

  /** Fades out within the configured fade (≤ 5 ms) and drops everything queued. */
  flush(): void {
    if (!this.#disposed) this.#node.port.postMessage({ type: 'flush', seq: ++this.#seq } satisfies PlaybackCommand);
  }

  /** Resolves once everything written so far has left the processor (played, or dropped by a flush).
   *  Tells the processor that no more audio is expected for now, so a tail shorter than the prebuffer
   *  is played out rather than held back. */
  drained(): Promise<void> {
    if (this.#disposed || (this.#latest.drained && this.#latest.seq >= this.#seq)) return Promise.resolve();
    const seq = ++this.#seq;
    this.#node.port.postMessage({ type: 'drain', seq } satisfies PlaybackCommand);
    return new Promise((resolve) => this.#waiters.push({ seq, resolve }));
  }

  /** Stops the processor and disconnects it; pending `drained()` promises resolve. Safe to call twice. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#node.port.postMessage({ type: 'stop' } satisfies PlaybackCommand);
    this.#node.port.onmessage = null;
    this.#node.onprocessorerror = null;
    this.#node.port.close();
    try {
      this.#node.disconnect();
    } catch {
      // already disconnected
    }
    this.#releaseWaiters();
    this.onStatus = this.onError = null;
  }

  #receive(data: unknown): void {
    if (this.#disposed || !isStatus(data)) return;
    this.#latest = data;
    if (data.drained) {
      const ready = this.#waiters.filter((waiter) => waiter.seq <= data.seq);
      this.#waiters = this.#waiters.filter((waiter) => waiter.seq > data.seq);
      for (const waiter of ready) waiter.resolve();
    }
    this.onStatus?.(data);
  }

  #releaseWaiters(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.resolve();
  }
}

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

function isStatus(data: unknown): data is PlaybackStatus {
  if (typeof data !== 'object' || data === null) return false;
  const status = data as Record<string, unknown>;
  return (
    status.type === 'status' &&
    typeof status.seq === 'number' &&
    typeof status.queuedSamples === 'number' &&
    typeof status.playedSamples === 'number' &&
    typeof status.underruns === 'number' &&
    typeof status.droppedSamples === 'number' &&
    typeof status.drained === 'boolean' &&
    typeof status.rms === 'number' &&
    typeof status.peak === 'number'
  );
}
