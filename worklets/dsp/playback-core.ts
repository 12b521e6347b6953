// Playback path core: 24 kHz s16 chunks → bounded ring → one long-lived resampler → context-rate output.
//
// The resampler runs every render quantum, on queued audio while playing and on zeros otherwise, so chunk
// joins, underruns and resumptions all pass through one continuous filter: no joins to click at, and an
// underrun is silence that the filter enters and leaves smoothly.
//
// States: waiting (prebuffering: nothing is taken from the ring) → playing once the target of audio is
// queued, or the stream is marked ended, or audio has waited the target (a short last sentence must not
// wait forever) → back to waiting when the ring runs dry. Running dry in the middle of speech, before
// markEnded(), is an underrun, counted once per episode; running dry after at least SILENT_TAIL of silence
// is not (the end of an utterance, or a pause).
//
// Policies: `fixed` waits prebufferMs each time (the widget before 0.2); `immediate` plays each chunk at
// once (what WebSocket peers do); `adaptive` (the default) starts at prebufferMs and follows a PlayoutTarget
// (NetEQ-style): each chunk's arrival is stamped on the audio clock (the output rendered); the delay the
// buffer adds to the stream (its waits) is kept to the target. An underrun triples the target at once, and playback
// goes on once what came back and the silence so far make half of it (sooner, Firefox's bursts of quanta took
// each lone chunk at once and broke again), and while the delay is below
// the target the voice is stretched by whole pitch periods (silence in a pause), so it grows without another
// break; while it is above the target, silence in pauses is skipped (never speech), so a link that steadies
// gets its delay back.

import { LevelMeter, type Level } from './levels.ts';
import { PlayoutTarget } from './playout-target.ts';
import { StreamResampler } from './resampler.ts';

export const PLAYBACK_INPUT_RATE = 24_000;

export type PlaybackPolicy = 'adaptive' | 'fixed' | 'immediate';

export interface PlaybackOptions {
  /** Ring capacity in seconds of 24 kHz audio (default 60). */
  capacitySeconds?: number;
  /** Audio queued before playback starts (default 60 ms); the adaptive target's start and floor. */
  prebufferMs?: number;
  /** The adaptive target's ceiling (default 500 ms). */
  maxTargetMs?: number;
  /** Fade-out length on flush (default 4 ms). */
  fadeMs?: number;
  /** How long to wait before playing (default `adaptive`; unknown values fall back to it). */
  policy?: PlaybackPolicy;
}

const DEFAULTS = { capacitySeconds: 60, prebufferMs: 60, maxTargetMs: 500, fadeMs: 4 };
const INITIAL_QUANTUM = 128;
/** Input at or below this magnitude is silence (−54 dBFS): skipping it leaves a step no larger than twice it. */
const SILENT = 64;
/** Silence before the ring runs dry that makes it the end of an utterance or a pause, not an underrun. */
const SILENT_TAIL = 480;
/** Silence kept on each side of what is skipped (50 ms): a pause is never shortened below twice this. */
const GUARD = 1200;
const IN_PER_MS = PLAYBACK_INPUT_RATE / 1000;
/** Pitch periods searched (2.5–12.5 ms: voices of 80–400 Hz). */
const PERIOD_MIN = 60;
const PERIOD_MAX = 300;
/** Stretch only for a shortfall of at least this (ms), and leave STRETCH_EVERY periods between stretches. */
const STRETCH_MIN = 10;
const STRETCH_EVERY = 2;
/** After a break, playback goes on once what came back and the silence so far make this share of the target: a
 *  browser that renders several quanta at a time (Firefox) took a lone chunk at once and broke again and again. */
const RESUME_SHARE = 0.5;

