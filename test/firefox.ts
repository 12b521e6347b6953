// How the end-to-end run launches Firefox (see ../shared/notes/testing-recipe.md, "Firefox"): Playwright drives
// it over WebDriver BiDi. FIREFOX_PATH, else Debian's /usr/bin/firefox-esr, else Playwright's cached build
// (test/env/browsers.mjs; `npm test` installs Debian's first).
import { findFirefox, soundServerAnswers } from './env/browsers.mjs';

const firefox = findFirefox();
export const firefoxPath = firefox?.path ?? '/usr/bin/firefox-esr';

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
  if (!firefox) return 'no Firefox (set FIREFOX_PATH, or run `node test/env/provision.mjs` as root to install firefox-esr)';
  if (!soundServerAnswers()) return 'no sound server answers `pactl info` (`node test/env/provision.mjs` starts one)';
  return null;
}
