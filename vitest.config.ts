import { defineConfig, mergeConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { chromiumArgs, chromiumPath, fakeMicArgs } from './test/chromium.ts';
import { ensureFixtures } from './test/fixtures/ensure.ts';

// Node tests (session, DSP, simulator) and browser tests (element, audio engine) in one run.
const fixtures = ensureFixtures();

/** Tests that hold a real-time signal or a thread's stalls to the wall clock. Beside other files on a 2-core machine
 *  the capture test heard breaks in its signal, and the simulator's stall test saw stalls over its 100 ms: they run
 *  in projects of their own, after the others, one Node file beside one browser file at most (as the whole run did
 *  before the other files ran three at a time). */
const REAL_TIME_NODE = ['test/simulator/synthesis-load.test.ts', 'test/netlab/link.test.ts'];
const REAL_TIME_BROWSER = ['test/browser/audio-capture.test.ts'];
const afterTheRest = { maxWorkers: 1, sequence: { groupOrder: 1 } };

const chromium = () => ({
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
  instances: [{ browser: 'chromium' as const }],
});

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Most test files wait on real time (a worker's timers, a call's seconds), not on a core: three at a time,
      // where Vitest's default is one less than the cores (one file at a time on a 2-core machine).
      maxWorkers: 3,
      reporters: ['default', 'json'],
      outputFile: { json: 'test-results/vitest.json' },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['test/unit/**/*.test.ts', 'test/simulator/**/*.test.ts', 'test/netlab/**/*.test.ts', 'worklets/**/*.test.ts'],
            exclude: REAL_TIME_NODE,
            testTimeout: 20_000,
          },
        },
        {
          extends: true,
          test: { name: 'unit-real-time', environment: 'node', include: REAL_TIME_NODE, testTimeout: 20_000, ...afterTheRest },
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
            exclude: REAL_TIME_BROWSER,
            testTimeout: 30_000,
            browser: chromium(),
          },
        },
        {
          extends: true,
          appType: 'mpa',
          test: { name: 'browser-real-time', include: REAL_TIME_BROWSER, testTimeout: 30_000, browser: chromium(), ...afterTheRest },
        },
      ],
    },
  }),
);