export class PlaybackCore {
  readonly outputRate: number;
  private readonly resampler: StreamResampler;
  private readonly ring: Int16Array;
  /** Absolute sample counts written to and read from the ring. */
  private writeTotal = 0;
  private readTotal = 0;
  private played = 0;
  /** Silent 24 kHz samples skipped to take back delay the buffer had added (read only). */
  skippedSamples = 0;
  /** 24 kHz samples played a second time to stretch the voice: delay added without a break (read only). */
  stretchedSamples = 0;
  /** Input taken since the last stretch (negative: the spacing still owed). */
  private sinceStretch = 0;
  private underrunCount = 0;
  /** Output samples of underruns that ended with more of the same stream (rendered while waiting for it). */
  private underrunOutput = 0;
  private playing = false;
  private ended = false;
  /** Output samples rendered while waiting with audio queued. */
  private waited = 0;
  private readonly prebufferSamples: number;
  private readonly prebufferOutput: number;
  /** Adaptive policy only. The audio clock: output samples rendered so far. */
  private readonly target: PlayoutTarget | null;
  private clock = 0;
  /** A stream (an utterance) is under way: its chunks are measured against each other. */
  private streaming = false;
  /** Output samples rendered waiting since the stream started or ran dry; `cut`: it ran dry in speech. */
  private gap = 0;
  private cut = false;
  /** Consecutive silent samples last taken from the ring. */
  private silentRun = 0;
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
    const policy = options.policy;
    const prebufferMs = policy === 'immediate' ? 0 : nonNegative(options.prebufferMs, DEFAULTS.prebufferMs);
    const fadeMs = nonNegative(options.fadeMs, DEFAULTS.fadeMs);
    this.target =
      policy === 'fixed' || policy === 'immediate'
        ? null
        : new PlayoutTarget(outputRate, prebufferMs, positive(options.maxTargetMs, DEFAULTS.maxTargetMs));
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

  /** 24 kHz samples taken from the queue and played so far (those a stretch played twice count twice). */
  get playedSamples(): number {
    return this.played;
  }

  /** Times playback ran out of audio in the middle of speech, before the stream was marked ended. */
  get underruns(): number {
    return this.underrunCount;
  }

  /** Time (ms) the output was silent in underruns after which the same stream went on: speech lost. */
  get underrunMs(): number {
    return (this.underrunOutput * 1000) / this.outputRate;
  }

  /** The delay (ms) playback waits for before starting: the adaptive target, or the fixed prebuffer. */
  get targetMs(): number {
    return this.target ? this.target.targetMs : (this.prebufferSamples * 1000) / PLAYBACK_INPUT_RATE;
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
    if (this.target && length > 0) this.stamp(length);
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
    // Waiting with nothing queued: the stream did not run late, it was over (audio and this mark share one
    // ordered socket).
    if (!this.playing && this.queuedSamples === 0) this.endStream();
  }

