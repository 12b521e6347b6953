import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './test/chromium.ts';
import { firefoxPath, firefoxPrefs } from './test/firefox.ts';
import { trace } from './test/trace.ts';

// The real-devices lane (test/devices/, docs/testing.md): the built widget in headful Chromium and Firefox ESR
// under an Xvfb of its own, with real audio devices, a PulseAudio loop of its own, instead of fake ones.
// One test at a time, in a Playwright run of its own: the engines share one acoustic loop (a second browser
// playing would be heard by the first), and levels measured beside other browser runs on 2 cores are not the
// lane's. `npm run build && npx playwright test -c playwright.devices.config.ts`.

// Real devices: no fake microphone, and sound output on (the e2e runs turn it off).
const chromiumLoopArgs = [...chromiumArgs.filter((arg) => arg !== '--disable-audio-output'), '--use-fake-ui-for-media-stream'];
const firefoxLoopPrefs = Object.fromEntries(Object.entries(firefoxPrefs).filter(([pref]) => !pref.startsWith('media.navigator.streams.fake') && pref !== 'media.navigator.audio.fake_frequency'));

export default defineConfig({
  testDir: 'test/devices',
  testMatch: '*.spec.ts',
  globalSetup: './test/devices/global-setup.ts',
  outputDir: 'test-results/devices',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-devices.json' }]],
  use: { headless: false, trace },
  projects: [
    {
      name: 'devices-chromium',
      use: { browserName: 'chromium', launchOptions: { executablePath: chromiumPath, args: chromiumLoopArgs } },
    },
    {
      name: 'devices-firefox',
      use: {
        browserName: 'firefox',
        channel: 'moz-firefox',
        launchOptions: { executablePath: firefoxPath, firefoxUserPrefs: firefoxLoopPrefs },
      },
    },
  ],
});
