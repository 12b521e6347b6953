// Offline polyphase resampler with a Kaiser-windowed sinc kernel, for whole phrases on the server.
// (worklets/dsp/ has the streaming one for the browser; this side only converts finished sounds.)

// Flat to 90 % of the lower Nyquist frequency, ≥ 90 dB down from 100 % of it: images and aliases of
// everything below the passband edge are gone, and speech (all below 90 %) passes untouched.
const PASSBAND_EDGE = 0.9;
const STOPBAND_EDGE = 1.0;
const ATTENUATION_DB = 90;
const KAISER_BETA = 0.1102 * (ATTENUATION_DB - 8.7);

/** `input` at `inRate` → the same sound at `outRate`. Rates must be whole numbers of hertz whose
 *  ratio reduces to at most 4096 phases (every common audio rate pair does). */
export function resample(input: Float32Array, inRate: number, outRate: number): Float32Array {
  if (!Number.isInteger(inRate) || !Number.isInteger(outRate) || inRate <= 0 || outRate <= 0) {
    throw new RangeError(`bad sample rates ${inRate} → ${outRate}`);
  }
  if (inRate === outRate) return input.slice();
  const g = gcd(inRate, outRate);
  const up = outRate / g; // phases per input sample
  const down = inRate / g; // input samples advanced per output sample, in phase units: n·down/up
  if (up > 4096) throw new RangeError(`rate ratio ${inRate}:${outRate} needs too many phases`);

  const lower = Math.min(1, outRate / inRate); // the lower Nyquist, in units of the input one
  const cutoff = (lower * (PASSBAND_EDGE + STOPBAND_EDGE)) / 2;
  // Kaiser's length estimate for the transition band, in cycles per input sample
  const transition = (lower * (STOPBAND_EDGE - PASSBAND_EDGE)) / 2;
  const half = Math.ceil((ATTENUATION_DB - 7.95) / (14.36 * transition) / 2); // kernel half-width, input samples
  const taps = 2 * half;
  const table = phaseTable(up, half, cutoff);

  const outLength = Math.floor((input.length * up) / down);
  const output = new Float32Array(outLength);
  for (let n = 0; n < outLength; n++) {
    const position = n * down; // in 1/up input samples
    const base = Math.floor(position / up);
    const phase = position - base * up;
    const kernel = phase * taps;
    let acc = 0;
    // tap j weighs input sample base - half + 1 + j
    const first = base - half + 1;
    const jStart = Math.max(0, -first);
    const jEnd = Math.min(taps, input.length - first);
    for (let j = jStart; j < jEnd; j++) acc += input[first + j]! * table[kernel + j]!;
    output[n] = acc;
  }
  return output;
}

/** Kernel values for each fractional phase, each row normalised to unit DC gain. */
function phaseTable(phases: number, half: number, cutoff: number): Float32Array {
  const taps = 2 * half;
  const table = new Float32Array(phases * taps);
  const i0Beta = besselI0(KAISER_BETA);
  for (let p = 0; p < phases; p++) {
    const frac = p / phases;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      const t = j - half + 1 - frac; // distance of the tap from the output instant, input samples
      const x = t / half;
      const window = Math.abs(x) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - x * x)) / i0Beta;
      const value = cutoff * sinc(cutoff * t) * window;
      table[p * taps + j] = value;
      sum += value;
    }
    for (let j = 0; j < taps; j++) table[p * taps + j]! /= sum;
  }
  return table;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
