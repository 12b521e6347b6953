// The built bundle on a customer's site: dist/voice-agent.js served from the site's own origin under
// `script-src 'self'`, calling the service (the standalone simulator) on another origin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { eventsOf, microphoneTracks, recordEvents } from './widget-page.ts';

const dist = join(import.meta.dirname, '..', '..', 'dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.map': 'application/json' };

let service: RunningSimulator;
let site: Server;
let siteUrl: string;

function page(serviceUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><h1>A shop</h1><voice-agent public-id="demo-en" layout="inline" server-url="${serviceUrl}"></voice-agent></body></html>`;
}

test.beforeAll(async () => {
  service = await startSimulator({ port: 0, host: '127.0.0.1' });
  const wsOrigin = service.url.replace('http:', 'ws:');
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src ${service.url} ${wsOrigin}`,
    // The agent's avatar image is served by the service: a site lists the service in img-src.
    `img-src 'self' ${service.url}`,
    "style-src 'self'",
  ].join('; ');
  site = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp });
      return res.end(page(service.url));
    }
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
  await service?.close();
});

test('dist/voice-agent.js calls the agent from another origin under script-src self', async ({ page: tab }) => {
  const violations: string[] = [];
  tab.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await recordEvents(tab);
  await tab.goto(siteUrl);
  const widget = tab.locator('voice-agent');
  await expect(widget).toHaveAttribute('state', 'idle');
  await widget.evaluate((el: HTMLElement & { start(): Promise<void> }) => el.start());
  await expect(widget).toHaveAttribute('state', 'live', { timeout: 20_000 });

  await expect
    .poll(() => widget.evaluate((el: HTMLElement & { stats: { playback: { playedSamples: number } | null } }) => el.stats.playback?.playedSamples ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(24_000);
  await widget.evaluate((el: HTMLElement & { end(): Promise<void> }) => el.end());
  await expect(widget).toHaveAttribute('state', 'ended');
  expect(await eventsOf(tab, 'error')).toEqual([]);
  expect(await microphoneTracks(tab)).toEqual({ opened: 1, live: 0 });
  // The worklets loaded from files beside the bundle: no blob:/data: script was needed (a refused
  // WebAssembly compile is allowed: the resampler then uses its JavaScript kernel).
  expect(violations.filter((v) => !/WebAssembly|wasm/i.test(v))).toEqual([]);
});
