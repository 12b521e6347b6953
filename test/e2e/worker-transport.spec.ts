// Where the call runs, page by page: in the widget's worker wherever the page allows it, else on the main
// thread, and a call either way (src/worker/transport.ts). The built bundle, the standalone simulator on its own
// origin, and pages with the policies real sites have: a strict CSP, a CDN, Trusted Types, wrapped globals.
import { expect, test, type Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startDistSite, type DistSite } from './dist-site.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

let service: RunningSimulator;
const sites: DistSite[] = [];

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
  await service?.close();
});

const serviceCsp = () => [`connect-src ${service.url} ${service.url.replace('http:', 'ws:')}`, `img-src ${service.url}`];

/** A page embedding the widget from `scriptOrigin` ('' for the page's own), under `csp`. */
async function page(csp: string[], options: { scriptOrigin?: string; head?: string } = {}): Promise<DistSite> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>${options.head ?? ''}
<script type="module" src="${options.scriptOrigin ?? ''}/voice-agent.js"></script></head>
<body><voice-agent public-id="demo-en" layout="inline" server-url="${service.url}"></voice-agent></body></html>`;
  const headers = csp.length ? { 'Content-Security-Policy': csp.join('; ') } : undefined;
  const site = await startDistSite({ page: html, pageHeaders: headers });
  sites.push(site);
  return site;
}

/** The same dist/ served from another origin, with CORS, as a CDN serves it. */
async function cdn(): Promise<DistSite> {
  const site = await startDistSite({ page: '', cors: true, hostName: '127.0.0.1' });
  sites.push(site);
  return site;
}

/** A whole short call: live, the agent heard, ended with no error; returns where it ran and the CSP reports. */
async function call(browserPage: Page, url: string): Promise<{ transport: unknown; violations: string[] }> {
  const violations: string[] = [];
  browserPage.on('console', (message) => {
    if (/Content Security Policy|Trusted Type/i.test(message.text())) violations.push(message.text());
  });
  await recordEvents(browserPage);
  await browserPage.goto(url);
  const widget = browserPage.locator('voice-agent');
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  await expect
    .poll(() => widget.evaluate((el: Widget) => el.stats.playback?.playedSamples ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(24_000);
  const transport = await widget.evaluate((el: Widget) => el.stats.transport);
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect(await eventsOf(browserPage, 'error')).toEqual([]);
  expect(await microphoneTracks(browserPage)).toEqual({ opened: 1, live: 0 });
  // A refused WebAssembly compile is allowed: the resampler then uses its JavaScript kernel.
  return { transport, violations: violations.filter((v) => !/WebAssembly|wasm/i.test(v)) };
}

test('same origin under script-src self: the worker beside the bundle, nothing new asked of the CSP', async ({ page: browserPage }) => {
  const site = await page(["default-src 'none'", "script-src 'self'", "style-src 'self'", ...serviceCsp()]);
  expect(await call(browserPage, site.url)).toEqual({ transport: 'worker', violations: [] });
});

test('from a CDN, with worker-src blob: allowed: a blob module of the page imports the worker', async ({ page: browserPage }) => {
  const files = await cdn();
  const site = await page([`script-src ${files.url}`, 'worker-src blob:', ...serviceCsp()], { scriptOrigin: files.url });
  expect(await call(browserPage, site.url)).toEqual({ transport: 'worker', violations: [] });
});

test('from a CDN, a second call on the page goes live too: its worker, made after the page loaded, hears its start', async ({ page: browserPage }) => {
  // Only the page's first call takes the worker that answered as the code loaded; each later call starts its own,
  // and tells it `start` at once, while the blob module is still importing the worker's code.
  const files = await cdn();
  const site = await page([`script-src ${files.url}`, 'worker-src blob:', ...serviceCsp()], { scriptOrigin: files.url });
  expect((await call(browserPage, site.url)).transport).toBe('worker');
  const widget = browserPage.locator('voice-agent');
  await widget.evaluate((el: Widget) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });
  expect((await eventsOf(browserPage, 'ready')).length).toBe(2);
  await widget.evaluate((el: Widget) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
});

test('from a CDN, under a CSP without blob: the call runs on the main thread', async ({ page: browserPage }) => {
  const files = await cdn();
  const site = await page([`script-src ${files.url}`, ...serviceCsp()], { scriptOrigin: files.url });
  const { transport, violations } = await call(browserPage, site.url);
  expect(transport).toBe('main-thread');
  // The one refusal is the worker's blob: the page's own policy, said by the browser; the call went on.
  expect(violations.every((v) => /worker|blob/i.test(v))).toBe(true);
});

test.describe('under Trusted Types', () => {
  const strict = () => ["script-src 'self'", "require-trusted-types-for 'script'", ...serviceCsp()];

  test("with the documented line (lit-html and voice-agent): the worker, and no violation", async ({ page: browserPage }) => {
    const site = await page([...strict(), 'trusted-types lit-html voice-agent']);
    expect(await call(browserPage, site.url)).toEqual({ transport: 'worker', violations: [] });
  });

  test('with lit-html allowed but not voice-agent: the call runs on the main thread', async ({ page: browserPage }) => {
    const site = await page([...strict(), 'trusted-types lit-html']);
    expect((await call(browserPage, site.url)).transport).toBe('main-thread');
  });

  test("with trusted-types 'none': `error`, and the visitor is told, never a blank panel", async ({ page: browserPage }) => {
    const site = await page([...strict(), "trusted-types 'none'"]);
    await recordEvents(browserPage);
    await browserPage.goto(site.url);
    const widget = browserPage.locator('voice-agent');
    await widget.evaluate((el: Widget) => el.start());
    await expect(widget).toHaveAttribute('state', 'error');
    const [error] = await eventsOf(browserPage, 'error');
    expect(error).toMatchObject({ code: 'LOAD_FAILED', retryable: false });
    const notice = browserPage.locator('voice-agent').locator('[part="load-error"]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This page’s security settings block the assistant.');
  });
});

test('a page that wraps fetch and WebSocket (as Sentry and zone.js do): the call works, its socket is not the page’s', async ({ page: browserPage }) => {
  const wrap = `<script>
    window.__wrapped = { fetches: [], sockets: 0, messages: 0 };
    const fetch0 = window.fetch;
    window.fetch = function (...args) { window.__wrapped.fetches.push((args[1]?.method ?? 'GET') + ' ' + new URL(String(args[0])).pathname); return fetch0.apply(this, args); };
    const Socket0 = window.WebSocket;
    window.WebSocket = class extends Socket0 {
      constructor(...args) {
        super(...args);
        window.__wrapped.sockets++;
        this.addEventListener('message', () => window.__wrapped.messages++);
      }
    };
  </script>`;
  const site = await page([], { head: wrap });
  expect((await call(browserPage, site.url)).transport).toBe('worker');
  // The ticket and the socket are the worker's: the page's wrappers saw none of the call's 50 messages a second.
  // The page's own fetch may have warmed the service's connection when the panel came into view (unless start() came
  // first: src/call/connection-warmer.ts): OPTIONS only, never the ticket's POST.
  const wrapped = await browserPage.evaluate(() => (window as unknown as { __wrapped: { fetches: string[]; sockets: number; messages: number } }).__wrapped);
  expect(wrapped.fetches.filter((fetch) => fetch !== 'OPTIONS /api/agents/public/demo-en/call')).toEqual([]);
  expect({ sockets: wrapped.sockets, messages: wrapped.messages }).toEqual({ sockets: 0, messages: 0 });
});
