import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import viteConfig from './vite.config.ts';
import { chromiumArgs, chromiumPath, fakeMicArgs } from './test/chromium.ts';
import { ensureFixtures } from './test/fixtures/ensure.ts';

// Node tests (session, DSP, simulator) and browser tests (element, audio engine) in one run.
const fixtures = ensureFixtures();

function browserProject(name: string, include: string[], apiPort: number, exclude: string[] = []): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      exclude,
      testTimeout: 30_000,
      browser: {
        enabled: true,
        headless: true,
        screenshotFailures: false,
        api: { port: apiPort, strictPort: false },
        provider: playwright({
          launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMicArgs(fixtures.captureWav)] },
        }),
        instances: [{ browser: 'chromium' }],
      },
    },
  };
}

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
            include: ['test/unit/**/*.test.ts', 'test/simulator/**/*.test.ts', 'worklets/**/*.test.ts'],
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
        // The browser tests in two Chromium instances side by side, the panel's (test/browser/ui-*) and the audio
        // engine's: each instance runs its files one after the other, and together they take half the time.
        browserProject('browser-ui', ['test/browser/ui-*.test.ts'], 63315),
        browserProject('browser', ['test/browser/**/*.test.ts'], 63316, ['test/browser/ui-*.test.ts']),
      ],
    },
  }),
);
