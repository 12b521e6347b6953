// How every test run launches Debian's Chromium (see ../shared/notes/testing-recipe.md).
// CHROMIUM_PATH points the tests at another Chromium build.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
