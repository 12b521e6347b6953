// Playback processor (registered by audio.worklet.ts): one per call, alive for the whole call. 24 kHz chunks arrive
// transferred (from the main thread, or straight from the call's worker over a port handed over once); the
// PlaybackCore queues them in a bounded ring, resamples to the context's rate and renders, with silence
// (counted) on underrun and a short fade on flush. Status goes back about 30 times a second while audio
// is queued or playing, and at once when the queue drains.
import { PlaybackCore } from './dsp/playback-core.ts';
import {
  type PlaybackCommand,
  type PlaybackEvent,
  type PlaybackProcessorOptions,
} from './messages.ts';

export class PlaybackProcessor extends AudioWorkletProcessor {
  private readonly core: PlaybackCore;
  private readonly statusInterval: number;
  private sinceStatus = 0;
  private seq = 0;
  private reportedSeq = -1;
  private reportedDrained = true;
  private droppedSamples = 0;
  private stopped = false;
  /** Where the status goes: the node's port, or the call's worker's. */
  private out: MessagePort = this.port;

  constructor(options: { processorOptions?: Partial<PlaybackProcessorOptions> }) {
    super();
    const given = options.processorOptions ?? {};
    const rate = given.sampleRate && given.sampleRate > 0 ? given.sampleRate : sampleRate;
    this.core = new PlaybackCore(rate, given); // it checks each option, and ignores the processor's own
    this.statusInterval = Math.max(1, Math.round(rate / (given.statusHz && given.statusHz > 0 ? given.statusHz : 30)));
    this.port.onmessage = (event: MessageEvent<PlaybackCommand>) => this.command(event.data);
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (this.stopped) return false;
    const channels = outputs[0];
    const out = channels?.[0];
    if (!channels || !out) return true;
    this.core.render(out);
    for (let c = 1; c < channels.length; c++) channels[c]!.set(out);
    this.sinceStatus += out.length;
    const drained = this.core.drained;
    const news = drained && (!this.reportedDrained || this.reportedSeq !== this.seq);
    if (news || (!drained && this.sinceStatus >= this.statusInterval)) this.report(drained);
    return true;
  }

  private command(command: PlaybackCommand | undefined): void {
    switch (command?.type) {
      case 'chunk':
        if (isInt16Array(command.pcm)) this.droppedSamples += this.core.enqueue(command.pcm);
        this.seq = command.seq;
        break;
      case 'flush':
        this.core.flush();
        this.seq = command.seq;
        break;
      case 'drain':
        this.core.markEnded();
        this.seq = command.seq;
        break;
      case 'port':
        this.out = command.port;
        this.out.onmessage = (event: MessageEvent<PlaybackCommand>) => this.command(event.data);
        break;
      case 'stop':
        this.stopped = true;
        break;
    }
  }

  private report(drained: boolean): void {
    const core = this.core;
    const level = core.takeLevel();
    // Once drained the voice is silent: say so, rather than the level of its last moments.
    const rms = drained ? 0 : level.rms;
    const peak = drained ? 0 : level.peak;
    const status: PlaybackEvent = {
      type: 'status',
      seq: this.seq,
      queuedSamples: core.queuedSamples,
      playedSamples: core.playedSamples,
      underruns: core.underruns,
      underrunMs: core.underrunMs,
      targetMs: core.targetMs,
      droppedSamples: this.droppedSamples,
      drained,
      rms,
      peak,
    };
    this.out.postMessage(status);
    this.sinceStatus = 0;
    this.reportedSeq = this.seq;
    this.reportedDrained = drained;
  }
}

/** Not `instanceof`: under the polyfill the processor runs in another realm than the message's arrays. */
function isInt16Array(value: unknown): value is Int16Array {
  return Object.prototype.toString.call(value) === '[object Int16Array]';
}
