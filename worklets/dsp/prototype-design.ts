// The resampler's prototype filter g, designed (Parks–McClellan, remez.ts) and written down. The build designs it
// once and hands the worklet module g as text (vite.config.ts defines `__PROTOTYPE_FILTER__`), so the worklet
// ships neither the design's code nor its cost on the audio thread; where nothing is defined (Node scripts run
// from source, and the dev server, which leaves the name in the worklet's modules), prototype-filter.ts designs
// it here.
import { designLowpass } from './remez.ts';

/** Passband edge as a fraction of the stopband edge: 6.8 kHz for the 16 kHz capture output. */
export const PASS_FRACTION = 0.85;
/** Design grid rate in multiples of the stopband edge. */
export const GRID_PER_STOP_EDGE = 12;
/** Length and stopband weight of g: −97 dB at the edge, falling with frequency; 0.07 dB passband ripple. */
const DESIGN_TAPS = 329;
const STOP_WEIGHT = 300;
/** The written taps' resolution: 2^-26, some 140 dB below g's largest tap (the tables built from g are
 *  float32, as fine). */
const SCALE = 2 ** 26;

/** The normalised equiripple filter g (sums to 1). */
export function designPrototype(): Float64Array {
  const g = designLowpass({
    taps: DESIGN_TAPS,
    passEdge: PASS_FRACTION / GRID_PER_STOP_EDGE,
    stopEdge: 1 / GRID_PER_STOP_EDGE,
    stopWeight: STOP_WEIGHT,
    slopedStopband: true,
    gridDensity: 8, // as good as 16 here (checked against SciPy's remez), in half the time
  }).coefficients;
  let sum = 0;
  for (let i = 0; i < g.length; i++) sum += g[i]!;
  for (let i = 0; i < g.length; i++) g[i] = g[i]! / sum;
  return g;
}

/** g written as text: its first half up to the middle tap (g is symmetric, of odd length), each tap × 2^26
 *  rounded to an integer. g is smooth, so what is written is each tap's second difference (how much its step
 *  from the tap before changed), in base 36: short numbers. */
export function encodePrototype(g: Float64Array): string {
  const middle = (g.length - 1) / 2;
  if (!Number.isInteger(middle)) throw new RangeError('prototype: an odd number of taps is expected');
  const written: string[] = [];
  let value = 0;
  let step = 0;
  for (let i = 0; i <= middle; i++) {
    if (Math.abs(g[i]! - g[g.length - 1 - i]!) > 1e-12) throw new RangeError('prototype: the taps are not symmetric');
    const next = Math.round(g[i]! * SCALE);
    written.push((next - value - step).toString(36));
    step = next - value;
    value = next;
  }
  return written.join(',');
}

/** The taps `encodePrototype` wrote. */
export function decodePrototype(text: string): Float64Array {
  const written = text.split(',');
  const g = new Float64Array(2 * written.length - 1);
  let value = 0;
  let step = 0;
  written.forEach((change, i) => {
    step += parseInt(change, 36);
    value += step;
    g[i] = g[g.length - 1 - i] = value / SCALE;
  });
  return g;
}
