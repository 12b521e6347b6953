// Test signals and audio measurements shared by the benchmark and the tests (Node and the test page). No
// FFT: tones are measured by least-squares fits of sines at known frequencies (exact for any length, no
// window leakage), and noise as whatever a fit leaves behind.
import { floatToInt16, int16ToFloat } from '../worklets/dsp/pcm.ts';

/** A stream converter for measurement: feed a whole signal, get the whole output (state from scratch). */
export type Convert = (input: Float32Array) => Float32Array;
export type ConverterFactory = (inputRate: number, outputRate: number) => Convert;

export const db = (powerRatio: number): number => 10 * Math.log10(Math.max(powerRatio, 1e-30));

/** amplitude · sin(2π f n / rate + phase), n = 0 … */
export function sine(frequency: number, rate: number, samples: number, amplitude = 1, phase = 0): Float32Array {
  const out = new Float32Array(samples);
  const w = (2 * Math.PI * frequency) / rate;
  for (let n = 0; n < samples; n++) out[n] = amplitude * Math.sin(w * n + phase);
  return out;
}

/** The same sine as 16-bit PCM, converted by the project's one float → int16 rule. */
export function sineInt16(frequency: number, rate: number, samples: number, amplitude = 1, phase = 0): Int16Array<ArrayBuffer> {
  const out = new Int16Array(samples);
  floatToInt16(sine(frequency, rate, samples, amplitude, phase), out);
  return out;
}

/** Concatenated 16-bit little-endian PCM chunks (any byte offset; a stray odd byte is ignored) as floats
 *  in [−1, 1), by the project's one int16 → float rule. */
export function pcm16ToFloat(chunks: readonly (ArrayBuffer | ArrayBufferView)[]): Float32Array {
  const views = chunks.map((c) => (c instanceof ArrayBuffer ? new DataView(c) : new DataView(c.buffer, c.byteOffset, c.byteLength)));
  const pcm = new Int16Array(views.reduce((n, v) => n + (v.byteLength >> 1), 0));
  let at = 0;
  for (const view of views) {
    for (let i = 0; i + 1 < view.byteLength; i += 2) pcm[at++] = view.getInt16(i, true);
  }
  const out = new Float32Array(pcm.length);
  int16ToFloat(pcm, out);
  return out;
}

export function meanSquare(signal: ArrayLike<number>, from = 0, to = signal.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += signal[i]! * signal[i]!;
  return to > from ? sum / (to - from) : 0;
}

export function rms(signal: ArrayLike<number>, from = 0, to = signal.length): number {
  return Math.sqrt(meanSquare(signal, from, to));
}

/** Largest |x[i] − x[i−1]| for i in [from, to): a click stands out against a smooth signal's own steps. */
export function maxStep(x: ArrayLike<number>, from = 1, to = x.length): number {
  let max = 0;
  for (let i = Math.max(1, from); i < to; i++) max = Math.max(max, Math.abs(x[i]! - x[i - 1]!));
  return max;
}

/** Index of the first sample louder than `threshold` (−1 if none). */
export function firstAbove(x: ArrayLike<number>, threshold = 0): number {
  for (let i = 0; i < x.length; i++) if (Math.abs(x[i]!) > threshold) return i;
  return -1;
}

/** Index of the last sample louder than `threshold` (−1 if none). */
export function lastAbove(x: ArrayLike<number>, threshold = 0): number {
  for (let i = x.length - 1; i >= 0; i--) if (Math.abs(x[i]!) > threshold) return i;
  return -1;
}

export interface ToneFit {
  /** Amplitude of each fitted frequency. */
  amplitudes: number[];
  /** Phase (radians, of a sine) of each fitted frequency. */
  phases: number[];
  /** Mean square of the signal minus all fitted tones. */
  residual: number;
  /** Mean square of the signal. */
  total: number;
}

/**
 * Least-squares fit of sines and cosines at `frequencies` (Hz, all jointly, so strong tones do not leak
 * into weak ones) over signal[from, to).
 */
