// Float ↔ 16-bit PCM. One scale both ways (32768), so the gain is the same for both polarities and
// Int16 → float → Int16 is exact; +1.0 (which would be 32768) clamps to 32767, −1.0 maps to −32768.

const SCALE = 32768;
const INV_SCALE = 1 / SCALE;

/** One sample: scaled, rounded to nearest, clamped to [−32768, 32767]; NaN gives 0. */
export function floatSampleToInt16(v: number): number {
  const s = Math.round(v * SCALE);
  if (s > 32767) return 32767;
  if (s < -32768) return -32768;
  return s === s ? s : 0;
}

/** Converts src[0, count) (default: as many as both hold) into dst. */
export function floatToInt16(src: Float32Array, dst: Int16Array, count: number = Math.min(src.length, dst.length)): void {
  const n = clampCount(count, src.length, dst.length);
  for (let i = 0; i < n; i++) dst[i] = floatSampleToInt16(src[i]!);
}

/** Converts src[0, count) (default: as many as both hold) into dst, in [−1, 1). */
export function int16ToFloat(src: Int16Array, dst: Float32Array, count: number = Math.min(src.length, dst.length)): void {
  const n = clampCount(count, src.length, dst.length);
  for (let i = 0; i < n; i++) dst[i] = src[i]! * INV_SCALE;
}

function clampCount(count: number, a: number, b: number): number {
  const n = Math.floor(count);
  return n > 0 ? Math.min(n, a, b) : 0;
}
