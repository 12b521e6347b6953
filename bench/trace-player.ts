// Replays an arrival trace of the agent's voice (each chunk's arrival time and samples) through a PlaybackCore the
// way the worklet drives it: render quanta of 128 samples on the audio clock, and every chunk that has arrived by
// the start of a quantum queued before it. Reports what a listener hears: breaks in the voice, speech lost to
// them, how far behind the sender each stretch of speech ends, the first sound's latency and the target over time.
// Pure and deterministic (Node): the tests feed it synthetic traces, the bench traces captured through the link
// emulator.
import { PLAYBACK_INPUT_RATE, PlaybackCore, type PlaybackOptions } from '../worklets/dsp/playback-core.ts';

export interface TraceChunk {
  /** When the chunk reached the playback processor (ms; any origin, the same for every chunk). */
  arrivalMs: number;
  /** 24 kHz samples. */
  pcm: Int16Array;
  /** When the sender sent the chunk's first sample (ms, same origin). Default: a sender at exactly real time
   *  whose first chunk left `oneWayMs` before it arrived. */
  sentMs?: number;
  /** The stream is marked ended after this chunk (the session's `drain`). The last chunk always is. */
  ended?: boolean;
}

export interface TraceOptions extends PlaybackOptions {
  /** The AudioContext's rate (default 48 kHz). */
  outputRate?: number;
  /** Render quanta the audio thread renders back to back, taking in chunks only between them (default 1; Firefox
   *  renders a callback's worth at a time, e.g. 8 at 48 kHz for about 21 ms). */
  burstQuanta?: number;
  /** The link's one-way delay (ms), taken out of the lag (default 0). */
  oneWayMs?: number;
  /** Interval of the target's samples in `targets` (default 100 ms). */
  sampleEveryMs?: number;
}

/** A break in the voice: the ring ran dry in the middle of speech. */
export interface TraceBreak {
  /** When it ran dry (ms, the trace's clock). */
  atMs: number;
  /** Where in the sent audio (ms of media time from the first sample). */
  mediaMs: number;
  /** How long the output was silent until the voice went on (ms). */
  ms: number;
}

/** The end of a stretch of speech (speech followed by at least 100 ms of silence, or by the end). */
export interface SpeechEnd {
  /** Media time of its last audible sample (ms from the first sample). */
  mediaMs: number;
  /** When the sender sent that sample, and when it was heard (ms, the trace's clock). */
  sentMs: number;
  playedMs: number;
  /** playedMs − sentMs − oneWayMs: the delay the playback added on top of the link's own. */
  lagMs: number;
}

export interface TraceReport {
  /** Everything rendered, at `outputRate`, from the first chunk's arrival. */
  output: Float32Array;
  outputRate: number;
  breaks: TraceBreak[];
  /** Media time in stretches of speech, and the part of it the breaks held silent (ms, and its share). */
  speechMs: number;
  lostMs: number;
  lostShare: number;
  /** From the first chunk's arrival until its first audible sample is heard (ms). */
  firstSoundMs: number;
  speechEnds: SpeechEnd[];
  /** The core's target (ms) every `sampleEveryMs`, from the first arrival. */
  targets: { atMs: number; targetMs: number }[];
  /** Silence the core skipped to take back delay, and audio it played twice to add delay (ms of media time). */
  skippedMs: number;
  stretchedMs: number;
  /** The core's own counters at the end. */
  underruns: number;
  underrunMs: number;
}

const QUANTUM = 128;
/** Magnitude above which a sample is speech (as the core's −54 dBFS). */
const AUDIBLE = 64;
/** Silence that ends a stretch of speech (media samples: 100 ms). */
const SPEECH_GAP = 2400;
/** Rendered after the last chunk at most (ms), for the queue to play out. */
const TAIL_MS = 30_000;

