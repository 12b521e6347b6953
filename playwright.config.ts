import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath, fakeMicArgs } from './test/chromium.ts';
import { callerWav } from './test/e2e/fixtures.ts';

// End-to-end: the demo page (Vite dev server with the simulated service mounted, i.e. `npm run demo`)
// in Debian's Chromium with a fake microphone; the built bundle under a strict CSP.
const port = Number(process.env.E2E_PORT ?? 5199);

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMicArgs(callerWav)] },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx vite',
    env: { PORT: String(port), SIMULATOR_TICKETS_PER_HOUR: '1000' },
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
