// The Kaiser window, used to window the sinc kernel that interpolates the prototype filter.

/** Modified Bessel function of the first kind, order 0 (power series; converges for all x used here). */
export function besselI0(x: number): number {
  const q = (x * x) / 4;
  let term = 1;
  let sum = 1;
  for (let k = 1; k < 200; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/** Kaiser's β for a stopband attenuation of `attenuationDb` (Kaiser's empirical formula). */
export function kaiserBeta(attenuationDb: number): number {
  if (attenuationDb > 50) return 0.1102 * (attenuationDb - 8.7);
  if (attenuationDb >= 21) return 0.5842 * (attenuationDb - 21) ** 0.4 + 0.07886 * (attenuationDb - 21);
  return 0;
}

/** A Kaiser-windowed sinc, `sinc(v) · w(v / halfWidth)`, zero for |v| ≥ halfWidth. It is 1 at v = 0 and 0 at
 *  every other integer: interpolating samples with it passes them through unchanged. */
export function kaiserSinc(halfWidth: number, beta: number): (v: number) => number {
  const norm = 1 / besselI0(beta);
  return (v: number): number => {
    const r = v / halfWidth;
    if (r <= -1 || r >= 1) return 0;
    const sinc = v === 0 ? 1 : Math.sin(Math.PI * v) / (Math.PI * v);
    return sinc * besselI0(beta * Math.sqrt(1 - r * r)) * norm;
  };
}
