// Prints one closing line for the whole suite from the runners' JSON reports (written by `npm test`):
// "total: N passed, N failed, N skipped", after one line per runner and per Playwright project (Chromium,
// Firefox, the WebKit lane, the real-devices lane in each engine), and under each the tests that failed with the
// first line of their error: CI keeps only the end of what a run prints. Used by .ci/run after the runners' own
// summaries.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** "file › test: first line of the error", one per failed test. */
  failures: string[];
}

const firstLine = (message = '') =>
  message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? '';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

function vitest(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const failures: string[] = [];
  for (const result of r.testResults) {
    const where = relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed before its tests ran (an import, a hook) has no failed test of its own.
    if (failed.length === 0 && result.message) failures.push(`${where}: ${firstLine(result.message)}`);
  }
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests, failures };
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      projectName: string;
      status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
      results: { error?: { message?: string } }[];
    }[];
  }[];
}

/** Counts per Playwright project (chromium, firefox, webkit: the WebKit lane), from the JSON reports of
 *  the runs that wrote one. */
function playwright(files: string[]): Map<string, Counts> | null {
  const found = files.filter((file) => existsSync(file));
  if (found.length === 0) return null;
  const projects = new Map<string, Counts>();
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const { projectName, status, results } of spec.tests) {
        const counts = projects.get(projectName) ?? { passed: 0, failed: 0, skipped: 0, failures: [] };
        if (status === 'expected' || status === 'flaky') counts.passed++;
        else if (status === 'unexpected') {
          counts.failed++;
          const error = results.findLast((result) => result.error)?.error?.message;
          counts.failures.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
        } else counts.skipped++;
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
const e2e = playwright(['test-results/e2e.json', 'test-results/e2e-network.json', 'test-results/e2e-webkit.json', 'test-results/e2e-devices.json']);
// A project with no test in the report did not run: that counts as a failure, like a missing report.
const parts: [string, Counts | null][] = [
  ['Vitest (unit + browser)', vitest('test-results/vitest.json')],
  ...(e2e
    ? Object.entries(PROJECTS).map(([project, name]): [string, Counts | null] => [`Playwright end-to-end, ${name}`, e2e.get(project) ?? null])
    : [['Playwright (end-to-end)', null] as [string, null]]),
];
const total = { passed: 0, failed: 0, skipped: 0 };
for (const [name, counts] of parts) {
  if (!counts) {
    console.log(`${name} did not run`);
    total.failed++;
    continue;
  }
  console.log(`${name} ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const failure of counts.failures) console.log(`  ✗ ${failure}`);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
