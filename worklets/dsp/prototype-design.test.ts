// The prototype filter as the build writes it for the worklet (vite.config.ts's `__PROTOTYPE_FILTER__`) is the
// design, to within the written resolution; test/package/worklet-build-time.test.ts checks the built worklet.
import { describe, expect, it } from 'vitest';
import { decodePrototype, designPrototype, encodePrototype } from './prototype-design.ts';
import { prototypeCoefficients } from './prototype-filter.ts';

const RESOLUTION = 2 ** -27; // half of the written step, 2^-26

describe('the prototype filter written down', () => {
  const designed = designPrototype();

  it('reads back as the design, tap for tap, symmetric, summing to 1', () => {
    const read = decodePrototype(encodePrototype(designed));
    expect(read).toHaveLength(designed.length);
    let sum = 0;
    for (let i = 0; i < read.length; i++) {
      expect(Math.abs(read[i]! - designed[i]!)).toBeLessThanOrEqual(RESOLUTION);
      expect(read[i]).toBe(read[read.length - 1 - i]);
      sum += read[i]!;
    }
    expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
  });

  it('is what the resampler uses (the build’s copy in this run, where Vite defines it)', () => {
    const used = prototypeCoefficients();
    expect(used).toHaveLength(designed.length);
    for (let i = 0; i < used.length; i++) expect(Math.abs(used[i]! - designed[i]!)).toBeLessThanOrEqual(RESOLUTION);
  });

  it('refuses taps it could not read back', () => {
    expect(() => encodePrototype(new Float64Array([0.25, 0.5, 0.25, 0]))).toThrow(RangeError); // even length
    expect(() => encodePrototype(new Float64Array([0.2, 0.5, 0.3]))).toThrow(RangeError); // not symmetric
  });
});
