// Prints one closing line for the whole suite from the runners' JSON reports (written by `npm test`):
// "total: N passed, N failed, N skipped", after one line per runner and per Playwright project (Chromium,
// Firefox, the WebKit lane, the real-devices lane in each engine). Used by .ci/run after the runners' own summaries.
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitest(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { tests: { projectName: string; status: 'expected' | 'unexpected' | 'flaky' | 'skipped' }[] }[];
}

/** Counts per Playwright project (chromium, firefox, webkit: the WebKit lane), from the JSON reports of
 *  the runs that wrote one. */
function playwright(files: string[]): Map<string, Counts> | null {
  const found = files.filter((file) => existsSync(file));
  if (found.length === 0) return null;
  const projects = new Map<string, Counts>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const { projectName, status } of spec.tests) {
        const counts = projects.get(projectName) ?? { passed: 0, failed: 0, skipped: 0 };
        if (status === 'expected' || status === 'flaky') counts.passed++;
        else if (status === 'unexpected') counts.failed++;
        else counts.skipped++;
        projects.set(projectName, counts);
      }
    }
    suite.suites?.forEach(walk);
  };
  for (const file of found) walk(JSON.parse(readFileSync(file, 'utf8')) as PlaywrightSuite);
  return projects;
}

const PROJECTS: Record<string, string> = {
  chromium: 'Chromium',
  firefox: 'Firefox',
  webkit: 'WebKit lane',
  'devices-chromium': 'real devices, Chromium',
  'devices-firefox': 'real devices, Firefox',
};
const e2e = playwright(['test-results/e2e.json', 'test-results/e2e-webkit.json', 'test-results/e2e-devices.json']);
// A project with no test in the report did not run: that counts as a failure, like a missing report.
const parts: [string, Counts | null][] = [
  ['Vitest (unit + browser)', vitest('test-results/vitest.json')],
  ...(e2e
    ? Object.entries(PROJECTS).map(([project, name]): [string, Counts | null] => [`Playwright end-to-end, ${name}`, e2e.get(project) ?? null])
    : [['Playwright (end-to-end)', null] as [string, null]]),
];
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [name, counts] of parts) {
  if (!counts) {
    console.log(`${name} did not run`);
    total.failed++;
    continue;
  }
  console.log(`${name} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
