// Runs the test runners one after the other, each even when one before it failed, and fails when any did: a
// red Vitest run must not hide the end-to-end results, nor a failed Chromium test skip the WebKit lane.
// The network lab's specs run one at a time after the other Chromium and Firefox specs, the WebKit lane alone after
// them (see playwright.config.ts), and the real-devices lane
// last and alone (playwright.devices.config.ts), each with a JSON report of its own.
// Usage: node scripts/run-suites.mjs [vitest] [e2e] [devices]   (all when none is named)
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const SUITES = {
  vitest: {
    reports: ['test-results/vitest.json'],
    runs: [{ command: 'vitest', args: ['run'] }],
  },
  e2e: {
    reports: ['test-results/e2e.json', 'test-results/e2e-network.json', 'test-results/e2e-webkit.json'],
    runs: [
      { command: 'playwright', args: ['test', '--project', 'chromium', '--project', 'firefox'], env: { E2E_NO_NETWORK: '1' } },
      // The network lab's specs one at a time (see playwright.config.ts); the demo site the run before built
      // (test-results/demo-site) is served again as it is.
      {
        command: 'playwright',
        args: ['test', 'test/e2e/network/', '--workers=1', '--project=chromium', '--project=firefox'],
        env: { E2E_REPORT: 'test-results/e2e-network.json', E2E_SITE_BUILT: '1' },
      },
      { command: 'playwright', args: ['test', '--project', 'webkit'], env: { E2E_REPORT: 'test-results/e2e-webkit.json', E2E_SITE_BUILT: '1' } },
    ],
  },
  devices: {
    reports: ['test-results/e2e-devices.json'],
    runs: [{ command: 'playwright', args: ['test', '-c', 'playwright.devices.config.ts'] }],
  },
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in SUITES));
if (unknown.length) {
  console.error(`run-suites: unknown suite ${unknown.join(', ')} (known: ${Object.keys(SUITES).join(', ')})`);
  process.exit(2);
}
let failed = false;
for (const name of names.length ? names : Object.keys(SUITES)) {
  const { reports, runs } = SUITES[name];
  // test/summary.ts would count an earlier run's report as this one's.
  for (const report of reports) rmSync(report, { force: true });
  for (const { command, args, env } of runs) {
    const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    if (run.error) console.error(`run-suites: ${command} could not start (${run.error.message})`);
    if (run.status !== 0) failed = true;
  }
}
process.exit(failed ? 1 : 0);
