// diagnose() on the built bundle, page by page, against the standalone simulator on another origin: a healthy
// strict page where every check passes and no call socket opens, and each failure a site can have (a CSP
// without the service, Trusted Types that refuse Lit, a frame without allow="microphone", a website the agent
// does not allow), each with its fix naming the real origins. And the visitor's side of the first: a call the
// page's CSP blocks says the site blocks it (BLOCKED_BY_PAGE), with one console line for the owner.
import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import type { DiagnoseCheck, DiagnoseReport } from '../../src/call/types.ts';
import { startDistSite, type DistSite } from './dist-site.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

let service: RunningSimulator;
const sites: DistSite[] = [];
const servers: Server[] = [];
/** Every socket upgrade the service was asked for, by its `token`. */
const upgrades: string[] = [];

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  const { simulator } = service;
  const upgrade = simulator.handleUpgrade.bind(simulator);
  simulator.handleUpgrade = (req, socket, head) => {
    upgrades.push(new URL(req.url ?? '/', 'http://service').searchParams.get('token') ?? '');
    return upgrade(req, socket, head);
  };
});

test.beforeEach(() => {
  upgrades.length = 0;
});

test.afterAll(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await service?.close();
});

const ws = () => service.url.replace('http:', 'ws:');
const serviceCsp = () => [`connect-src ${service.url} ${ws()}`, `img-src ${service.url}`];

/** A shop's page embedding the widget (from `scriptOrigin`, '' for its own) for agent `agent`, under `csp`. */
async function shop(csp: string[], options: { scriptOrigin?: string; agent?: string } = {}): Promise<DistSite> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="${options.scriptOrigin ?? ''}/voice-agent.js"></script></head>
<body><voice-agent public-id="${options.agent ?? 'demo-en'}" layout="inline" server-url="${service.url}"></voice-agent></body></html>`;
  const site = await startDistSite({ page: html, pageHeaders: csp.length ? { 'Content-Security-Policy': csp.join('; ') } : {} });
  sites.push(site);
  return site;
}

/** dist/ served from another origin with CORS, as a CDN (or the service) serves voice-agent.js. */
async function cdn(): Promise<DistSite> {
  const site = await startDistSite({ page: '', cors: true, hostName: '127.0.0.1' });
  sites.push(site);
  return site;
}

/** Runs diagnose() in the page (or its first frame) once the element is defined. */
async function diagnose(page: Page, frame = false): Promise<DiagnoseReport> {
  const target = frame ? page.frames()[1]! : page.mainFrame();
  await target.waitForFunction(() => customElements.get('voice-agent'));
  return target.locator('voice-agent').evaluate((el: Widget) => el.diagnose());
}

const byId = (report: DiagnoseReport) => Object.fromEntries(report.checks.map((c) => [c.id, c])) as Record<string, DiagnoseCheck>;

test('a healthy strict page: every check passes, and diagnose() opens no call, asks for no microphone', async ({ page }) => {
  const site = await shop(["default-src 'none'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'", ...serviceCsp()]);
  await recordEvents(page);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()} ${message.text()}`));
  await page.goto(site.url);
  const report = await diagnose(page);
  expect(report.ok).toBe(true);
  expect(report.checks.map((c) => c.id)).toEqual([
    'secure-context', 'microphone', 'call-code', 'trusted-types', 'worker', 'worklet', 'webassembly', 'audio-context',
    'service', 'website', 'socket',
  ]);
  for (const item of report.checks) expect(item, item.id).toMatchObject({ ok: true, fix: '' });
  expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  // The one socket was the probe's, refused at the handshake; the service started no call.
  expect(sockets).toHaveLength(1);
  expect(upgrades).toEqual(['voice-agent-diagnose-not-a-ticket']);
  expect(service.simulator.calls()).toEqual([]);
  expect(await microphoneTracks(page)).toEqual({ opened: 0, live: 0 });
  expect(await eventsOf(page, 'state')).toEqual([]);
  await expect(page.locator('voice-agent')).toHaveAttribute('state', 'idle');
  // The console has the report, one group with a line per check.
  await expect.poll(() => logged.filter((line) => line.includes('✓ '))).toHaveLength(11);
  expect(logged.some((line) => line.includes('<voice-agent> diagnose(): every check passed'))).toBe(true);
});

