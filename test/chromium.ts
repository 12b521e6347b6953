// How every test run launches Chromium (see ../shared/notes/testing-recipe.md): CHROMIUM_PATH, else Debian's
// /usr/bin/chromium, else Playwright's cached build (test/env/browsers.mjs; `npm test` installs Debian's first).
import { findChromium } from './env/browsers.mjs';

export const chromiumPath = findChromium()?.path ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-audio-output',
];

/** Flags that give the page a fake microphone playing `wavPath` (absolute), and no permission prompt. */
export function fakeMicArgs(wavPath: string, { loop = true } = {}): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavPath}${loop ? '' : '%noloop'}`,
  ];
}
