// Measurements for the simulator's audio tests.

export function sine(frequency: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / rate);
  return out;
}

/** Amplitude of the `frequency` component (Goertzel, Hann-windowed so leakage stays below −90 dB). */
export function amplitudeAt(samples: Float32Array, frequency: number, rate: number): number {
  const w = (2 * Math.PI * frequency) / rate;
  const coeff = 2 * Math.cos(w);
  let s1 = 0;
  let s2 = 0;
  let windowSum = 0;
  for (let i = 0; i < samples.length; i++) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (samples.length - 1));
    windowSum += hann;
    const s0 = samples[i]! * hann + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (2 * Math.sqrt(Math.max(0, power))) / windowSum;
}

export const dB = (ratio: number) => 20 * Math.log10(ratio);
