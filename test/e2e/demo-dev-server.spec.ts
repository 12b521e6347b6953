// `npm run demo` as an agent owner runs it: Vite's dev server with the simulated service mounted, the widget's
// source compiled on request. The rest of the suite loads the same pages built (vite.demo.config.ts); this one
// call keeps the dev server's path working: the page, the call's worker and worklet from source, a live call; and
// the page's network picker, which puts a call behind the network lab (demo/netlab/).
import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { recordEvents, type Widget } from './widget-page.ts';

let server: ViteDevServer;
let url: string;

test.beforeAll(async () => {
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    server: { port: 0, strictPort: false },
    // The demo page alone: React and Vue (the framework examples, pre-bundled by the config) are not needed.
    plugins: [{ name: 'demo-page-only', config: (config) => void (config.optimizeDeps!.include = []) }],
  });
  await server.listen();
  url = server.resolvedUrls!.local[0]!;
});

test.afterAll(async () => {
  await server?.close();
});

test('the demo on the dev server: the page loads, a call goes live in its worker and plays the greeting', async ({ page }) => {
  test.setTimeout(120_000); // the first request compiles the page's modules
  await recordEvents(page);
  await page.goto(`${url}?agent=demo-en&lang=en`, { timeout: 90_000 });
  const widget = page.locator('voice-agent');
  await expect(widget).toHaveAttribute('state', 'idle', { timeout: 90_000 });
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 30_000 });
  expect(await widget.evaluate((el: Widget) => el.stats.transport)).toBe('worker');
  await expect.poll(() => widget.evaluate((el: Widget) => el.stats.playback?.playedSamples ?? 0), { timeout: 15_000 }).toBeGreaterThan(24_000);
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
});

interface LabStatus {
  port: number;
  profile: string;
  stats: { connections: { opened: number }; up: { bytesOut: number }; down: { bytesOut: number } };
}

test('the demo’s network picker puts the next call behind a profile, and a pick during it changes its link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const lab = async () => (await (await request.get(`${url}__netlab`)).json()) as LabStatus;
  await page.goto(`${url}?agent=demo-en&lang=en`, { timeout: 90_000 });
  const widget = page.locator('voice-agent');
  await expect(widget).toHaveAttribute('state', 'idle', { timeout: 90_000 });
  const picker = page.getByTestId('network');
  await picker.selectOption('start');
  const { port, stats: before } = await lab();
  await expect(widget).toHaveAttribute('server-url', `http://localhost:${port}`);
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 30_000 });
  await expect.poll(() => widget.evaluate((el: Widget) => el.stats.playback?.playedSamples ?? 0), { timeout: 15_000 }).toBeGreaterThan(24_000);
  // The ticket and the socket crossed the lab: the agent's voice came down it.
  const during = await lab();
  expect(during.profile).toBe('start');
  expect(during.stats.connections.opened - before.connections.opened).toBeGreaterThanOrEqual(2);
  expect(during.stats.down.bytesOut - before.down.bytesOut).toBeGreaterThan(48_000);
  await picker.selectOption('fibre');
  await expect.poll(async () => (await lab()).profile).toBe('fibre');
  await expect(widget).toHaveAttribute('state', 'live');
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  await picker.selectOption('none');
  await expect(widget).not.toHaveAttribute('server-url', /./);
});
