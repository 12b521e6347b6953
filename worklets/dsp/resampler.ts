// Streaming rational resampler: polyphase, equiripple low-pass (see prototype-filter.ts), exact ratio.
//
// Position bookkeeping is integer arithmetic on the reduced ratio up/down (L/M): output k sits at input
// position k·M/L, split into a window start in the history and a phase (k·M mod L) selecting the table
// row. Nothing is rounded, so the output count after N inputs is exactly ⌈N·L/M⌉ however long the stream
// runs. Input is appended to a linear history buffer holding the last `taps` samples plus a chunk, so every
// window is contiguous; the buffer is compacted (a copy of fewer than `taps` samples) when it fills up.

import { JsInterpolatedKernel, JsKernel, phaseSchedule, type FirKernel, type KernelKind } from './fir-kernel.ts';
import { INTERPOLATED_ROWS, MAX_EXACT_ROWS, PASS_FRACTION, buildPolyphaseTable } from './prototype-filter.ts';
import { reduceRatio } from './rational.ts';
import { WasmSimdKernel, wasmSimdAvailable } from './wasm-fir-kernel.ts';

/** Input samples taken into the history per round (bounds the history and the staging buffers). */
const CHUNK = 4096;

export interface ResamplerOptions {
  /** 'auto' (default): WebAssembly SIMD where available, else TypeScript. 'js' forces TypeScript. */
  kernel?: 'auto' | 'js';
}

export class StreamResampler {
  /** Group delay in seconds (0 when the rates are equal: samples pass through untouched). */
  readonly delaySeconds: number;
  /** Passband edge and stopband edge in hertz (0.85 and 0.5 × the lower rate). */
  readonly passbandHz: number;
  readonly stopbandHz: number;
  /** Filter taps per output (history length needed); 0 for a pass-through. */
  readonly taps: number;
  /** Which inner loop runs. */
  readonly kernelKind: KernelKind | 'passthrough';

  private readonly up: number;
  private readonly down: number;
  private readonly kernel: FirKernel | null;
  private readonly capacity: number;
  /** history[0, filled) holds input; the next output's window starts at history[start]. */
  private filled = 0;
  private start = 0;
  /** Row of the next output (0 ≤ phase < up). */
  private phase = 0;

  constructor(inputRate: number, outputRate: number, options: ResamplerOptions = {}) {
    const { up, down } = reduceRatio(inputRate, outputRate);
    this.up = up;
    this.down = down;
    this.stopbandHz = Math.min(inputRate, outputRate) / 2;
    this.passbandHz = PASS_FRACTION * this.stopbandHz;
    if (up === 1 && down === 1) {
      this.delaySeconds = 0;
      this.taps = 0;
      this.kernel = null;
      this.capacity = 0;
      this.kernelKind = 'passthrough';
      return;
    }
    const exact = up <= MAX_EXACT_ROWS;
    const table = exact
      ? buildPolyphaseTable(inputRate, this.stopbandHz, up, up)
      : buildPolyphaseTable(inputRate, this.stopbandHz, INTERPOLATED_ROWS + 1, INTERPOLATED_ROWS);
    this.delaySeconds = table.delaySeconds;
    this.taps = table.taps;
    this.capacity = table.taps + CHUNK;
    const maxOutputs = Math.ceil((this.capacity * up) / down) + 1;
    let kernel: FirKernel | null = null;
    if (!exact) {
      kernel = new JsInterpolatedKernel(table.coefficients, table.taps, table.rows, up, down, this.capacity);
    } else if (options.kernel !== 'js' && wasmSimdAvailable()) {
      try {
        kernel = new WasmSimdKernel(table.coefficients, table.taps, phaseSchedule(up, down), this.capacity, maxOutputs);
      } catch {
        // No memory for an instance: fall through to the TypeScript kernel.
      }
    }
    this.kernel = kernel ?? new JsKernel(table.coefficients, table.taps, phaseSchedule(up, down), this.capacity);
    this.kernelKind = this.kernel.kind;
    this.reset();
  }

  /** Output samples that `process` will produce from `inputLength` more input samples (exact). */
  maxOutputFor(inputLength: number): number {
    if (!this.kernel) return Math.max(0, inputLength);
    return this.outputsAvailable(this.filled + Math.max(0, inputLength));
  }

  /** Input samples needed so that the next `process` call yields at least `outputCount` samples. */
  inputNeededFor(outputCount: number): number {
    if (outputCount <= 0) return 0;
    if (!this.kernel) return outputCount;
    // Output number n (1-based) needs its window end within the history: see outputsAvailable.
    const windowEnds = Math.ceil((this.phase + 1 + (outputCount - 1) * this.down) / this.up);
    return Math.max(0, windowEnds - 1 + this.taps + this.start - this.filled);
  }

  /**
   * Consumes input[0, inputLength) (default: all of it), writes the outputs to output[0, …) and returns how
   * many. Never allocates. Non-finite samples are taken as 0. Throws RangeError — before consuming
   * anything — if inputLength is not a whole number within input, or output is shorter than
   * maxOutputFor(inputLength).
   */
  process(input: Float32Array, output: Float32Array, inputLength: number = input.length): number {
    if (!Number.isInteger(inputLength) || inputLength < 0 || inputLength > input.length) {
      throw new RangeError(`inputLength ${inputLength} outside [0, ${input.length}]`);
    }
    const expected = this.maxOutputFor(inputLength);
    if (expected > output.length) {
      throw new RangeError(`output holds ${output.length} samples, ${expected} needed`);
    }
    const kernel = this.kernel;
    if (!kernel) {
      for (let i = 0; i < inputLength; i++) output[i] = finite(input[i]!);
      return inputLength;
    }
    const history = kernel.history;
    let produced = 0;
    let taken = 0;
    while (taken < inputLength) {
      if (this.capacity - this.filled < inputLength - taken) this.compact();
      const n = Math.min(inputLength - taken, this.capacity - this.filled);
      const at = this.filled;
      for (let i = 0; i < n; i++) history[at + i] = finite(input[taken + i]!);
      this.filled += n;
      taken += n;
      const count = this.outputsAvailable(this.filled);
      if (count > 0) {
        kernel.run(count, this.phase, this.start, output, produced);
        produced += count;
        const moved = this.phase + count * this.down;
        const whole = Math.floor(moved / this.up);
        this.start += whole;
        this.phase = moved - whole * this.up;
      }
    }
    return produced;
  }

  /** Back to the initial state: silent history, phase 0. */
  reset(): void {
    this.phase = 0;
    this.start = 0;
    if (!this.kernel) return;
    // The first output's window ends at the first input sample: taps − 1 samples of silence before it.
    this.filled = this.taps - 1;
    this.kernel.history.fill(0, 0, this.filled);
  }

  /** Outputs computable with history[0, filled): those whose window end start + advance + taps ≤ filled. */
  private outputsAvailable(filled: number): number {
    const spare = filled - this.taps - this.start; // how far the window may still advance
    if (spare < 0) return 0;
    return Math.floor(((spare + 1) * this.up - this.phase - 1) / this.down) + 1;
  }

  /** Moves the samples still needed to the front of the history. */
  private compact(): void {
    const shift = Math.min(this.start, this.filled);
    if (shift === 0) return;
    const history = this.kernel!.history;
    history.copyWithin(0, shift, this.filled);
    this.filled -= shift;
    this.start -= shift;
  }
}

/** NaN and ±Infinity would poison the history for a whole filter length: read them as silence. */
function finite(v: number): number {
  return v - v === 0 ? v : 0;
}
