// The level meters of a call in its worker: each meter's canvas is handed to the worker, which draws the bars
// as levels come (src/worker/meter-canvas.ts), so the page's main thread does nothing per level: no style
// changes on the meters while the agent talks. The built bundle against the standalone simulator's monologue
// agent (it talks without a pause).
import { expect, test, type Locator } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startDistSite, type DistSite } from './dist-site.ts';
import { eventsOf, recordEvents, type Widget } from './widget-page.ts';

let service: RunningSimulator;
let site: DistSite;

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  site = await startDistSite({
    page: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><voice-agent public-id="monologue" layout="inline" lang="en" server-url="${service.url}"></voice-agent></body></html>`,
  });
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

/** Two pictures of `meter` 300 ms apart. */
async function twoPictures(meter: Locator): Promise<[Buffer, Buffer]> {
  const first = await meter.screenshot();
  await new Promise((resolve) => setTimeout(resolve, 300));
  return [first, await meter.screenshot()];
}

test('in a call in its worker, the worker draws both meters: they move with the voice, and the page makes no style change for them', async ({ page }, testInfo) => {
  await recordEvents(page);
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  expect(await widget.evaluate((el: Widget) => el.stats.transport)).toBe('worker');
  await expect.poll(() => widget.evaluate((el: Widget) => el.stats.playback?.playedSamples ?? 0), { timeout: 20_000 }).toBeGreaterThan(24_000);

  const output = widget.locator('[part="output-level"]');
  const input = widget.locator('[part="input-level"]');
  for (const meter of [output, input]) {
    await expect(meter).toHaveAttribute('data-drawn', '');
    await expect(meter.locator('canvas')).toHaveCount(1);
    await expect(meter.locator('i').first()).toBeHidden();
  }
  await output.screenshot({ path: testInfo.outputPath('output-meter.png') });
  await widget.locator('[part="controls"]').screenshot({ path: testInfo.outputPath('controls.png') });

  // The agent's voice moves the output meter: two pictures 300 ms apart differ (at 15 a second, a still meter
  // twice in a row would be a broken one).
  await expect.poll(async () => {
    const [a, b] = await twoPictures(output);
    return a.equals(b);
  }, { timeout: 5000 }).toBe(false);

  // Meanwhile nothing on the page's side changes for them: no `--level`, no class.
  const changes = await widget.evaluate(async (el: Widget) => {
    let count = 0;
    const observer = new MutationObserver((records) => (count += records.length));
    for (const meter of el.shadowRoot!.querySelectorAll('.meter')) observer.observe(meter, { attributes: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    observer.disconnect();
    return count;
  });
  expect(changes).toBe(0);

  // Muted, the microphone's meter is flat and still, as the CSS bars are: the worker was told its new look.
  await widget.evaluate((el: Widget) => void (el.muted = true));
  await expect(input).toHaveClass(/\boff\b/);
  await expect.poll(async () => {
    const [a, b] = await twoPictures(input);
    return a.equals(b);
  }, { timeout: 5000 }).toBe(true);

  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect(await eventsOf(page, 'error')).toEqual([]);
});
