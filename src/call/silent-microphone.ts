// A microphone that delivers digital silence while its track says it is fine (a hardware mute switch, a wrong
// default device, an input level at zero): the panel says so once it has lasted SILENT_MS, and stops saying so
// when a signal comes. Silence counts only while it means something: the call live and unmuted, and the agent
// not speaking (the browser's echo canceller may output zeros while it takes the agent's voice out). Read from the
// capture processor's level reports, no clock of its own: each report covers at least REPORT_MS of the microphone's
// samples (capture-node.ts asks for 30 a second; one goes once that many samples have come), and its peak is the
// largest of them, so a peak within ±1 LSB says every sample of that stretch was zero as a 16-bit device gives it.
// A working microphone never does that for long: even a quiet room's noise floor (−60 to −70 dBFS) is 10–30 LSB,
// with noise suppression on or off. A capture that stalls (a suspended context) reports, and counts, nothing.

/** One least significant bit of 16-bit audio, as a float sample. */
export const LSB = 1 / 32768;
/** How long digital silence lasts, counted, before it is said. */
export const SILENT_MS = 4000;
/** The shortest stretch of audio one level report covers. */
export const REPORT_MS = 1000 / 30;

/**
 * The rule, fed with each level report of the capture processor: its `peak`, and whether silence counts now
 * (`counting`: live, unmuted, the agent not speaking; a stretch that does not count starts the count again).
 * `changed` hears each change of whether the microphone is said to be silent.
 */
export function silentMicrophone(changed: (silent: boolean) => void): (peak: number, counting: boolean) => void {
  let silent = false;
  /** Milliseconds of digital silence counted in a row. */
  let counted = 0;
  const say = (now: boolean) => now !== silent && changed((silent = now));
  return (peak, counting) => {
    if (peak > LSB) {
      counted = 0;
      return say(false);
    }
    counted = counting ? counted + REPORT_MS : 0;
    if (counted >= SILENT_MS) say(true);
  };
}
