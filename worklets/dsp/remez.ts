// Parks–McClellan (Remez exchange) design of a linear-phase low-pass FIR with an odd number of taps.
//
// Why not a windowed sinc alone: a window gives the same ripple in both bands, so meeting −90 dB in the
// stopband also buys a needlessly flat (±0.0003 dB) passband, and the filter comes out ~25% longer than it
// must be — too long for the 2 ms delay budget of the capture path. Equiripple design spends the
// 0.1 dB passband allowance instead.

export interface LowpassSpec {
  /** Odd number of taps. */
  taps: number;
  /** Passband edge, in cycles per sample (0 < passEdge < stopEdge < 0.5). */
  passEdge: number;
  /** Stopband edge, in cycles per sample. */
  stopEdge: number;
  /** Weight of stopband error relative to passband error (at the stopband edge). */
  stopWeight: number;
  /** When true the stopband weight grows in proportion to frequency, so the stopband falls off away
   *  from the edge instead of staying flat (less energy left to fold back when the filter is sampled). */
  slopedStopband?: boolean;
  /** Grid points per extremal frequency (default 16). */
  gridDensity?: number;
  /** Default 60. */
  maxIterations?: number;
}

export interface LowpassDesign {
  /** The impulse response, symmetric, summing to the passband amplitude (≈ 1). */
  coefficients: Float64Array;
  /** Weighted peak error at convergence (passband deviation; stopband deviation is this / weight). */
  deviation: number;
  iterations: number;
}

/** Designs the filter; throws RangeError on an impossible specification. */
export function designLowpass(spec: LowpassSpec): LowpassDesign {
  const { taps, passEdge, stopEdge, stopWeight } = spec;
  if (!Number.isInteger(taps) || taps < 3 || taps % 2 === 0) throw new RangeError('taps must be odd and ≥ 3');
  if (!(passEdge > 0 && passEdge < stopEdge && stopEdge < 0.5)) throw new RangeError('need 0 < pass < stop < 0.5');
  if (!(stopWeight > 0)) throw new RangeError('stopWeight must be positive');
  const half = (taps - 1) / 2; // amplitude A(f) = Σ_{k=0..half} c_k cos(2πkf)
  const extremals = half + 2;
  const grid = buildGrid(spec, extremals);
  const count = grid.freq.length;
  if (count < extremals * 2) throw new RangeError('grid too coarse');

  // Initial guess: extremal frequencies spread evenly over the grid.
  let ext: Int32Array<ArrayBuffer> = new Int32Array(extremals);
  for (let k = 0; k < extremals; k++) ext[k] = Math.round((k * (count - 1)) / (extremals - 1));

  const x = new Float64Array(extremals);
  const weights = new Float64Array(extremals);
  const values = new Float64Array(extremals);
  const error = new Float64Array(count);
  let delta = 0;
  let iterations = 0;
  const maxIterations = spec.maxIterations ?? 60;
  for (; iterations < maxIterations; iterations++) {
    for (let k = 0; k < extremals; k++) x[k] = grid.x[ext[k]!]!;
    barycentricWeights(x, extremals, weights);
    let num = 0;
    let den = 0;
    for (let k = 0; k < extremals; k++) {
      const g = ext[k]!;
      num += weights[k]! * grid.desired[g]!;
      den += ((k & 1 ? -1 : 1) * weights[k]!) / grid.weight[g]!;
    }
    delta = num / den;
    for (let k = 0; k < extremals; k++) {
      const g = ext[k]!;
      values[k] = grid.desired[g]! - ((k & 1 ? -1 : 1) * delta) / grid.weight[g]!;
    }
    // Interpolate A through the first `extremals − 1` points (the last one is implied by δ).
    barycentricWeights(x, extremals - 1, weights);
    let maxError = 0;
    for (let i = 0; i < count; i++) {
      const a = interpolate(grid.x[i]!, x, weights, values, extremals - 1);
      const e = grid.weight[i]! * (grid.desired[i]! - a);
      error[i] = e;
      if (Math.abs(e) > maxError) maxError = Math.abs(e);
    }
    const next = findExtremals(error, grid.bandStarts, extremals);
    const converged = maxError - Math.abs(delta) <= 1e-6 * Math.abs(delta);
    if (!next || converged) break;
    ext = next;
  }

  // Final amplitude function (from the last interpolation state) sampled at N points → impulse response.
  barycentricWeights(x, extremals - 1, weights);
  const amplitude = new Float64Array(half + 1);
  for (let m = 0; m <= half; m++) amplitude[m] = interpolate(Math.cos((2 * Math.PI * m) / taps), x, weights, values, extremals - 1);
  const coefficients = new Float64Array(taps);
  for (let k = 0; k <= half; k++) {
    let sum = amplitude[0]!;
    for (let m = 1; m <= half; m++) sum += 2 * amplitude[m]! * Math.cos((2 * Math.PI * m * k) / taps);
    coefficients[half + k] = sum / taps;
    coefficients[half - k] = sum / taps;
  }
  return { coefficients, deviation: Math.abs(delta), iterations };
}

