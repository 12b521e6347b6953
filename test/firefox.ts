// How the end-to-end run launches Debian's Firefox ESR (see ../shared/notes/testing-recipe.md, "Firefox"):
// Playwright drives it over WebDriver BiDi; FIREFOX_PATH points the tests at another Firefox build.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Firefox's built-in fake microphone: a steady sine at this frequency. */
export const FAKE_TONE_HZ = 1000;

/** A fake microphone, no permission prompt, Web Audio allowed to start without a gesture. */
export const firefoxPrefs: Record<string, boolean | number> = {
  'media.navigator.streams.fake': true,
  'media.navigator.audio.fake_frequency': FAKE_TONE_HZ,
  'media.navigator.permission.disabled': true,
  'media.autoplay.default': 0,
  'media.autoplay.block-webaudio': false,
};

/** Why Firefox cannot run a call on this machine, or null when it can. Its Web Audio needs a sound
 *  server (PulseAudio or PipeWire's pulse server, reached through `pactl`); without one no context runs. */
export function firefoxUnavailable(): string | null {
  try {
    accessSync(firefoxPath, constants.X_OK);
  } catch {
    return `no Firefox at ${firefoxPath} (apt-get install firefox-esr, or set FIREFOX_PATH)`;
  }
  const pactl = spawnSync('pactl', ['info'], { stdio: 'ignore', timeout: 5_000 });
  if (pactl.error || pactl.status !== 0) {
    return 'no sound server answers `pactl info` (start pulseaudio, see .ci/run)';
  }
  return null;
}
