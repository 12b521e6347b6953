import { floatToInt16 as convertToInt16, int16ToFloat as convertToFloat } from '../../worklets/dsp/pcm.ts';

/** Floats in [-1, 1] → new 16-bit signed samples (the project's one conversion rule, clamped). */
export function floatToInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  convertToInt16(samples, out);
  return out;
}

export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  convertToFloat(samples, out);
  return out;
}

/** The whole samples of a little-endian s16 byte buffer (a trailing odd byte is ignored). Copies, so the
 *  result is aligned whatever the buffer's offset. */
export function int16FromBytes(bytes: Uint8Array): Int16Array {
  const count = bytes.length >> 1;
  const out = new Int16Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(2 * i, true);
  return out;
}

/** Little-endian bytes of `samples[start, end)`, as a Buffer ready for `ws.send`. */
export function int16ToBytes(samples: Int16Array, start = 0, end = samples.length): Buffer {
  const out = Buffer.allocUnsafe((end - start) * 2);
  for (let i = start; i < end; i++) out.writeInt16LE(samples[i]!, (i - start) * 2);
  return out;
}