export function fitTones(signal: ArrayLike<number>, rate: number, frequencies: number[], from = 0, to = signal.length): ToneFit {
  const k = frequencies.length * 2;
  const ata = Array.from({ length: k }, () => new Float64Array(k));
  const atb = new Float64Array(k);
  const basis = new Float64Array(k);
  const ws = frequencies.map((f) => (2 * Math.PI * f) / rate);
  let total = 0;
  const fill = (n: number) => {
    for (let j = 0; j < ws.length; j++) {
      const angle = ws[j]! * n;
      basis[2 * j] = Math.sin(angle);
      basis[2 * j + 1] = Math.cos(angle);
    }
  };
  for (let n = from; n < to; n++) {
    fill(n);
    const y = signal[n]!;
    total += y * y;
    for (let a = 0; a < k; a++) {
      atb[a] = atb[a]! + basis[a]! * y;
      const row = ata[a]!;
      for (let b = a; b < k; b++) row[b] = row[b]! + basis[a]! * basis[b]!;
    }
  }
  for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) ata[a]![b] = ata[b]![a]!;
  const coef = solve(ata, atb);
  let residual = 0;
  for (let n = from; n < to; n++) {
    fill(n);
    let model = 0;
    for (let a = 0; a < k; a++) model += coef[a]! * basis[a]!;
    const e = signal[n]! - model;
    residual += e * e;
  }
  const count = Math.max(1, to - from);
  return {
    amplitudes: frequencies.map((_, j) => Math.hypot(coef[2 * j]!, coef[2 * j + 1]!)),
    phases: frequencies.map((_, j) => Math.atan2(coef[2 * j + 1]!, coef[2 * j]!)),
    residual: residual / count,
    total: total / count,
  };
}

/** Gaussian elimination with partial pivoting (small dense systems). */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row) => Float64Array.from(row));
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    [x[c], x[p]] = [x[p]!, x[c]!];
    const pivot = m[c]![c]!;
    if (Math.abs(pivot) < 1e-300) continue;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / pivot;
      if (f === 0) continue;
      for (let j = c; j < n; j++) m[r]![j] = m[r]![j]! - f * m[c]![j]!;
      x[r] = x[r]! - f * x[c]!;
    }
  }
  for (let c = n - 1; c >= 0; c--) {
    let s = x[c]!;
    for (let j = c + 1; j < n; j++) s -= m[c]![j]! * x[j]!;
    x[c] = Math.abs(m[c]![c]!) < 1e-300 ? 0 : s / m[c]![c]!;
  }
  return x;
}

/** Share (0…1) of the signal's power in one tone of `frequency` over signal[from, to). */
export function toneShare(signal: ArrayLike<number>, rate: number, frequency: number, from = 0, to = signal.length): number {
  const fit = fitTones(signal, rate, [frequency], from, to);
  return fit.total > 0 ? fit.amplitudes[0]! ** 2 / 2 / fit.total : 0;
}

/** Signal-to-noise ratio (dB) of a tone: fitted tone power over everything else (noise + distortion). */
export function toneSnrDb(signal: ArrayLike<number>, rate: number, frequency: number, from = 0, to = signal.length): number {
  const fit = fitTones(signal, rate, [frequency], from, to);
  return db((fit.amplitudes[0]! ** 2 / 2) / fit.residual);
}

/** THD+N (dB, negative): everything but the fitted fundamental, relative to the fundamental. */
export function thdPlusNoiseDb(signal: ArrayLike<number>, rate: number, frequency: number, from = 0, to = signal.length): number {
  return -toneSnrDb(signal, rate, frequency, from, to);
}

/** Output settling margin skipped at both ends of every measurement. */
const SETTLE_SECONDS = 0.03;

function window(outputLength: number, outputRate: number): [number, number] {
  const skip = Math.ceil(SETTLE_SECONDS * outputRate);
  return [skip, Math.max(skip + 1, outputLength - skip)];
}