test('a CSP without the service: the service and its socket fail, the fixes name their origins', async ({ page }) => {
  const site = await shop(["script-src 'self'", "connect-src 'self'"]);
  await page.goto(site.url);
  const checks = byId(await diagnose(page));
  expect(checks.service).toMatchObject({ ok: false, fix: `add \`${service.url} ${ws()}\` to connect-src` });
  expect(checks.service!.message).toContain('connect-src');
  expect(checks.website).toMatchObject({ ok: null });
  expect(checks.socket).toMatchObject({ ok: false, fix: `add \`${ws()}\` to connect-src` });
  // Nothing reached the service.
  expect(upgrades).toEqual([]);
  // The rest of the page is fine.
  for (const id of ['secure-context', 'microphone', 'call-code', 'worker', 'worklet', 'audio-context']) expect(checks[id]!.ok, id).toBe(true);
});

test('a CSP with the service but not its socket: only the socket fails', async ({ page }) => {
  const site = await shop(["script-src 'self'", `connect-src ${service.url}`]);
  await page.goto(site.url);
  const checks = byId(await diagnose(page));
  expect(checks.service!.ok).toBe(true);
  expect(checks.website!.ok).toBe(true);
  expect(checks.socket).toMatchObject({ ok: false, fix: `add \`${ws()}\` to connect-src` });
  expect(upgrades).toEqual([]);
});

test("trusted-types 'none': the launcher still answers, the call's code and Trusted Types fail with the fix", async ({ page }) => {
  const site = await shop(["script-src 'self'", "require-trusted-types-for 'script'", "trusted-types 'none'", ...serviceCsp()]);
  await page.goto(site.url);
  const report = await diagnose(page);
  const checks = byId(report);
  expect(report.ok).toBe(false);
  const fix = 'add `lit-html voice-agent` to trusted-types';
  expect(checks['call-code']).toMatchObject({ ok: false, fix });
  expect(checks['trusted-types']).toMatchObject({ ok: false, fix });
  expect(checks.worker!.ok).toBeNull();
  expect(checks.service!.ok).toBe(true);
  expect(checks.socket!.ok).toBe(true);
  await expect(page.locator('voice-agent')).toHaveAttribute('state', 'idle');
});

test('from another origin under Trusted Types without voice-agent: works on the main thread, with the fix', async ({ page }) => {
  const files = await cdn();
  const site = await shop(
    [`script-src ${files.url}`, 'worker-src blob:', "require-trusted-types-for 'script'", 'trusted-types lit-html', ...serviceCsp()],
    { scriptOrigin: files.url },
  );
  await page.goto(site.url);
  const report = await diagnose(page);
  const checks = byId(report);
  expect(report.ok).toBe(true);
  expect(checks.worker).toMatchObject({ ok: true, fix: 'add `lit-html voice-agent` to trusted-types' });
  expect(checks['trusted-types']).toMatchObject({ ok: true, fix: 'add `lit-html voice-agent` to trusted-types' });
});

test('from another origin without blob: in worker-src: the worker check says so', async ({ page }) => {
  const files = await cdn();
  const site = await shop([`script-src ${files.url}`, ...serviceCsp()], { scriptOrigin: files.url });
  await page.goto(site.url);
  const checks = byId(await diagnose(page));
  expect(checks.worker).toMatchObject({ ok: true, fix: 'add `blob:` to worker-src' });
  expect(checks.worker!.message).toContain('worker-src');
});

test("without 'wasm-unsafe-eval': WebAssembly is a warning, not a failure", async ({ page }) => {
  const site = await shop(["script-src 'self'", ...serviceCsp()]);
  await page.goto(site.url);
  const report = await diagnose(page);
  expect(report.ok).toBe(true);
  expect(byId(report).webassembly).toMatchObject({ ok: true, fix: "add 'wasm-unsafe-eval' to script-src" });
});

test('a website the agent does not allow: 403 ORIGIN, and the fix names this website', async ({ page }) => {
  const site = await shop(serviceCsp(), { agent: 'allow-list' });
  await page.goto(site.url);
  const checks = byId(await diagnose(page));
  expect(checks.service!.ok).toBe(true);
  expect(checks.website).toMatchObject({ ok: false, fix: `add ${site.url} to the agent's allowed websites` });
  expect(checks.socket!.ok).toBe(true);
});

