// Sample-rate ratios as reduced integer fractions, so resampling positions are tracked exactly.

/** Lowest and highest rates accepted (AudioContext allows 3 kHz to 768 kHz). */
export const MIN_RATE = 1000;
export const MAX_RATE = 768_000;

/** The conversion inputRate → outputRate as `up / down` in lowest terms (outputRate / inputRate). */
export interface RateRatio {
  /** L: output samples per `down` input samples. */
  readonly up: number;
  /** M: input samples per `up` output samples. */
  readonly down: number;
}

/** Rates must be whole numbers of hertz in [MIN_RATE, MAX_RATE]; anything else is a RangeError. */
export function reduceRatio(inputRate: number, outputRate: number): RateRatio {
  checkRate(inputRate, 'inputRate');
  checkRate(outputRate, 'outputRate');
  const divisor = gcd(inputRate, outputRate);
  return { up: outputRate / divisor, down: inputRate / divisor };
}

function checkRate(rate: number, name: string): void {
  if (!Number.isInteger(rate) || rate < MIN_RATE || rate > MAX_RATE) {
    throw new RangeError(`${name} must be a whole number of hertz in [${MIN_RATE}, ${MAX_RATE}], got ${rate}`);
  }
}

export function gcd(a: number, b: number): number {
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}