  /** Fades to silence within fadeMs, then drops everything queued before this call and the resampler's
   *  tail. Audio queued after the call is kept (it is the next utterance). */
  flush(): void {
    this.dropUntil = this.writeTotal;
    this.endStream();
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
    this.clock += n;
    if (!this.playing) {
      if (this.queuedSamples > 0) this.waited += n;
      if (this.streaming) this.gap += n;
    }
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
      if (this.target && this.fadeLeft === 0) {
        if (this.silentRun >= GUARD) this.skipSilence();
        this.stretch();
      }
      const limit = this.fadeLeft > 0 ? this.dropUntil : this.writeTotal;
      taken = Math.max(0, Math.min(need, limit - this.readTotal));
      const ring = this.ring;
      const capacity = ring.length;
      let at = this.readTotal % capacity;
      let run = this.silentRun;
      for (let k = 0; k < taken; k++) {
        const sample = ring[at]!;
        scratch[k] = sample * (1 / 32768);
        run = sample > SILENT || sample < -SILENT ? 0 : run + 1;
        if (++at === capacity) at = 0;
      }
      this.silentRun = run;
      this.sinceStretch += taken;
      this.readTotal += taken;
      this.played += taken;
      if (taken < need && this.fadeLeft === 0) {
        this.cut = !this.ended && run < SILENT_TAIL;
        if (this.cut) {
          this.underrunCount++;
          this.target?.broke();
        }
        if (this.ended) this.endStream();
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
    const target = this.target;
    const start = target
      ? queued >= target.targetMs * IN_PER_MS || target.addedMs + this.gapMs() >= target.targetMs ||
        (this.cut && queued / IN_PER_MS + this.gapMs() >= RESUME_SHARE * target.targetMs)
      : queued >= this.prebufferSamples || this.waited >= this.prebufferOutput;
    if (start || this.ended) {
      this.playing = true;
      this.waited = 0;
      if (target) target.addedMs += this.gapMs();
      if (this.cut) this.underrunOutput += this.gap;
      this.gap = 0;
      this.cut = false;
    }
  }

  private gapMs(): number {
    return (this.gap * 1000) / this.outputRate;
  }

  /** Stamps a chunk of `length` samples, about to be queued, with the audio clock (adaptive policy). */
  private stamp(length: number): void {
    const target = this.target!;
    // A stream marked ended but not played out yet goes on: the delay the buffer added is still in its queue.
    if (this.streaming) {
      // Audio later than the cap after the voice fell silent: the next utterance of a stream never marked
      // ended. (After a cut in speech it is the same utterance, however late: an outage, whose delay is then
      // taken back.)
      if (target.arrive(this.clock, this.writeTotal, length) || this.playing || this.cut) return;
    }
    target.restart(this.clock, this.writeTotal);
    this.streaming = true;
    this.gap = 0;
    this.cut = false;
  }

  /** While the buffer holds more delay than the target and the input has been silent for GUARD, skips the
   *  silent input queued next, keeping GUARD of it before whatever follows. */
  private skipSilence(): void {
    const target = this.target!;
    const excess = Math.floor((target.addedMs - target.targetMs) * IN_PER_MS);
    // At the cap the link is later than the buffer may wait: any delay taken back would come back as a break.
    if (excess <= 0 || target.targetMs >= target.capMs) return;
    const ring = this.ring;
    const capacity = ring.length;
    const limit = Math.min(this.queuedSamples, excess + GUARD);
    let at = this.readTotal % capacity;
    let run = 0;
    while (run < limit && ring[at]! <= SILENT && ring[at]! >= -SILENT) {
      run++;
      if (++at === capacity) at = 0;
    }
    const skip = Math.min(excess, run - GUARD);
    if (skip <= 0) return;
    this.readTotal += skip;
    this.skippedSamples += skip;
    target.addedMs -= skip / IN_PER_MS;
  }

  /** While the buffer holds less delay than the target, plays one more pitch period of the input (a period of
   *  silence in a pause), cross-faded in, at most once every STRETCH_EVERY periods: the voice slows by at most
   *  1 / (STRETCH_EVERY + 1) and the delay grows without a break. */
  private stretch(): void {
    const target = this.target!;
    const queued = this.queuedSamples;
    const ring = this.ring;
    const capacity = ring.length;
    const r = this.readTotal;
    // Only once the link has shown lateness; and a queue as deep as the target (a sender ahead of real time)
    // needs no more delay, nor does a stream's end.
    if (target.targetMs <= target.startMs || target.targetMs - target.addedMs < STRETCH_MIN) return;
    if (queued >= target.targetMs * IN_PER_MS || this.ended) return;
    if (this.sinceStretch < 0 || queued < PERIOD_MAX || r < PERIOD_MAX + PERIOD_MIN || queued + PERIOD_MAX > capacity) return;
    let period = PERIOD_MAX;
    if (this.silentRun >= GUARD) {
      // In a pause: a period of silence, if silence goes on for one more (no voice faded in twice).
      for (let k = 0; k < period; k++) if (Math.abs(this.sample(r + k)) > SILENT) return;
    } else {
      let best = 0.7;
      period = 0;
      for (let p = PERIOD_MIN; p <= PERIOD_MAX; p++) {
        let dot = 0;
        let a = 0;
        let b = 0;
        for (let k = 0; k < p; k++) {
          const u = this.sample(r - p + k);
          const v = this.sample(r + k);
          dot += u * v;
          a += u * u;
          b += v * v;
        }
        const c = dot / Math.sqrt(a * b + 1);
        if (c > best) {
          best = c;
          period = p;
        }
      }
      if (period === 0) {
        this.sinceStretch = -PERIOD_MAX; // not periodic here: look again a little further on
        return;
      }
    }
    for (let k = 0; k < period; k++) {
      const w = (k + 1) / (period + 1);
      ring[(r - period + k) % capacity] = Math.round((1 - w) * this.sample(r + k) + w * this.sample(r - period + k));
    }
    this.readTotal -= period;
    this.stretchedSamples += period;
    this.sinceStretch = -STRETCH_EVERY * period;
    target.addedMs += period / IN_PER_MS;
  }

  /** The queued or recently played 24 kHz sample at absolute position i. */
  private sample(i: number): number {
    return this.ring[i % this.ring.length]!;
  }

  /** The stream is over (marked ended and played out, or flushed): what comes next is a new one. */
  private endStream(): void {
    this.streaming = false;
    this.gap = 0;
    this.cut = false;
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
