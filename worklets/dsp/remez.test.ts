import { describe, expect, it } from 'vitest';
import { buildPolyphaseTable, prototypeCoefficients } from './prototype-filter.ts';
import { designLowpass } from './remez.ts';

/** |H(f)| in dB of an FIR at f cycles per sample. */
function gainDb(h: ArrayLike<number>, f: number): number {
  let re = 0;
  let im = 0;
  for (let n = 0; n < h.length; n++) {
    re += h[n]! * Math.cos(2 * Math.PI * f * n);
    im -= h[n]! * Math.sin(2 * Math.PI * f * n);
  }
  return 20 * Math.log10(Math.hypot(re, im));
}

function bandRange(h: ArrayLike<number>, from: number, to: number, steps = 400): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i <= steps; i++) {
    const g = gainDb(h, from + ((to - from) * i) / steps);
    lo = Math.min(lo, g);
    hi = Math.max(hi, g);
  }
  return [lo, hi];
}

describe('designLowpass (Parks–McClellan)', () => {
  it('meets the equiripple bounds it reports, in both bands', () => {
    const { coefficients: h, deviation } = designLowpass({ taps: 61, passEdge: 0.1, stopEdge: 0.15, stopWeight: 10 });
    expect(h.length).toBe(61);
    for (let k = 0; k < 30; k++) expect(h[k]).toBeCloseTo(h[60 - k]!, 12); // linear phase
    const [passLo, passHi] = bandRange(h, 0, 0.1);
    const [, stopHi] = bandRange(h, 0.15, 0.5);
    // Equiripple: the passband touches 1 ± δ and the stopband δ / weight, and goes no further.
    expect(passHi).toBeCloseTo(20 * Math.log10(1 + deviation), 3);
    expect(passLo).toBeCloseTo(20 * Math.log10(1 - deviation), 3);
    expect(stopHi).toBeCloseTo(20 * Math.log10(deviation / 10), 0); // peaks between design grid points
  });

  it('trades passband ripple for stopband attenuation with the weight', () => {
    const light = designLowpass({ taps: 61, passEdge: 0.1, stopEdge: 0.15, stopWeight: 1 });
    const heavy = designLowpass({ taps: 61, passEdge: 0.1, stopEdge: 0.15, stopWeight: 100 });
    expect(bandRange(heavy.coefficients, 0.15, 0.5)[1]).toBeLessThan(bandRange(light.coefficients, 0.15, 0.5)[1] - 15);
    expect(heavy.deviation).toBeGreaterThan(light.deviation);
  });

  it('rejects impossible specifications', () => {
    expect(() => designLowpass({ taps: 60, passEdge: 0.1, stopEdge: 0.15, stopWeight: 1 })).toThrow(RangeError);
    expect(() => designLowpass({ taps: 61, passEdge: 0.2, stopEdge: 0.15, stopWeight: 1 })).toThrow(RangeError);
    expect(() => designLowpass({ taps: 61, passEdge: 0.1, stopEdge: 0.15, stopWeight: 0 })).toThrow(RangeError);
  });
});

describe('the resampling prototype', () => {
  it('is flat to 0.08 dB up to 0.85 of the stopband edge and at least 96 dB down beyond it', () => {
    const g = prototypeCoefficients(); // on a grid of 12 × the stopband edge
    const [lo, hi] = bandRange(g, 0, 0.85 / 12);
    expect(hi - lo).toBeLessThan(0.08);
    expect(bandRange(g, 1 / 12, 0.5, 2000)[1]).toBeLessThan(-96);
  });

  it('gives every polyphase row unity DC gain (no gain modulation between phases)', () => {
    const table = buildPolyphaseTable(44100, 8000, 160, 160);
    for (let r = 0; r < table.rows; r++) {
      let sum = 0;
      for (let j = 0; j < table.taps; j++) sum += table.coefficients[r * table.taps + j]!;
      expect(Math.abs(sum - 1)).toBeLessThan(1e-4);
    }
    expect(table.taps % 16).toBe(0);
    expect(table.delaySeconds).toBeLessThan(0.002);
  });
});
