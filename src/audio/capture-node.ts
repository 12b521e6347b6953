// Main-thread side of the capture processor: mic stream in; its 16 kHz frames and input levels go straight to
// the call's host, on the port the processor is handed (`pipeTo`).
import { CAPTURE_PROCESSOR, type CaptureCommand, type CaptureProcessorOptions, type FrameSamples } from '../../worklets/messages.ts';
import { addWorkletModule } from './worklet-modules.ts';

export interface CaptureNodeOptions {
  frameSamples?: FrameSamples;
  workletBaseUrl?: string | undefined;
  /** Input level reports per second (default 30). */
  levelHz?: number;
}

export class CaptureNode {
  /** The processor threw: no more frames will come. */
  onError: ((message: string) => void) | null = null;

  #disposed = false;
  #input: MediaStreamAudioSourceNode;
  readonly #node: AudioWorkletNode;
  readonly #context: AudioContext;

  private constructor(
    input: MediaStreamAudioSourceNode,
    node: AudioWorkletNode,
    context: AudioContext,
  ) {
    this.#input = input;
    this.#node = node;
    this.#context = context;
    node.onprocessorerror = () => this.onError?.('The capture processor failed.');
  }

  /** Loads the worklet module (once per context) and connects `stream` to a new capture processor. */
  static async create(context: AudioContext, stream: MediaStream, options: CaptureNodeOptions = {}): Promise<CaptureNode> {
    await addWorkletModule(context, options.workletBaseUrl);
    const processorOptions: CaptureProcessorOptions = {
      sampleRate: context.sampleRate,
      frameSamples: options.frameSamples ?? 320,
      levelHz: options.levelHz ?? 30,
    };
    const input = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      // The browser downmixes a stereo microphone to mono (L+R)/2 before the processor sees it.
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
      processorOptions,
    });
    input.connect(node);
    // The processor writes nothing to its output; being connected to the destination keeps it pulled
    // in every engine (a polyfilled ScriptProcessor only runs when connected).
    node.connect(context.destination);
    return new CaptureNode(input, node, context);
  }

  /** Feeds the processor from `stream` instead (another microphone, mid-call): the processor, its
   *  resampler state and its frame pacing carry on; the previous source is disconnected, its stream is
   *  the caller's to stop. */
  replaceStream(stream: MediaStream): void {
    if (this.#disposed) return;
    const input = this.#context.createMediaStreamSource(stream);
    input.connect(this.#node);
    disconnect(this.#input);
    this.#input = input;
  }

  /** From now on the processor posts its frames and levels to `port` (the call's host holds the other end). */
  pipeTo(port: MessagePort): void {
    if (!this.#disposed) this.#node.port.postMessage({ type: 'port', port } satisfies CaptureCommand, [port]);
  }

  /** Frames flow from now on. */
  start(): void {
    if (!this.#disposed) this.#post({ type: 'start' });
  }

  /** Stops the processor and disconnects both nodes. Safe to call more than once. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#post({ type: 'stop' });
    this.#node.onprocessorerror = null;
    this.#node.port.close();
    disconnect(this.#input);
    disconnect(this.#node);
    this.onError = null;
  }

  #post(command: CaptureCommand): void {
    this.#node.port.postMessage(command);
  }
}

function disconnect(node: AudioNode): void {
  try {
    node.disconnect();
  } catch {
    // already disconnected
  }
}
