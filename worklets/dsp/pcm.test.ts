import { describe, expect, it } from 'vitest';
import { floatSampleToInt16, floatToInt16, int16ToFloat } from './pcm.ts';

describe('floatToInt16', () => {
  it('maps −1 to −32768 and +1 to 32767, clamping beyond both ends', () => {
    const src = Float32Array.from([-1, 1, -1.5, 1.5, -1e9, 1e9, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
    const dst = new Int16Array(src.length);
    floatToInt16(src, dst);
    expect(Array.from(dst)).toEqual([-32768, 32767, -32768, 32767, -32768, 32767, -32768, 32767]);
  });

  it('rounds to nearest with the same scale for both polarities, and NaN gives 0', () => {
    expect(floatSampleToInt16(0)).toBe(0);
    expect(floatSampleToInt16(0.5)).toBe(16384);
    expect(floatSampleToInt16(-0.5)).toBe(-16384);
    expect(floatSampleToInt16(1.4 / 32768)).toBe(1);
    expect(floatSampleToInt16(-1.4 / 32768)).toBe(-1);
    expect(floatSampleToInt16(1.6 / 32768)).toBe(2);
    expect(floatSampleToInt16(Number.NaN)).toBe(0);
  });

  it('converts only count samples, and never past either array', () => {
    const src = Float32Array.from([0.5, 0.5, 0.5, 0.5]);
    const dst = new Int16Array(3);
    floatToInt16(src, dst, 2);
    expect(Array.from(dst)).toEqual([16384, 16384, 0]);
    floatToInt16(src, dst, 99);
    expect(Array.from(dst)).toEqual([16384, 16384, 16384]);
    floatToInt16(src, dst, -1);
    floatToInt16(src, dst, Number.NaN);
    expect(Array.from(dst)).toEqual([16384, 16384, 16384]);
  });
});

describe('int16ToFloat', () => {
  it('maps the full range into [−1, 1)', () => {
    const dst = new Float32Array(3);
    int16ToFloat(Int16Array.from([-32768, 32767, 0]), dst);
    expect(dst[0]).toBe(-1);
    expect(dst[1]).toBeCloseTo(32767 / 32768, 9);
    expect(dst[2]).toBe(0);
  });

  it('round-trips every 16-bit value exactly', () => {
    const all = new Int16Array(65536);
    for (let i = 0; i < all.length; i++) all[i] = i - 32768;
    const floats = new Float32Array(all.length);
    const back = new Int16Array(all.length);
    int16ToFloat(all, floats);
    floatToInt16(floats, back);
    expect(back).toEqual(all);
  });
});
