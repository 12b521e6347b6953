// Prints one closing line for the whole suite from the runners' JSON reports (written by `npm test`):
// "total: N passed, N failed, N skipped". Used by .ci/run after the runners' own summaries.
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

function playwright(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

const parts: [string, Counts | null][] = [
  ['Vitest (unit + browser)', vitest('test-results/vitest.json')],
  ['Playwright (end-to-end)', playwright('test-results/e2e.json')],
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
