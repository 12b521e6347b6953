// The resampler's anti-aliasing / anti-imaging low-pass filter as a function of continuous time, and its
// polyphase tables.
//
// The filter is designed once, normalised to its stopband edge fs (= half the lower of the two rates):
// an equiripple FIR `g` (Parks–McClellan) on a grid of D = 12·fs samples per second, passband to 0.85·fs,
// stopband from fs. Between grid points it is interpolated with a short Kaiser-windowed sinc, which is
// flat to far beyond fs and rejects g's spectral images at D ± fs, so the table for any rate pair is just
// this one function sampled at the positions that pair needs.

import { kaiserBeta, kaiserSinc } from './kaiser.ts';
import { GRID_PER_STOP_EDGE, PASS_FRACTION, decodePrototype, designPrototype } from './prototype-design.ts';

export { PASS_FRACTION };
/** g as the build wrote it (prototype-design.ts); not defined where the source runs as it is. */
declare const __PROTOTYPE_FILTER__: string | undefined;
/** Half-width (grid samples) and attenuation of the interpolating kernel. */
const KERNEL_HALF_WIDTH = 5;
const KERNEL_ATTENUATION_DB = 115;
/** Above this many phases a table of exact phases would be too large; phases are then interpolated
 *  linearly between INTERPOLATED_ROWS evenly spaced rows (error below −120 dB). */
export const MAX_EXACT_ROWS = 1024;
export const INTERPOLATED_ROWS = 1024;
/** Rows are padded to a multiple of this many taps (the SIMD kernel's four 4-lane vectors). */
export const TAP_ALIGN = 16;

let designCache: Float64Array | undefined;
/** Recently built tables (a new call builds the same one again). Tables are never modified. */
const tableCache = new Map<string, PolyphaseTable>();
const TABLE_CACHE_SIZE = 4;

/** The normalised equiripple filter g (sums to 1): the build's, else designed on first use; kept for the realm. */
export function prototypeCoefficients(): Float64Array {
  return (designCache ??= typeof __PROTOTYPE_FILTER__ === 'string' ? decodePrototype(__PROTOTYPE_FILTER__) : designPrototype());
}

export interface PolyphaseTable {
  /** `rows × taps` coefficients; each row is stored oldest-sample-first, so an output is the dot product
   *  of a row with `taps` consecutive history samples ending at the newest one it uses. */
  readonly coefficients: Float32Array;
  readonly rows: number;
  /** Taps per row, a multiple of TAP_ALIGN (leading pad taps are zero). */
  readonly taps: number;
  /** Group delay of the filter in seconds. */
  readonly delaySeconds: number;
}

/**
 * Samples the filter for an input rate `inputRate` and stopband edge `stopEdgeHz` at `rows` evenly spaced
 * sub-sample offsets: row r holds h((r / spacing + j) / inputRate) for j = 0, 1, … (newest sample first,
 * stored reversed). `spacing` is the number of rows per input sample (L for exact tables; for interpolated
 * tables `rows = spacing + 1`, the last row being offset one whole sample).
 */
export function buildPolyphaseTable(inputRate: number, stopEdgeHz: number, rows: number, spacing: number): PolyphaseTable {
  const key = `${inputRate}/${stopEdgeHz}/${rows}/${spacing}`;
  let table = tableCache.get(key);
  if (!table) {
    table = sampleFilter(inputRate, stopEdgeHz, rows, spacing);
    if (tableCache.size >= TABLE_CACHE_SIZE) tableCache.delete(tableCache.keys().next().value!);
    tableCache.set(key, table);
  }
  return table;
}

function sampleFilter(inputRate: number, stopEdgeHz: number, rows: number, spacing: number): PolyphaseTable {
  const g = prototypeCoefficients();
  const gridRate = GRID_PER_STOP_EDGE * stopEdgeHz;
  const kernel = kaiserSinc(KERNEL_HALF_WIDTH, kaiserBeta(KERNEL_ATTENUATION_DB));
  // The continuous response spans (g.length − 1 + 2·halfWidth) grid samples, symmetric about its centre.
  const spanGrid = g.length - 1 + 2 * KERNEL_HALF_WIDTH;
  const spanSeconds = spanGrid / gridRate;
  const used = Math.ceil(spanSeconds * inputRate);
  const taps = Math.ceil(used / TAP_ALIGN) * TAP_ALIGN;
  // Sampling h at the input spacing instead of the grid spacing scales its sum by inputRate / gridRate.
  const scale = gridRate / inputRate;
  const coefficients = new Float32Array(rows * taps);
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j < used; j++) {
      const t = ((r / spacing + j) / inputRate) * gridRate; // in grid samples from the start of the span
      coefficients[r * taps + (taps - 1 - j)] = scale * continuous(g, kernel, t);
    }
  }
  return { coefficients, rows, taps, delaySeconds: spanGrid / 2 / gridRate };
}

/** h(t) = Σ_m g[m] · kernel(t − halfWidth − m), t in grid samples from the start of the span. */
function continuous(g: Float64Array, kernel: (v: number) => number, t: number): number {
  const u = t - KERNEL_HALF_WIDTH;
  const first = Math.max(0, Math.ceil(u - KERNEL_HALF_WIDTH));
  const last = Math.min(g.length - 1, Math.floor(u + KERNEL_HALF_WIDTH));
  let sum = 0;
  for (let m = first; m <= last; m++) sum += g[m]! * kernel(u - m);
  return sum;
}
