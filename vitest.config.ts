import { defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { chromiumArgs, chromiumPath, fakeMicArgs } from './test/chromium.ts';
import { ensureFixtures } from './test/fixtures/ensure.ts';

// Node tests (session, DSP, simulator) and browser tests (element, audio engine) in one run.
const fixtures = ensureFixtures();

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['test/unit/**/*.test.ts', 'test/simulator/**/*.test.ts', 'test/netlab/**/*.test.ts', 'worklets/**/*.test.ts'],
            testTimeout: 20_000,
          },
        },
        {
          // The packed package as consumers get it (tarball, types, Node import); needs `npm run build` first.
          extends: true,
          test: {
            name: 'package',
            environment: 'node',
            include: ['test/package/**/*.test.ts'],
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          // No single-page fallback: a missing file is a 404, as on a real host. With it, a missing avatar or
          // worklet was answered with index.html, whose transform found the demo page's `lit` mid-run and had
          // Vite bundle its dependencies again under the running test files.
          appType: 'mpa',
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            testTimeout: 30_000,
            browser: {
              enabled: true,
              headless: true,
              screenshotFailures: false,
              api: { port: 63315, strictPort: false },
              provider: playwright({
                launchOptions: {
                  executablePath: chromiumPath,
                  args: [...chromiumArgs, ...fakeMicArgs(fixtures.captureWav)],
                },
              }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
      ],
    },
  }),
);
