// Not part of `npm test`: the probe that found Firefox's freeze (docs/testing.md, "A Firefox freeze"). It makes
// the first call of a freshly loaded demo page, CALLS times (default 40), each live for 3 s and ended, and fails
// at the first page that stops answering, after writing every Firefox content process's thread stacks with gdb
// to test-results/firefox-stacks-<call>-<pid>.txt (the frozen tab's main thread shows where it waits).
// Run: CALLS=40 npx playwright test -c playwright.firefox-probe.config.ts   (about 6.5 s a call)
import { expect, test, type Page } from '@playwright/test';
import { execSync } from 'node:child_process';
import { recordEvents, type Widget } from '../e2e/widget-page.ts';

const CALLS = Number(process.env.CALLS ?? 40);

/** Rejects when `what` takes longer than `ms`: a frozen page never answers an evaluate. */
function within<T>(ms: number, what: Promise<T>, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frozen = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} took over ${ms} ms: the page stopped answering`)), ms);
  });
  return Promise.race([what, frozen]).finally(() => clearTimeout(timer));
}

/** Every Firefox content process's thread stacks (gdb attaches; no debug symbols needed for the shape). */
function dumpStacks(label: string): void {
  const pids = execSync(`pgrep -f -- '-contentproc' || true`).toString().trim().split(/\s+/).filter(Boolean);
  for (const pid of pids) {
    const file = `test-results/firefox-stacks-${label}-${pid}.txt`;
    try {
      execSync(`gdb -p ${pid} -batch -ex 'info threads' -ex 'thread apply all bt 25' > ${file} 2>&1`, { timeout: 120_000 });
    } catch (error) {
      console.log(`gdb on ${pid} failed: ${String(error).slice(0, 200)}`);
    }
  }
  console.log(`stacks of ${pids.length} content processes in test-results/firefox-stacks-${label}-*.txt`);
}

const widget = (page: Page) => page.locator('voice-agent');

test(`${CALLS} first calls of a fresh page, in the call's worker, and none freezes the page`, async ({ page }) => {
  test.setTimeout(CALLS * 30_000);
  await recordEvents(page);
  for (let call = 1; call <= CALLS; call++) {
    try {
      await within(15_000, page.goto('/?agent=demo-en'), `loading page ${call}`);
      await within(10_000, widget(page).evaluate((el: Widget) => el.start()), `start() of call ${call}`);
      await within(20_000, page.waitForFunction(() => document.querySelector('voice-agent')?.getAttribute('state') === 'live'), `call ${call} going live`);
    } catch (error) {
      dumpStacks(String(call));
      throw error;
    }
    expect(await widget(page).evaluate((el: Widget) => el.stats.transport)).toBe('worker');
    await page.waitForTimeout(3000);
    await within(10_000, widget(page).evaluate((el: Widget) => el.end()), `end() of call ${call}`);
    console.log(`call ${call}: live, ended`);
  }
});