export interface AliasSweepOptions {
  /** Length of each probe tone. */
  seconds?: number;
  /** Spacing of the coarse sweep (Hz): a small fraction of the width of a filter's stopband lobes. */
  step?: number;
  /** How many of the loudest coarse points are refined to 1 Hz within ±step. */
  refine?: number;
}

/** Input tones above the output's Nyquist frequency for the coarse alias sweep: every `step` Hz from
 *  just above outputRate / 2 to just below inputRate / 2. */
export function aliasSweepTones(inputRate: number, outputRate: number, step = 25): number[] {
  const tones: number[] = [];
  const top = inputRate / 2 - 10;
  for (let f = outputRate / 2 + 10; f <= top; f += step) tones.push(f);
  return tones;
}

/**
 * Worst alias (dB relative to the input tone) over input tones above outputRate / 2: a converter should
 * output nothing for them, so all output power counts. A coarse sweep every `step` Hz finds the loudest
 * stopband lobes and each of the `refine` loudest points is searched again at 1 Hz around it, so the
 * peak of a lobe is not missed between grid tones (a fixed grid of a dozen tones missed it by 2 dB).
 */
export function worstAliasDb(
  convert: ConverterFactory,
  inputRate: number,
  outputRate: number,
  { seconds = 0.1, step = 25, refine = 4 }: AliasSweepOptions = {},
): { db: number; tone: number } {
  const level = (tone: number): number => {
    const out = convert(inputRate, outputRate)(sine(tone, inputRate, Math.round(seconds * inputRate)));
    const [from, to] = window(out.length, outputRate);
    // The alias's power is its fitted amplitude² / 2 plus whatever else came out: a plain mean square
    // misreads an alias of a few hertz, of which the window holds less than a period.
    const fit = fitTones(out, outputRate, [aliasOf(tone, outputRate)], from, to);
    return db((fit.amplitudes[0]! ** 2 / 2 + fit.residual) / 0.5);
  };
  const low = outputRate / 2 + 1;
  const high = inputRate / 2 - 1;
  const coarse = aliasSweepTones(inputRate, outputRate, step).map((tone) => ({ tone, db: level(tone) }));
  let worst = { db: -Infinity, tone: 0 };
  for (const point of coarse) if (point.db > worst.db) worst = point;
  const loudest = [...coarse].sort((a, b) => b.db - a.db).slice(0, refine);
  for (const point of loudest) {
    for (let tone = Math.max(low, point.tone - step + 1); tone <= Math.min(high, point.tone + step - 1); tone++) {
      const value = level(tone);
      if (value > worst.db) worst = { db: value, tone };
    }
  }
  return worst;
}

/** Where a tone lands when sampled at `rate` without filtering (folded into [0, rate / 2]). */
export function aliasOf(frequency: number, rate: number): number {
  const folded = frequency % rate;
  return folded > rate / 2 ? rate - folded : folded;
}

/** Gain (dB) of a tone through the converter. */
export function toneGainDb(convert: Convert, inputRate: number, outputRate: number, frequency: number, seconds = 0.2): number {
  const out = convert(sine(frequency, inputRate, Math.round(seconds * inputRate)));
  const [from, to] = window(out.length, outputRate);
  const fit = fitTones(out, outputRate, [frequency], from, to);
  return db(fit.amplitudes[0]! ** 2);
}

/** Peak-to-peak gain variation (dB) over tones from 100 Hz to `upTo` Hz. */
export function passbandRippleDb(convert: ConverterFactory, inputRate: number, outputRate: number, upTo: number, steps = 40): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i <= steps; i++) {
    const f = 100 + ((upTo - 100) * i) / steps;
    const gain = toneGainDb(convert(inputRate, outputRate), inputRate, outputRate, f);
    lo = Math.min(lo, gain);
    hi = Math.max(hi, gain);
  }
  return hi - lo;
}

/** SNR (dB) of a full-scale-ish (0.5) tone converted from inputRate to outputRate. */
export function conversionSnrDb(convert: ConverterFactory, inputRate: number, outputRate: number, frequency = 1000, seconds = 0.5): number {
  const out = convert(inputRate, outputRate)(sine(frequency, inputRate, Math.round(seconds * inputRate), 0.5));
  const [from, to] = window(out.length, outputRate);
  return toneSnrDb(out, outputRate, frequency, from, to);
}

