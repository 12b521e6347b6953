// Capture processor (registered by audio.worklet.ts): microphone at the context's rate → 16 kHz s16le mono frames, transferred to the
// main thread (or straight to the call's worker), plus the input level about 30 times a second. A thin shell over CaptureFramer.
import { CaptureFramer } from './dsp/capture-framer.ts';
import {
  type CaptureCommand,
  type CaptureEvent,
  type CaptureProcessorOptions,
} from './messages.ts';

export class CaptureProcessor extends AudioWorkletProcessor {
  private readonly framer: CaptureFramer;
  private readonly levelInterval: number;
  private sinceLevel = 0;
  private running = false;
  private stopped = false;
  /** Where frames and levels go: the node's port, or the call's worker's. */
  private out: MessagePort = this.port;
  /** Downmix buffer, reallocated only if the block length changes (the polyfill's blocks are not 128). */
  private mono = new Float32Array(128);
  private readonly emitFrame = (frame: Int16Array): void => {
    if (!this.running) return;
    const event: CaptureEvent = { type: 'frame', frame };
    this.out.postMessage(event, [frame.buffer as ArrayBuffer]);
  };

  constructor(options: { processorOptions?: Partial<CaptureProcessorOptions> }) {
    super();
    const given = options.processorOptions ?? {};
    const rate = given.sampleRate && given.sampleRate > 0 ? given.sampleRate : sampleRate;
    this.framer = new CaptureFramer(rate, given.frameSamples === 640 ? 640 : 320);
    this.levelInterval = Math.max(1, Math.round(rate / (given.levelHz && given.levelHz > 0 ? given.levelHz : 30)));
    this.port.onmessage = (event: MessageEvent<CaptureCommand>) => {
      const type = event.data?.type;
      if (type === 'start') this.running = true;
      else if (type === 'port') this.out = event.data.port;
      else if (type === 'stop') {
        this.running = false;
        this.stopped = true;
      }
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.stopped) return false;
    const channels = inputs[0];
    // No channels: nothing is connected (yet, or any more). Keep the node alive.
    if (!channels || channels.length === 0) return true;
    const block = this.downmix(channels);
    this.framer.push(block, this.emitFrame);
    this.sinceLevel += block.length;
    if (this.sinceLevel >= this.levelInterval) {
      this.sinceLevel = 0;
      const { rms, peak } = this.framer.takeLevel();
      const event: CaptureEvent = { type: 'level', rms, peak };
      this.out.postMessage(event);
    }
    return true;
  }

  /** The node asks for one channel, but a polyfilled node (ScriptProcessor) delivers two. */
  private downmix(channels: Float32Array[]): Float32Array {
    const first = channels[0]!;
    if (channels.length === 1) return first;
    if (this.mono.length !== first.length) this.mono = new Float32Array(first.length);
    const mono = this.mono;
    const scale = 1 / channels.length;
    for (let i = 0; i < mono.length; i++) {
      let sum = 0;
      for (let c = 0; c < channels.length; c++) sum += channels[c]![i]!;
      mono[i] = sum * scale;
    }
    return mono;
  }
}
