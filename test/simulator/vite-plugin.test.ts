// The simulator mounted in Vite (what `npm run demo` runs): same origin as the page, Vite's HMR socket
// untouched, the ticket route answered before Vite's own CORS handling.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { agentCallSimulator } from '../../demo/server/vite-plugin.ts';
import { ESpeakSynthesiser } from '../../demo/server/synthesiser.ts';
import { CallClient, fastTimings, isType, requestTicket, ticketFor } from './helpers.ts';
import { halfSend, send } from './raw-http.ts';

const root = mkdtempSync(join(tmpdir(), 'sim-vite-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title><p>demo page</p>');
const INCOMPLETE_REQUEST_MS = 300;
const plugin = () =>
  agentCallSimulator({ timings: fastTimings, limits: { incompleteRequestMs: INCOMPLETE_REQUEST_MS }, synthesiser: new ESpeakSynthesiser() });

describe.each(['dev', 'preview'] as const)('simulator in Vite %s server', (kind) => {
  let server: ViteDevServer | PreviewServer;
  let base: string;

  beforeAll(async () => {
    const common = { configFile: false as const, root, logLevel: 'silent' as const, plugins: [plugin()] };
    if (kind === 'dev') {
      const dev = await createServer({
        ...common,
        server: { port: 0, host: '127.0.0.1', allowedHosts: ['.shop.test'] },
        optimizeDeps: { noDiscovery: true },
      });
      await dev.listen();
      server = dev;
    } else {
      server = await preview({ ...common, build: { outDir: root }, preview: { port: 0, host: '127.0.0.1', allowedHosts: ['.shop.test'] } });
    }
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  });

  afterAll(async () => {
    if ('close' in server) await server.close();
  });

  it('answers the ticket and opens the call on the same origin as the page', async () => {
    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('demo page'); // Vite still serves the page
    const ticket = await ticketFor(base, 'demo-en', { origin: base });
    expect(ticket.wsUrl).toBe(`${base.replace('http', 'ws')}/api/agents/socket`);
    const call = await CallClient.open(ticket, { origin: base });
    await call.next(isType('ready'));
    call.send({ type: 'end' });
    expect((await call.closed).code).toBe(1000);
  });

  it('answers GET /health (no CORS) on connections kept alive 60 s', async () => {
    const res = await fetch(`${base}/health`, { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('keep-alive')).toBe('timeout=60');
  });

  it('treats the demo page as a customer site: allow-list refuses it with 403 ORIGIN', async () => {
    const answer = await requestTicket(base, 'allow-list', { origin: base });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('ORIGIN');
  });

  it('answers CORS for any site itself (Vite alone would only allow localhost)', async () => {
    const res = await fetch(`${base}/api/agents/public/allow-list/call`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect((await requestTicket(base, 'allow-list', { origin: 'https://shop.example' })).status).toBe(200);
  });

  it('answers only to the hosts Vite allows, before Vite or the simulator answers anything (DNS rebinding)', async () => {
    const { port } = new URL(base);
    const rebound = await send(Number(port), 'POST', '/api/agents/public/demo-en/call', { Host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('wsUrl');
    expect((await send(Number(port), 'GET', '/__simulator/calls', { Host: `evil.example:${port}` })).status).toBe(403);
    const listed = await send(Number(port), 'POST', '/api/agents/public/demo-en/call', { Host: `demo.shop.test:${port}` });
    expect(JSON.parse(listed.body).wsUrl).toBe(`ws://demo.shop.test:${port}/api/agents/socket`);
  });

  it('closes half-sent requests and upgrades, and leaves open calls alone', async () => {
    const port = Number(new URL(base).port);
    const ticket = await ticketFor(base, 'demo-en', { origin: base });
    const call = await CallClient.open(ticket, { origin: base });
    await call.next(isType('ready'));
    for (const text of ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'GET /api/agents/socket HTTP/1.1\r\nUpgrade: websocket\r\n']) {
      const { closedAfterMs, answer } = await halfSend(port, text);
      expect(answer).toBe('');
      expect(closedAfterMs).toBeLessThan(INCOMPLETE_REQUEST_MS + 1000);
    }
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    call.send({ type: 'end' });
    expect((await call.closed).code).toBe(1000);
  });

  it.runIf(kind === 'dev')('leaves Vite’s HMR socket working', async () => {
    const hmr = new WebSocket(base.replace('http', 'ws') + '/', 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      hmr.once('message', (data) => resolve(String(data)));
      hmr.once('error', reject);
    });
    expect(JSON.parse(first)).toEqual({ type: 'connected' });
    hmr.close();
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));
