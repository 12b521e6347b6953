// The resampler's inner loop as a tiny WebAssembly module using 128-bit SIMD (4 float lanes), assembled here
// byte by byte: no toolchain and no separate file to serve. The build assembles it once and hands the worklet
// module its 369 bytes as text (vite.config.ts defines `__FIR_MODULE__`), so the worklet ships neither this
// assembler nor its cost; where nothing is defined (Node scripts run from source, the dev server),
// wasm-fir-kernel.ts assembles it here.
//
// Exported function run(table, rowBytes, steps, x, count, slot, out), all addresses in bytes:
//   repeat count times:
//     out[k] = Σ_i table[slot·rowBytes + i] · x[i]      (four 4-lane accumulators, 16 taps a turn)
//     x += steps[slot].advanceBytes; slot = steps[slot].next
// The memory is imported, one per kernel: table (rows in slot order, see fir-kernel.ts), step pairs
// (i32 next slot, i32 advance·4), history, outputs.

const I32 = 0x7f;
const V128 = 0x7b;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

// Instructions used.
const get = (i: number) => [0x20, ...uleb(i)];
const set = (i: number) => [0x21, ...uleb(i)];
const tee = (i: number) => [0x22, ...uleb(i)];
const i32Const = (n: number) => [0x41, ...sleb(n)];
const I32_ADD = [0x6a];
const I32_SUB = [0x6b];
const I32_MUL = [0x6c];
const I32_SHL = [0x74];
const I32_LT_U = [0x49];
const F32_ADD = [0x92];
const i32Load = (offset: number) => [0x28, 2, ...uleb(offset)];
const f32Store = [0x38, 2, 0];
const LOOP = [0x03, 0x40];
const END = [0x0b];
const BR_IF_0 = [0x0d, 0x00];
const simd = (op: number, ...immediates: number[]) => [0xfd, ...uleb(op), ...immediates];
const v128Load = (offset: number) => simd(0x00, 0, ...uleb(offset));
const lane = (l: number) => simd(0x1f, l);

/** The kernel's module, assembled. */
export function assembleFirModule(): Uint8Array<ArrayBuffer> {
  // Built here rather than beside the helpers above: a constant computed at the top of the module would stay in
  // the worklet's file after the build drops this function.
  const V128_ZERO = simd(0x0c, ...new Array<number>(16).fill(0));
  const F32X4_ADD = simd(0xe4);
  const F32X4_MUL = simd(0xe6);
  // Parameters 0–6: table, rowBytes, steps, x, count, slot, out. Locals: 7–10 four v128 accumulators
  // (four independent add chains keep the adder busy), 11 i, 12 row, 13 step (i32).
  const [TABLE, ROW_BYTES, STEPS, X, COUNT, SLOT, OUT, ACC, I, ROW, STEP] = [0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 13];
  const accumulate = (a: number) => [
    ...get(ACC + a),
    ...get(ROW), ...get(I), ...I32_ADD, ...v128Load(16 * a),
    ...get(X), ...get(I), ...I32_ADD, ...v128Load(16 * a),
    ...F32X4_MUL, ...F32X4_ADD, ...set(ACC + a),
  ];
  const body = [
    ...vector([
      [4, V128],
      [3, I32],
    ]),
    ...LOOP,
    ...get(TABLE), ...get(SLOT), ...get(ROW_BYTES), ...I32_MUL, ...I32_ADD, ...set(ROW),
    ...V128_ZERO, ...set(ACC), ...V128_ZERO, ...set(ACC + 1), ...V128_ZERO, ...set(ACC + 2), ...V128_ZERO, ...set(ACC + 3),
    ...i32Const(0), ...set(I),
    ...LOOP,
    ...accumulate(0), ...accumulate(1), ...accumulate(2), ...accumulate(3),
    ...get(I), ...i32Const(64), ...I32_ADD, ...tee(I), ...get(ROW_BYTES), ...I32_LT_U, ...BR_IF_0,
    ...END,
    ...get(OUT),
    ...get(ACC), ...get(ACC + 1), ...F32X4_ADD, ...get(ACC + 2), ...get(ACC + 3), ...F32X4_ADD, ...F32X4_ADD, ...tee(ACC),
    ...lane(0), ...get(ACC), ...lane(1), ...F32_ADD,
    ...get(ACC), ...lane(2), ...get(ACC), ...lane(3), ...F32_ADD,
    ...F32_ADD,
    ...f32Store,
    ...get(STEPS), ...get(SLOT), ...i32Const(3), ...I32_SHL, ...I32_ADD, ...set(STEP),
    ...get(X), ...get(STEP), ...i32Load(4), ...I32_ADD, ...set(X),
    ...get(STEP), ...i32Load(0), ...set(SLOT),
    ...get(OUT), ...i32Const(4), ...I32_ADD, ...set(OUT),
    ...get(COUNT), ...i32Const(1), ...I32_SUB, ...tee(COUNT), ...BR_IF_0,
    ...END,
    ...END,
  ];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector([[0x60, ...vector([[I32], [I32], [I32], [I32], [I32], [I32], [I32]]), 0]])),
    ...section(2, vector([[...name('e'), ...name('m'), 0x02, 0x00, 0x01]])), // import memory, min 1 page
    ...section(3, vector([[0]])),
    ...section(7, vector([[...name('run'), 0x00, 0]])),
    ...section(10, vector([[...uleb(body.length), ...body]])),
  ]);
}

/** The module's bytes as text, for the build to define: two hex digits a byte (wasm-fir-kernel.ts reads them). */
export function writeFirModule(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
