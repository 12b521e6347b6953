// The built bundle on a customer's site: dist/voice-agent.js served from the site's own origin under
// `script-src 'self'`, calling the service (the standalone simulator) on another origin.
import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startCustomerSite, type CustomerSite } from './customer-site.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

let service: RunningSimulator;
let site: CustomerSite;
/** Every HTTP request the service answered, as `METHOD path`, a preflight as `PREFLIGHT(METHOD) path`. */
const requests: string[] = [];

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  const { simulator } = service;
  const handle = simulator.handleRequest.bind(simulator);
  simulator.handleRequest = (req, res, next) => {
    const preflightOf = req.method === 'OPTIONS' ? req.headers['access-control-request-method'] : undefined;
    requests.push(`${preflightOf ? `PREFLIGHT(${preflightOf})` : req.method} ${req.url}`);
    handle(req, res, next);
  };
  site = await startCustomerSite(service.url, 'demo-en');
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

test('dist/voice-agent.js calls the agent from another origin under script-src self', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await recordEvents(page);
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  await expect(widget).toHaveAttribute('state', 'idle');
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  // The visitor's first call sends no visit: its ticket request is a CORS "simple" one, with no preflight. Beside it
  // only the warm-ups of its connection (src/call/connection-warmer.ts), if the page's interest came before start():
  // OPTIONS, after their own preflight.
  const calls = requests.filter((request) => request.endsWith('/api/agents/public/demo-en/call'));
  expect(calls.filter((request) => !request.includes('OPTIONS'))).toEqual(['POST /api/agents/public/demo-en/call']);
  const warmUps = ['PREFLIGHT(OPTIONS) /api/agents/public/demo-en/call', 'OPTIONS /api/agents/public/demo-en/call'];
  expect(calls.filter((request) => request.includes('OPTIONS') && !warmUps.includes(request))).toEqual([]);

  await expect
    .poll(() => widget.evaluate((el: Widget) => el.stats.playback?.playedSamples ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(24_000);
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect(await eventsOf(page, 'error')).toEqual([]);
  expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
  // The worklets loaded from files beside the bundle: no blob:/data: script was needed (a refused
  // WebAssembly compile is allowed: the resampler then uses its JavaScript kernel).
  expect(violations.filter((v) => !/WebAssembly|wasm/i.test(v))).toEqual([]);
});