/** Where the images of a tone f sampled at inputRate land after conversion to outputRate (folded into
 *  [0, outputRate / 2]); the tone itself excluded. */
export function imageFrequencies(frequency: number, inputRate: number, outputRate: number): number[] {
  const out = new Set<number>();
  for (let m = 1; m * inputRate - frequency < outputRate * 2; m++) {
    for (const f of [m * inputRate - frequency, m * inputRate + frequency]) {
      let folded = f % outputRate;
      if (folded > outputRate / 2) folded = outputRate - folded;
      if (Math.abs(folded - frequency) > 20 && folded > 20 && folded < outputRate / 2 - 20) out.add(folded);
    }
  }
  return [...out];
}

/** Strongest image (dB relative to the tone) over the given input tones. */
export function worstImageDb(convert: ConverterFactory, inputRate: number, outputRate: number, tones: number[], seconds = 0.5): number {
  let worst = -Infinity;
  for (const tone of tones) {
    const images = imageFrequencies(tone, inputRate, outputRate);
    if (images.length === 0) continue;
    const out = convert(inputRate, outputRate)(sine(tone, inputRate, Math.round(seconds * inputRate), 0.5));
    const [from, to] = window(out.length, outputRate);
    const fit = fitTones(out, outputRate, [tone, ...images], from, to);
    const reference = fit.amplitudes[0]! ** 2;
    for (let i = 1; i < fit.amplitudes.length; i++) worst = Math.max(worst, db(fit.amplitudes[i]! ** 2 / reference));
  }
  return worst;
}

/**
 * Delay (seconds) measured from the phase of low tones: input sin(ωt) comes out as sin(ω(t − d)). Two
 * tones resolve the phase ambiguity for delays up to 1 / (2·Δf) = 25 ms.
 */
export function measuredDelaySeconds(convert: ConverterFactory, inputRate: number, outputRate: number): number {
  const phaseAt = (f: number): number => {
    const out = convert(inputRate, outputRate)(sine(f, inputRate, Math.round(0.3 * inputRate)));
    const [from, to] = window(out.length, outputRate);
    return fitTones(out, outputRate, [f], from, to).phases[0]!;
  };
  const f1 = 100;
  const f2 = 120;
  const wrap = (a: number) => a - 2 * Math.PI * Math.round(a / (2 * Math.PI));
  const coarse = -wrap(phaseAt(f2) - phaseAt(f1)) / (2 * Math.PI * (f2 - f1));
  // Refine with a higher tone whose phase is unambiguous once the coarse delay is known.
  const f3 = 1000;
  const predicted = -2 * Math.PI * f3 * coarse;
  const measured = phaseAt(f3);
  const fine = -(predicted + wrap(measured - predicted)) / (2 * Math.PI * f3);
  return fine;
}

/**
 * How far a streaming converter holds output back (seconds): after streaming `seconds` of input in
 * `block`-sample calls, input time consumed minus output time produced. A converter that emits an output
 * as soon as the input it is centred on has arrived (and delays the signal instead) holds back nothing;
 * one that emits time-aligned output holds back its filter's look-ahead. Latency = alignment delay
 * (measuredDelaySeconds) + hold-back.
 */
export function holdBackSeconds(
  stream: { process(input: Float32Array, output: Float32Array): number },
  inputRate: number,
  outputRate: number,
  { seconds = 1, block = 128 } = {},
): number {
  const input = sine(440, inputRate, block, 0.5);
  const output = new Float32Array(Math.ceil((block * outputRate) / inputRate) + 64);
  let consumed = 0;
  let produced = 0;
  while (consumed < seconds * inputRate) {
    produced += stream.process(input, output);
    consumed += block;
  }
  return consumed / inputRate - produced / outputRate;
}

/** The value below which a share `p` (0–1) of `values` lies (NaN for none). */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