/** Plays `chunks` (in arrival order) through a PlaybackCore with `options` and reports what was heard. */
export function playTrace(chunks: readonly TraceChunk[], options: TraceOptions = {}): TraceReport {
  if (chunks.length === 0) throw new RangeError('an empty trace');
  const rate = options.outputRate ?? 48_000;
  const oneWayMs = options.oneWayMs ?? 0;
  const sampleEvery = options.sampleEveryMs ?? 100;
  const burst = Math.max(1, Math.round(options.burstQuanta ?? 1));
  const core = new PlaybackCore(rate, options);
  const origin = chunks[0]!.arrivalMs;
  const quantumMs = (QUANTUM * 1000) / rate;
  const starts: number[] = [];
  let total = 0;
  for (const chunk of chunks) {
    starts.push(total);
    total += chunk.pcm.length;
  }
  const media = joined(chunks, total);
  const sentAt = (sample: number): number => {
    const i = Math.max(0, upperBound(starts, sample) - 1);
    const chunk = chunks[i]!;
    const sent = chunk.sentMs ?? origin - oneWayMs + (starts[i]! * 1000) / PLAYBACK_INPUT_RATE;
    return sent + ((sample - starts[i]!) * 1000) / PLAYBACK_INPUT_RATE;
  };

  const parts: Float32Array[] = [];
  /** Media samples consumed (played or skipped) by the end of each quantum. */
  const consumed: number[] = [];
  const breaks: TraceBreak[] = [];
  const targets: { atMs: number; targetMs: number }[] = [];
  const quantum = new Float32Array(QUANTUM);
  const lastArrival = chunks[chunks.length - 1]!.arrivalMs;
  let next = 0;
  let underruns = 0;
  let open: TraceBreak | null = null;
  for (let q = 0; ; q++) {
    const now = origin + q * quantumMs;
    if (next === chunks.length && core.drained) break;
    if (now > lastArrival + TAIL_MS) break;
    // A browser whose audio thread renders several quanta at a time (Firefox) takes in what arrived only between them.
    const between = q % burst === 0;
    for (; between && next < chunks.length && chunks[next]!.arrivalMs <= now; next++) {
      const chunk = chunks[next]!;
      core.enqueue(chunk.pcm);
      if (chunk.ended || next === chunks.length - 1) {
        core.markEnded();
        if (core.queuedSamples === 0) open = null; // the stream was over, not late
      }
    }
    if (q % Math.max(1, Math.round(sampleEvery / quantumMs)) === 0) targets.push({ atMs: now - origin, targetMs: core.targetMs });
    const before = consumed[consumed.length - 1] ?? 0;
    core.render(quantum);
    parts.push(quantum.slice());
    // (A stretch plays again what was played: the media position holds until it has.)
    const after = Math.max(before, core.playedSamples + core.skippedSamples - core.stretchedSamples);
    consumed.push(after);
    if (open && after > before) {
      open.ms = now - origin - open.atMs;
      breaks.push(open);
      open = null;
    }
    if (core.underruns > underruns) {
      underruns = core.underruns;
      open = { atMs: now + quantumMs - origin, mediaMs: (after * 1000) / PLAYBACK_INPUT_RATE, ms: 0 };
    }
  }

  const delayMs = core.delaySeconds * 1000;
  /** When media sample m was heard (ms, the trace's clock), interpolated within its quantum. */
  const playedAt = (m: number): number => {
    const q = upperBound(consumed, m);
    const from = q === 0 ? 0 : consumed[q - 1]!;
    const to = consumed[q] ?? from + 1;
    return origin + (q + (m - from) / Math.max(1, to - from)) * quantumMs + delayMs;
  };

  const stretches = speechStretches(media);
  const speechEnds = stretches.map(([, end]) => {
    const sentMs = sentAt(end);
    const playedMs = playedAt(end);
    return { mediaMs: (end * 1000) / PLAYBACK_INPUT_RATE, sentMs, playedMs, lagMs: playedMs - sentMs - oneWayMs };
  });
  const speechMs = stretches.reduce((sum, [from, to]) => sum + ((to - from + 1) * 1000) / PLAYBACK_INPUT_RATE, 0);
  const lostMs = breaks.reduce((sum, b) => sum + b.ms, 0);
  const first = stretches[0]?.[0] ?? 0;
  const firstChunk = chunks[Math.max(0, upperBound(starts, first) - 1)]!;
  const output = new Float32Array(parts.length * QUANTUM);
  parts.forEach((part, i) => output.set(part, i * QUANTUM));
  return {
    output,
    outputRate: rate,
    breaks,
    speechMs,
    lostMs,
    lostShare: speechMs > 0 ? lostMs / speechMs : 0,
    firstSoundMs: playedAt(first) - firstChunk.arrivalMs,
    speechEnds,
    targets,
    skippedMs: (core.skippedSamples * 1000) / PLAYBACK_INPUT_RATE,
    stretchedMs: (core.stretchedSamples * 1000) / PLAYBACK_INPUT_RATE,
    underruns: core.underruns,
    underrunMs: core.underrunMs,
  };
}

/** [first, last] audible sample of each stretch of speech (stretches split by SPEECH_GAP of silence). */
export function speechStretches(media: Int16Array): [number, number][] {
  const stretches: [number, number][] = [];
  let from = -1;
  let last = -1;
  for (let i = 0; i < media.length; i++) {
    const s = media[i]!;
    if (s <= AUDIBLE && s >= -AUDIBLE) continue;
    if (from < 0) from = i;
    else if (i - last > SPEECH_GAP) {
      stretches.push([from, last]);
      from = i;
    }
    last = i;
  }
  if (from >= 0) stretches.push([from, last]);
  return stretches;
}

function joined(chunks: readonly TraceChunk[], total: number): Int16Array {
  const out = new Int16Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk.pcm, at);
    at += chunk.pcm.length;
  }
  return out;
}

/** The first index whose value is greater than `value` in ascending `sorted`. */
function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
