// Playback path core: 24 kHz s16 chunks → bounded ring → one long-lived resampler → context-rate output.
//
// The resampler runs every render quantum, on queued audio while playing and on zeros otherwise, so chunk
// joins, underruns and resumptions all pass through one continuous filter: no joins to click at, and an
// underrun is silence that the filter enters and leaves smoothly.
//
// States: waiting (prebuffering: nothing is taken from the ring) → playing once prebufferMs of audio is
// queued, or the stream is marked ended, or audio has waited prebufferMs (a short last sentence must not
// wait forever) → back to waiting when the ring runs dry. Running dry before markEnded() is an underrun,
// counted once per episode.

import { LevelMeter, type Level } from './levels.ts';
import { StreamResampler } from './resampler.ts';

export const PLAYBACK_INPUT_RATE = 24_000;

export interface PlaybackOptions {
  /** Ring capacity in seconds of 24 kHz audio (default 60). */
  capacitySeconds?: number;
  /** Audio queued before playback starts (default 60 ms). */
  prebufferMs?: number;
  /** Fade-out length on flush (default 4 ms). */
  fadeMs?: number;
}

const DEFAULTS = { capacitySeconds: 60, prebufferMs: 60, fadeMs: 4 };
const INITIAL_QUANTUM = 128;

export class PlaybackCore {
  readonly outputRate: number;
  private readonly resampler: StreamResampler;
  private readonly ring: Int16Array;
  /** Absolute sample counts written to and read from the ring. */
  private writeTotal = 0;
  private readTotal = 0;
  private played = 0;
  private underrunCount = 0;
  private playing = false;
  private ended = false;
  /** Output samples rendered while waiting with audio queued. */
  private waited = 0;
  private readonly prebufferSamples: number;
  private readonly prebufferOutput: number;
  /** Flush in progress: fadeLeft output samples of fade to go; audio before dropUntil is then dropped. */
  private readonly fadeLength: number;
  private fadeLeft = 0;
  private dropUntil = 0;
  /** Zero input samples fed to the resampler since the last queued one (its tail has sounded once this
   *  reaches its length). */
  private silentInputs = Number.POSITIVE_INFINITY;
  private readonly tailSamples: number;
  private readonly meter = new LevelMeter();
  /** Resampler input for one refill, and its output not yet rendered (staged[stagedAt, stagedLength)). */
  private scratch: Float32Array;
  private scratchQuantum = 0;
  private staged: Float32Array;
  private stagedAt = 0;
  private stagedLength = 0;

  /** outputRate: the AudioContext rate. Invalid option values fall back to the defaults. */
  constructor(outputRate: number, options: PlaybackOptions = {}) {
    this.outputRate = outputRate;
    this.resampler = new StreamResampler(PLAYBACK_INPUT_RATE, outputRate);
    const capacitySeconds = positive(options.capacitySeconds, DEFAULTS.capacitySeconds);
    const prebufferMs = nonNegative(options.prebufferMs, DEFAULTS.prebufferMs);
    const fadeMs = nonNegative(options.fadeMs, DEFAULTS.fadeMs);
    this.ring = new Int16Array(Math.max(1, Math.round(capacitySeconds * PLAYBACK_INPUT_RATE)));
    this.prebufferSamples = Math.round((prebufferMs / 1000) * PLAYBACK_INPUT_RATE);
    this.prebufferOutput = Math.round((prebufferMs / 1000) * outputRate);
    this.fadeLength = Math.round((fadeMs / 1000) * outputRate);
    this.tailSamples = Math.max(1, this.resampler.taps);
    this.scratch = new Float32Array(0);
    this.staged = new Float32Array(0);
    this.ensureBuffers(INITIAL_QUANTUM);
  }

  /** 24 kHz samples waiting (including any a running flush is about to drop). */
  get queuedSamples(): number {
    return this.writeTotal - this.readTotal;
  }

  /** 24 kHz samples taken from the queue and played so far. */
  get playedSamples(): number {
    return this.played;
  }

  /** Times playback ran out of audio before the stream was marked ended. */
  get underruns(): number {
    return this.underrunCount;
  }

  /** Nothing queued, no fade running and the resampler's tail played out. */
  get drained(): boolean {
    return this.queuedSamples === 0 && this.fadeLeft === 0 && this.silentInputs >= this.tailSamples;
  }

  /** Group delay of the resampling, seconds. */
  get delaySeconds(): number {
    return this.resampler.delaySeconds;
  }

  /** Queues 24 kHz samples; returns how many were dropped for lack of room (the newest: the end of pcm). */
  enqueue(pcm: Int16Array): number {
    const length = pcm.length;
    const room = this.ring.length - this.queuedSamples;
    const accepted = Math.min(length, room);
    const ring = this.ring;
    const capacity = ring.length;
    let at = this.writeTotal % capacity;
    for (let i = 0; i < accepted; i++) {
      ring[at] = pcm[i]!;
      if (++at === capacity) at = 0;
    }
    this.writeTotal += accepted;
    if (length > 0) this.ended = false;
    return length - accepted;
  }