interface Grid {
  freq: Float64Array;
  x: Float64Array; // cos(2πf)
  desired: Float64Array;
  weight: Float64Array;
  bandStarts: number[]; // index where each band begins (bands are searched separately for extrema)
}

function buildGrid(spec: LowpassSpec, extremals: number): Grid {
  const step = 0.5 / ((spec.gridDensity ?? 16) * extremals);
  const bands: Array<[number, number, number]> = [
    [0, spec.passEdge, 1],
    [spec.stopEdge, 0.5, 0],
  ];
  const freqs: number[] = [];
  const bandStarts: number[] = [];
  for (const [lo, hi] of bands) {
    bandStarts.push(freqs.length);
    const n = Math.max(2, Math.ceil((hi - lo) / step) + 1);
    for (let i = 0; i < n; i++) freqs.push(lo + ((hi - lo) * i) / (n - 1));
  }
  const count = freqs.length;
  const grid: Grid = {
    freq: Float64Array.from(freqs),
    x: new Float64Array(count),
    desired: new Float64Array(count),
    weight: new Float64Array(count),
    bandStarts,
  };
  for (let i = 0; i < count; i++) {
    const f = freqs[i]!;
    grid.x[i] = Math.cos(2 * Math.PI * f);
    const inPass = i < bandStarts[1]!;
    grid.desired[i] = inPass ? 1 : 0;
    grid.weight[i] = inPass ? 1 : spec.stopWeight * (spec.slopedStopband ? f / spec.stopEdge : 1);
  }
  return grid;
}

/** w_k = 1 / Π_{j≠k} (x_k − x_j) for the first n points, up to a common scale (computed in logs: the raw
 *  products over- or underflow for a few hundred points). */
function barycentricWeights(x: Float64Array, n: number, out: Float64Array): void {
  const logs = new Float64Array(n);
  let maxLog = -Infinity;
  for (let k = 0; k < n; k++) {
    let log = 0;
    let sign = 1;
    const xk = x[k]!;
    for (let j = 0; j < n; j++) {
      if (j === k) continue;
      const d = xk - x[j]!;
      if (d < 0) sign = -sign;
      log -= Math.log(Math.abs(d));
    }
    logs[k] = log;
    out[k] = sign;
    if (log > maxLog) maxLog = log;
  }
  for (let k = 0; k < n; k++) out[k] = out[k]! * Math.exp(logs[k]! - maxLog);
}

function interpolate(xv: number, x: Float64Array, w: Float64Array, values: Float64Array, n: number): number {
  let num = 0;
  let den = 0;
  for (let k = 0; k < n; k++) {
    const d = xv - x[k]!;
    if (d === 0) return values[k]!;
    const t = w[k]! / d;
    num += t * values[k]!;
    den += t;
  }
  return num / den;
}

/** Local extrema of the error with alternating signs, trimmed to `wanted`; null when fewer exist. */
function findExtremals(error: Float64Array, bandStarts: number[], wanted: number): Int32Array<ArrayBuffer> | null {
  const found: number[] = [];
  for (let b = 0; b < bandStarts.length; b++) {
    const start = bandStarts[b]!;
    const end = (bandStarts[b + 1] ?? error.length) - 1;
    for (let i = start; i <= end; i++) {
      const e = error[i]!;
      const prev = i > start ? error[i - 1]! : e > 0 ? -Infinity : Infinity;
      const next = i < end ? error[i + 1]! : e > 0 ? -Infinity : Infinity;
      if ((e > 0 && e >= prev && e > next) || (e < 0 && e <= prev && e < next)) found.push(i);
    }
  }
  // Alternation: of neighbours with the same sign keep the larger.
  const alt: number[] = [];
  for (const i of found) {
    const last = alt[alt.length - 1];
    if (last !== undefined && Math.sign(error[last]!) === Math.sign(error[i]!)) {
      if (Math.abs(error[i]!) > Math.abs(error[last]!)) alt[alt.length - 1] = i;
    } else alt.push(i);
  }
  while (alt.length > wanted) {
    if (alt.length - wanted === 1) {
      // Drop whichever end is smaller: alternation survives.
      if (Math.abs(error[alt[0]!]!) < Math.abs(error[alt[alt.length - 1]!]!)) alt.shift();
      else alt.pop();
      continue;
    }
    let m = 0;
    for (let k = 1; k < alt.length; k++) if (Math.abs(error[alt[k]!]!) < Math.abs(error[alt[m]!]!)) m = k;
    if (m === 0 || m === alt.length - 1) alt.splice(m, 1);
    else {
      // Remove it with its smaller neighbour, which keeps the signs alternating.
      const left = Math.abs(error[alt[m - 1]!]!);
      const right = Math.abs(error[alt[m + 1]!]!);
      alt.splice(left < right ? m - 1 : m, 2);
    }
  }
  if (alt.length < wanted) return null;
  return Int32Array.from(alt);
}
