// The inner loop of the resampler: dot products of polyphase rows with the input history.
// Two implementations share this interface: a WebAssembly SIMD one (wasm-fir-kernel.ts, ~7× faster)
// and the plain TypeScript ones below, used wherever WebAssembly is unavailable or refused (a page whose
// Content-Security-Policy lacks 'wasm-unsafe-eval').

export type KernelKind = 'wasm-simd' | 'js' | 'js-interpolated';

export interface FirKernel {
  readonly kind: KernelKind;
  /** The input history, filled by the resampler; every output's window is contiguous in it. */
  readonly history: Float32Array;
  /** Writes `count` (≥ 1) outputs to out[offset…], the first using row `phase` and the window starting at
   *  history[start]; each following output moves to the next phase and window as the ratio dictates. */
  run(count: number, phase: number, start: number, out: Float32Array, offset: number): void;
}

/**
 * The order in which an up/down ratio visits its phases: output k uses phase (k·down) mod up, a
 * permutation that repeats every `up` outputs. Kernels store table rows in this visiting order ("slots"),
 * so consecutive outputs read consecutive rows (for 44.1 → 16 kHz the 160 rows span 100 kB: reading them
 * in order lets the hardware prefetch them). The window moves by advance[slot] samples after slot.
 */
export interface PhaseSchedule {
  /** phaseOfSlot[s] = (s·down) mod up. */
  readonly phaseOfSlot: Int32Array;
  readonly slotOfPhase: Int32Array;
  /** ⌊(phaseOfSlot[s] + down) / up⌋. */
  readonly advance: Int32Array;
}

export function phaseSchedule(up: number, down: number): PhaseSchedule {
  const phaseOfSlot = new Int32Array(up);
  const slotOfPhase = new Int32Array(up);
  const advance = new Int32Array(up);
  for (let s = 0; s < up; s++) {
    const phase = (s * down) % up;
    phaseOfSlot[s] = phase;
    slotOfPhase[phase] = s;
    advance[s] = Math.floor((phase + down) / up);
  }
  return { phaseOfSlot, slotOfPhase, advance };
}

/** The table with its rows permuted into slot order. */
export function rowsInSlotOrder(table: Float32Array, taps: number, schedule: PhaseSchedule): Float32Array {
  const out = new Float32Array(table.length);
  const order = schedule.phaseOfSlot;
  for (let s = 0; s < order.length; s++) out.set(table.subarray(order[s]! * taps, (order[s]! + 1) * taps), s * taps);
  return out;
}

/** One table row per phase (up ≤ MAX_EXACT_ROWS), rows in slot order. */
export class JsKernel implements FirKernel {
  readonly kind = 'js';
  readonly history: Float32Array;
  private readonly table: Float32Array;
  private readonly slotOfPhase: Int32Array;
  private readonly advance: Int32Array;

  constructor(
    table: Float32Array,
    private readonly taps: number,
    schedule: PhaseSchedule,
    historyLength: number,
  ) {
    this.history = new Float32Array(historyLength);
    this.table = rowsInSlotOrder(table, taps, schedule);
    this.slotOfPhase = schedule.slotOfPhase;
    this.advance = schedule.advance;
  }

  run(count: number, phase: number, start: number, out: Float32Array, offset: number): void {
    const h = this.history;
    const c = this.table;
    const taps = this.taps;
    const advance = this.advance;
    const slots = advance.length;
    let slot = this.slotOfPhase[phase]!;
    let s = start;
    for (let k = 0; k < count; k++) {
      out[offset + k] = dot(c, slot * taps, h, s, taps);
      s += advance[slot]!;
      if (++slot === slots) slot = 0;
    }
  }
}

/** For ratios with too many phases for a table: rows at `rows − 1` evenly spaced offsets per input sample
 *  (plus one at a whole sample), each output blending the two rows around its exact position. */
export class JsInterpolatedKernel implements FirKernel {
  readonly kind = 'js-interpolated';
  readonly history: Float32Array;
  private readonly spacing: number;

  constructor(
    private readonly table: Float32Array,
    private readonly taps: number,
    rows: number,
    private readonly up: number,
    private readonly down: number,
    historyLength: number,
  ) {
    this.history = new Float32Array(historyLength);
    this.spacing = rows - 1;
  }

  run(count: number, phase: number, start: number, out: Float32Array, offset: number): void {
    const { history: h, table: c, taps, up, down, spacing } = this;
    let p = phase;
    let s = start;
    for (let k = 0; k < count; k++) {
      const scaled = p * spacing; // exact integer: position p/up in units of 1/spacing
      const row = Math.floor(scaled / up);
      const frac = (scaled - row * up) / up;
      const a = dot(c, row * taps, h, s, taps);
      const b = frac === 0 ? a : dot(c, (row + 1) * taps, h, s, taps);
      out[offset + k] = a + frac * (b - a);
      const moved = p + down;
      const whole = Math.floor(moved / up);
      s += whole;
      p = moved - whole * up;
    }
  }
}

function dot(c: Float32Array, row: number, h: Float32Array, start: number, taps: number): number {
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  for (let i = 0; i < taps; i += 4) {
    a0 += c[row + i]! * h[start + i]!;
    a1 += c[row + i + 1]! * h[start + i + 1]!;
    a2 += c[row + i + 2]! * h[start + i + 2]!;
    a3 += c[row + i + 3]! * h[start + i + 3]!;
  }
  return a0 + a1 + (a2 + a3);
}