  /** No more audio for now: play what is queued even if shorter than the prebuffer; running dry after
   *  it is the end of the stream, not an underrun. Cleared by the next enqueue. */
  markEnded(): void {
    this.ended = true;
  }

  /** Fades to silence within fadeMs, then drops everything queued before this call and the resampler's
   *  tail. Audio queued after the call is kept (it is the next utterance). */
  flush(): void {
    this.dropUntil = this.writeTotal;
    if (this.fadeLeft > 0) return; // already fading: the new drop point extends it
    const audible = this.playing || this.silentInputs < this.tailSamples || this.stagedAt < this.stagedLength;
    if (audible && this.fadeLength > 0) this.fadeLeft = this.fadeLength;
    else this.finishFlush();
  }

  /** Fills out with output-rate samples. Never allocates unless out is longer than any before. */
  render(out: Float32Array): void {
    const n = out.length;
    if (n > this.scratchQuantum) this.ensureBuffers(n);
    let i = 0;
    while (i < n) {
      if (this.stagedAt === this.stagedLength) this.refill(n - i);
      const staged = this.staged;
      let at = this.stagedAt;
      const end = Math.min(this.stagedLength, at + (n - i));
      if (this.fadeLeft > 0) {
        while (at < end) {
          this.fadeLeft--;
          out[i++] = staged[at++]! * (this.fadeLeft / this.fadeLength);
          if (this.fadeLeft === 0) {
            this.finishFlush();
            break;
          }
        }
        if (this.fadeLeft > 0) this.stagedAt = at;
      } else {
        while (at < end) out[i++] = staged[at++]!;
        this.stagedAt = at;
      }
    }
    this.meter.add(out);
    if (!this.playing && this.queuedSamples > 0) this.waited += n;
  }

  /** RMS and peak of the output since the last call, then starts over. */
  takeLevel(): Level {
    return this.meter.take();
  }

  /** Sizes the buffers for render quanta up to `quantum` samples (once, unless quanta grow). */
  private ensureBuffers(quantum: number): void {
    const up = this.outputRate;
    const down = PLAYBACK_INPUT_RATE;
    // Inputs needed for `quantum` outputs never exceed ⌈quantum·down/up⌉ + ⌈down/up⌉ (see resampler).
    const scratch = Math.ceil((quantum * down) / up) + Math.ceil(down / up) + 2;
    const staged = new Float32Array(Math.ceil((scratch * up) / down) + 2);
    const left = this.stagedLength - this.stagedAt;
    for (let k = 0; k < left; k++) staged[k] = this.staged[this.stagedAt + k]!;
    this.staged = staged;
    this.stagedAt = 0;
    this.stagedLength = left;
    this.scratch = new Float32Array(scratch);
    this.scratchQuantum = quantum;
  }

  /** Resamples just enough input for `wanted` more outputs into the staging buffer. */
  private refill(wanted: number): void {
    const need = this.resampler.inputNeededFor(wanted);
    const scratch = this.scratch;
    if (!this.playing) this.maybeStart();
    let taken = 0;
    if (this.playing) {
      const limit = this.fadeLeft > 0 ? this.dropUntil : this.writeTotal;
      taken = Math.max(0, Math.min(need, limit - this.readTotal));
      const ring = this.ring;
      const capacity = ring.length;
      let at = this.readTotal % capacity;
      for (let k = 0; k < taken; k++) {
        scratch[k] = ring[at]! * (1 / 32768);
        if (++at === capacity) at = 0;
      }
      this.readTotal += taken;
      this.played += taken;
      if (taken < need && this.fadeLeft === 0) {
        if (!this.ended) this.underrunCount++;
        this.playing = false;
        this.waited = 0;
      }
    }
    scratch.fill(0, taken, need);
    this.silentInputs = taken > 0 ? need - taken : this.silentInputs + need;
    this.stagedLength = this.resampler.process(scratch, this.staged, need);
    this.stagedAt = 0;
  }

  private maybeStart(): void {
    const queued = this.queuedSamples;
    if (queued === 0 || this.fadeLeft > 0) return;
    if (queued >= this.prebufferSamples || this.ended || this.waited >= this.prebufferOutput) {
      this.playing = true;
      this.waited = 0;
    }
  }

  private finishFlush(): void {
    this.readTotal = Math.max(this.readTotal, this.dropUntil);
    this.fadeLeft = 0;
    this.playing = false;
    this.waited = 0;
    this.resampler.reset();
    this.silentInputs = Number.POSITIVE_INFINITY;
    this.stagedAt = 0;
    this.stagedLength = 0;
  }
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}