test('framed from another origin without allow="microphone": the microphone check fails with the iframe fix', async ({ page }) => {
  const site = await shop(serviceCsp());
  const host = await frameHost(`<iframe src="${site.url}" width="600" height="600"></iframe>`);
  await page.goto(host);
  const checks = byId(await diagnose(page, true));
  expect(checks.microphone).toMatchObject({ ok: false, fix: 'add allow="microphone; autoplay" to the <iframe> that holds this page' });
  expect(checks['audio-context']).toMatchObject({ ok: true, fix: 'add allow="microphone; autoplay" to the <iframe> that holds this page' });
});

test('framed with allow="microphone; autoplay": the microphone check passes', async ({ page }) => {
  const site = await shop(serviceCsp());
  const host = await frameHost(`<iframe src="${site.url}" allow="microphone; autoplay" width="600" height="600"></iframe>`);
  await page.goto(host);
  const checks = byId(await diagnose(page, true));
  expect(checks.microphone).toMatchObject({ ok: true, fix: '' });
  expect(checks['audio-context']).toMatchObject({ ok: true, fix: '' });
});

test('where the checks’ own chunk cannot be downloaded, the launcher reports it with the fix', async ({ page }) => {
  const site = await shop(serviceCsp());
  await page.route(/\/assets\/diagnose-[\w-]+\.js/, (route) => route.abort());
  await page.goto(site.url);
  const report = await diagnose(page);
  expect(report).toEqual({
    ok: false,
    checks: [{ id: 'widget-code', ok: false, message: expect.stringMatching(/\/assets\/diagnose-[\w-]+\.js/), fix: 'serve assets/ beside voice-agent.js, and allow them in script-src' }],
  });
});

test.describe('the visitor on a page whose CSP blocks the service', () => {
  for (const worker of [true, false]) {
    test(`is told the site blocks the assistant (${worker ? 'in the worker' : 'on the main thread'}), the owner once in the console`, async ({ page }) => {
      // voice-agent.js from another origin (the service's, as the two-line embed has it): the call obeys the
      // page's policy in a `blob:` worker, or on the main thread where the page allows no such worker.
      const files = await cdn();
      const site = await shop([`script-src ${files.url}`, ...(worker ? ['worker-src blob:'] : []), "connect-src 'self'"], { scriptOrigin: files.url });
      await recordEvents(page);
      const lines: string[] = [];
      page.on('console', (message) => message.text().startsWith('<voice-agent>:') && lines.push(message.text()));
      await page.goto(site.url);
      const widget = page.locator('voice-agent');
      await widget.evaluate((el: Widget) => el.loadUi());
      expect(await widget.evaluate((el: Widget) => el.stats.transport)).toBe(worker ? 'worker' : 'main-thread');
      await widget.evaluate((el: Widget) => el.start());
      await expect(widget).toHaveAttribute('state', 'error');
      const [error] = await eventsOf(page, 'error');
      const fix = `add \`${service.url} ${ws()}\` to connect-src`;
      expect(error).toEqual({
        code: 'BLOCKED_BY_PAGE',
        retryable: false,
        message: `The page's Content-Security-Policy (connect-src) blocks ${service.url}: ${fix}.`,
      });
      const panel = widget.locator('[part="error"]');
      await expect(panel).toContainText('Blocked by this website');
      await expect(panel).toContainText('This website’s settings block the assistant. Your connection is fine');
      await expect(widget).not.toContainText('Check your internet connection');
      await expect(widget.locator('[part="retry-button"]')).toHaveCount(0);
      expect(await microphoneTracks(page)).toEqual({ opened: 1, live: 0 });
      if (!worker) {
        // A second try (the page's own start()) says nothing new to the owner. (Not in the worker: a second
        // call from a `blob:` worker never starts, whatever the page: see the report of this branch.)
        await widget.evaluate((el: Widget) => el.start());
        await expect.poll(() => eventsOf(page, 'error').then((errors) => errors.length)).toBe(2);
      }
      expect(lines).toEqual([`<voice-agent>: ${error!.message}`]);
      expect(upgrades).toEqual([]);
    });
  }
});

/** A page of its own origin (127.0.0.1) holding `body`: a host site framing the shop. */
async function frameHost(body: string): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Host</title>${body}`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
