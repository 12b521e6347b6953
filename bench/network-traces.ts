// Synthetic arrival traces of the agent's voice for the trace player, built the way the link emulator delivers a
// stream: each chunk leaves the sender at its own time, crosses a one-way delay plus seeded jitter, and TCP keeps
// the bytes in order (a chunk never arrives before the one sent ahead of it). The voice is speech-like: a
// voiced harmonic series with a gliding pitch and syllables, never silent inside a sentence.
import { floatToInt16 } from '../worklets/dsp/pcm.ts';
import { random } from './converters.ts';
import type { TraceChunk } from './trace-player.ts';

const RATE = 24_000;

/**
 * `seconds` of a speech-like voice at 24 kHz: harmonics of a pitch gliding around 140 Hz (up to ~3.4 kHz,
 * falling 6 dB an octave), shaped by syllables of 150–300 ms whose level swings between −26 dBFS and −10 dBFS.
 * Deterministic for a seed.
 */
export function speechLike(seconds: number, seed = 1): Float32Array {
  const next = random(seed);
  const out = new Float32Array(Math.round(seconds * RATE));
  const harmonics = 24;
  const phases = new Float64Array(harmonics);
  let syllableLeft = 0;
  let syllableLength = 1;
  for (let n = 0; n < out.length; n++) {
    if (syllableLeft === 0) {
      syllableLength = Math.round((0.15 + 0.15 * next()) * RATE);
      syllableLeft = syllableLength;
    }
    const envelope = 0.05 + 0.27 * Math.sin((Math.PI * (syllableLength - syllableLeft)) / syllableLength) ** 2;
    syllableLeft--;
    const pitch = 140 * (1 + 0.12 * Math.sin((2 * Math.PI * 0.7 * n) / RATE) + 0.05 * Math.sin((2 * Math.PI * 3.1 * n) / RATE));
    let sum = 0;
    for (let k = 1; k <= harmonics; k++) {
      const p = (phases[k - 1]! + (2 * Math.PI * pitch * k) / RATE) % (2 * Math.PI);
      phases[k - 1] = p;
      if (pitch * k < 3400) sum += Math.sin(p) / k;
    }
    out[n] = envelope * 0.6 * sum;
  }
  return out;
}

/** Float samples as 16-bit PCM. */
export function toPcm(signal: Float32Array): Int16Array {
  const pcm = new Int16Array(signal.length);
  floatToInt16(signal, pcm);
  return pcm;
}

export interface Delivery {
  /** When each chunk leaves the sender (ms). */
  sentMs: number[];
  /** Each chunk's jitter (ms) on top of the one-way delay. */
  jitterMs: number[];
  oneWayMs: number;
}

/** Cuts `pcm` into chunks sent and delayed as `delivery` says, bytes kept in order:
 *  arrival_i = max(arrival_{i−1}, sent_i + oneWay + jitter_i). `sizes` are the chunks' lengths in samples. */
export function deliver(pcm: Int16Array, sizes: number[], delivery: Delivery): TraceChunk[] {
  const chunks: TraceChunk[] = [];
  let at = 0;
  let arrival = -Infinity;
  sizes.forEach((size, i) => {
    const sentMs = delivery.sentMs[i]!;
    arrival = Math.max(arrival, sentMs + delivery.oneWayMs + (delivery.jitterMs[i] ?? 0));
    chunks.push({ arrivalMs: arrival, sentMs, pcm: pcm.slice(at, at + size) });
    at += size;
  });
  return chunks;
}

/** Exponential jitter of mean `meanMs`, capped at `capMs`, seeded. */
export function exponentialJitter(count: number, meanMs: number, capMs: number, seed: number): number[] {
  const next = random(seed);
  return Array.from({ length: count }, () => Math.min(capMs, -meanMs * Math.log(1 - next())));
}

export interface JitterProfile {
  chunks: TraceChunk[];
  /** What was sent (24 kHz). */
  pcm: Int16Array;
  oneWayMs: number;
  /** Media time (ms) where the jitter starts and ends, and where the steady sentences start. */
  jitterFromMs: number;
  jitterToMs: number;
}

/**
 * The profile of issue 30's jitter goals: 20 ms chunks sent at exactly real time over a 40 ms one-way delay; no
 * jitter for 4 s, then 10 s of exponential jitter (mean 60 ms, capped at 300 ms), then 8 s steady made of four
 * sentences (1.5 s of voice, 0.5 s of pause streamed as zeros in the same stream). The voice is continuous
 * for the first 14 s.
 */
export function issueJitterProfile(seed: number): JitterProfile {
  const chunkSamples = 480;
  const voice = speechLike(14 + 4 * 1.5, seed + 1000);
  const signal = new Float32Array(22 * RATE);
  signal.set(voice.subarray(0, 14 * RATE));
  for (let s = 0; s < 4; s++) {
    const from = (14 + 2 * s) * RATE;
    const source = (14 + 1.5 * s) * RATE;
    signal.set(voice.subarray(source, source + 1.5 * RATE), from);
  }
  const pcm = toPcm(signal);
  const count = pcm.length / chunkSamples;
  const jitter = exponentialJitter(count, 60, 300, seed);
  const jitterMs = jitter.map((j, i) => (i >= 200 && i < 700 ? j : 0));
  const sentMs = Array.from({ length: count }, (_, i) => i * 20);
  const chunks = deliver(pcm, new Array<number>(count).fill(chunkSamples), { sentMs, jitterMs, oneWayMs: 40 });
  return { chunks, pcm, oneWayMs: 40, jitterFromMs: 4000, jitterToMs: 14_000 };
}

/**
 * A sender ahead of real time, like the simulator's talking agent: `pace`× real time in chunks of 40–200 ms,
 * utterances of `seconds[k]` of voice each starting `gapMs` after the previous one was heard, over a steady
 * 40 ms one-way link. Each utterance opens with 12 ms of silence and ends with 300 ms of it, as the
 * simulator's espeak-ng phrases do. With `marked`, each is marked ended after its last chunk (the session's drain).
 */
export function aheadSender(seconds: number[], { pace = 3, gapMs = 1500, seed = 1, marked = true } = {}): TraceChunk[] {
  const next = random(seed);
  const chunks: TraceChunk[] = [];
  let start = 0;
  seconds.forEach((voice, u) => {
    const length = voice + 0.312;
    const signal = new Float32Array(Math.round(length * RATE));
    signal.set(speechLike(voice, seed + u), Math.round(0.012 * RATE));
    const pcm = toPcm(signal);
    let at = 0;
    while (at < pcm.length) {
      const size = Math.min(pcm.length - at, Math.round((40 + 160 * next()) * (RATE / 1000)));
      const sentMs = start + (at * 1000) / RATE / pace;
      chunks.push({ arrivalMs: sentMs + 40, sentMs, pcm: pcm.slice(at, at + size) });
      at += size;
    }
    chunks[chunks.length - 1]!.ended = marked;
    start += length * 1000 + gapMs;
  });
  return chunks;
}
