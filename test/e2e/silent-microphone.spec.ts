// A silent microphone in Chromium against the simulator, audio processing on (the demo page's default): a fake
// device playing an all-zero WAV shows `part="silent-mic-notice"` within 5 s of the agent falling quiet; one
// playing −65 dBFS noise (a quiet room) shows nothing for 10 s, the agent speaking at times.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath, fakeMicArgs } from '../chromium.ts';
import { mulberry32 } from '../fixtures/signals.ts';
import { encodeWav } from '../fixtures/wav.ts';
import type { Widget } from './widget-page.ts';

const RATE = 48_000;

/** `seconds` of `signal` written as a fake device's WAV under test/.fixtures (not committed); its path. */
function fixture(name: string, signal: Float32Array): string {
  const dir = join(import.meta.dirname, '..', '.fixtures');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, encodeWav(signal, RATE));
  return path;
}

/** White noise at `dbfs` RMS (uniform, seeded). */
function noise(seconds: number, dbfs: number): Float32Array {
  const random = mulberry32(65);
  const halfWidth = Math.sqrt(3) * 10 ** (dbfs / 20);
  return Float32Array.from({ length: seconds * RATE }, () => (random() * 2 - 1) * halfWidth);
}

/** A Chromium of its own whose fake device plays `wav` (Playwright takes one launch per file or project). */
async function chromiumPlaying(launch: (options: object) => Promise<Browser>, wav: string): Promise<Browser> {
  return launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMicArgs(wav)] });
}

/** Every 50 ms for `ms`: whether the notice shows and whether the agent's voice plays, with the page's clock. */
function watch(page: Page, ms: number): Promise<{ at: number; notice: boolean; speaking: boolean }[]> {
  return page.locator('voice-agent').evaluate(async (el: Widget, windowMs) => {
    const seen: { at: number; notice: boolean; speaking: boolean }[] = [];
    const end = performance.now() + windowMs;
    while (performance.now() < end) {
      const notice = !!el.shadowRoot!.querySelector('[part="silent-mic-notice"]');
      seen.push({ at: performance.now(), notice, speaking: el.stats.playback?.drained === false });
      if (notice) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  }, ms);
}

async function call(page: Page): Promise<void> {
  await page.goto('/?agent=demo-en&lang=en');
  const widget = page.locator('voice-agent');
  await widget.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
}

test.describe('a fake device playing digital silence', () => {
  test('shows the notice within 5 s of the agent falling quiet, with the device picker open', async ({ playwright, baseURL }) => {
    test.setTimeout(60_000);
    const browser = await chromiumPlaying((o) => playwright.chromium.launch(o), fixture('all-zero-48k.wav', new Float32Array(10 * RATE)));
    const page = await browser.newPage({ baseURL });
    await call(page);
    const seen = await watch(page, 30_000);
    const shown = seen.at(-1)!;
    expect(shown.notice).toBe(true);
    const quietFrom = seen.findLast((sample) => sample.speaking)?.at ?? seen[0]!.at;
    console.info(`Chromium, all-zero microphone: the notice ${((shown.at - quietFrom) / 1000).toFixed(2)} s after the agent fell quiet`);
    expect(shown.at - quietFrom).toBeLessThan(5_000);
    const widget = page.locator('voice-agent');
    await expect(widget.locator('[part="silent-mic-notice"]')).toHaveText(/The assistant cannot hear you/);
    await expect(widget.locator('[part="devices"]')).toHaveAttribute('open', '');
    await widget.evaluate((el: Widget) => el.end());
    await browser.close();
  });
});

test.describe('a fake device playing a quiet room', () => {
  test('shows nothing for 10 s at −65 dBFS, processing on and the agent speaking at times', async ({ playwright, baseURL }) => {
    test.setTimeout(60_000);
    const browser = await chromiumPlaying((o) => playwright.chromium.launch(o), fixture('noise-65dbfs-48k.wav', noise(10, -65)));
    const page = await browser.newPage({ baseURL });
    await call(page);
    const widget = page.locator('voice-agent');
    const watching = watch(page, 10_000);
    // The agent speaks its greeting, then answers a typed question.
    await page.waitForTimeout(4_000);
    const input = widget.getByRole('textbox');
    await input.fill('What time is it?');
    await input.press('Enter');
    const seen = await watching;
    console.info(`Chromium, −65 dBFS noise: ${seen.length} looks over 10 s, the agent speaking in ${seen.filter((s) => s.speaking).length}`);
    expect(seen.length).toBeGreaterThan(100);
    expect(seen.some((sample) => sample.speaking)).toBe(true);
    expect(seen.some((sample) => !sample.speaking)).toBe(true);
    expect(seen.filter((sample) => sample.notice)).toEqual([]);
    await widget.evaluate((el: Widget) => el.end());
    await browser.close();
  });
});
