// The one way to not run the real-devices lane: an explicit environment variable. Without it, a machine that
// cannot run the lane (no PulseAudio, no Xvfb, no build) fails it loudly in the global setup.
export const SKIP_VARIABLE = 'SKIP_REAL_DEVICES';

export function skipRequested(): boolean {
  return process.env[SKIP_VARIABLE] === '1';
}
