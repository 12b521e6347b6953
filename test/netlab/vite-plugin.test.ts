// The network lab in front of Vite's dev server (what `NETWORK=<profile> npm run demo` runs): the page, the
// ticket and the call's socket cross the lab; the page's control routes pick a profile, with the simulator's
// precautions; a profile picked mid-call changes the link at once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../demo/netlab/profiles.ts';
import { networkLab } from '../../demo/netlab/vite-plugin.ts';
import { ESpeakSynthesiser } from '../../demo/server/synthesiser.ts';
import { agentCallSimulator } from '../../demo/server/vite-plugin.ts';
import { send } from '../simulator/raw-http.ts';
import { CallClient, fastTimings, isType, ticketFor } from '../simulator/helpers.ts';
import { median, now, until } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'netlab-vite-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title><p>demo page</p>');

async function devServer(profile?: string): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [agentCallSimulator({ timings: fastTimings, synthesiser: new ESpeakSynthesiser() }), networkLab({ profile })],
    server: { port: 0, host: '127.0.0.1' },
    optimizeDeps: { noDiscovery: true },
  });
  await server.listen();
  return server;
}

interface Status {
  port: number;
  url: string;
  profile: string;
  startedAt: number | null;
  profiles: { name: string; summary: string; explain: { en: string; fr: string; ar: string } }[];
  stats: { connections: { opened: number }; up: { bytesOut: number }; down: { bytesOut: number } };
}

describe('network lab in Vite’s dev server', () => {
  let server: ViteDevServer;
  let base: string;
  const status = async () => (await (await fetch(`${base}/__netlab`)).json()) as Status;
  const pick = (profile: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    fetch(`${base}/__netlab/profile`, { method: 'POST', headers, body: JSON.stringify({ profile }) });

  beforeAll(async () => {
    server = await devServer('start');
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('says where the lab is, which profile is on, and every profile with its explanation', async () => {
    const lab = await status();
    expect(lab.profile).toBe('start');
    expect(lab.url).toBe(`http://127.0.0.1:${lab.port}`);
    expect(lab.profiles.map((p) => p.name)).toEqual(PROFILE_NAMES);
    for (const p of lab.profiles) for (const text of Object.values(p.explain)) expect(text.length).toBeGreaterThan(10);
  });

  it('carries the page, the ticket and the call’s socket, each paying the profile’s round trips', async () => {
    const lab = await status();
    const before = lab.stats;
    let started = now();
    const page = await fetch(`${lab.url}/`);
    expect(await page.text()).toContain('demo page');
    // A new connection: its handshake, then the request and its answer (two round trips of 200 ms).
    expect(now() - started).toBeGreaterThanOrEqual(400 - 1);

    const ticket = await ticketFor(lab.url, 'demo-en', { origin: base });
    expect(ticket.wsUrl).toBe(`${lab.url.replace('http', 'ws')}/api/agents/socket`); // built from the lab's Host
    const call = await CallClient.open(ticket, { origin: base });
    await call.next(isType('ready'));
    started = now();
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    expect(now() - started).toBeGreaterThanOrEqual(200 - 1);
    const after = (await status()).stats;
    expect(after.connections.opened - before.connections.opened).toBeGreaterThanOrEqual(3); // page, ticket, socket
    expect(after.down.bytesOut - before.down.bytesOut).toBeGreaterThan(1000);
    call.send({ type: 'end' });
    expect((await call.closed).code).toBe(1000);
  });

  it('changes the link of a call under way as soon as a profile is picked', async () => {
    const lab = await status();
    const call = await CallClient.open(await ticketFor(lab.url, 'demo-en', { origin: base }), { origin: base });
    await call.next(isType('ready'));
    const roundTrips = async () => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const from = call.received.length;
        const started = now();
        call.send({ type: 'ping' });
        await call.next(isType('pong'), { from });
        times.push(now() - started);
      }
      return median(times);
    };
    expect(await roundTrips()).toBeGreaterThanOrEqual(200 - 1);
    const answer = await pick('fibre');
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as Status).profile).toBe('fibre');
    expect(await roundTrips()).toBeLessThan(10 + 100); // 10 ms, with room for a stall of this shared machine; 200 unchanged
    call.send({ type: 'end' });
    await call.closed;
  });

  it('refuses to change from another site, without JSON, or to a profile it does not have', async () => {
    const port = Number(new URL(base).port);
    expect((await pick('start')).status).toBe(200);
    const json = { 'Content-Type': 'application/json' };
    expect((await pick('4g', { 'Content-Type': 'text/plain' })).status).toBe(415);
    const foreign = await send(port, 'POST', '/__netlab/profile', { ...json, Origin: 'https://evil.example' }, '{"profile":"4g"}');
    expect(foreign.status).toBe(403);
    const crossSite = await send(port, 'POST', '/__netlab/profile', { ...json, 'Sec-Fetch-Site': 'cross-site' }, '{"profile":"4g"}');
    expect(crossSite.status).toBe(403);
    const unknown = await pick('dial-up');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/No network profile "dial-up"; one of: none, fibre, 4g/);
    expect((await send(port, 'POST', '/__netlab/profile', json, '{"profile":')).status).toBe(400);
    expect((await status()).profile).toBe('start'); // nothing changed
    expect((await send(port, 'POST', '/__netlab/profile', { ...json, Origin: base }, '{"profile":"none"}')).status).toBe(200);
    expect((await status()).profile).toBe('none');
  });

  it('stops with a message naming the profiles when NETWORK is not one', async () => {
    await expect(devServer('dial-up')).rejects.toThrow(/NETWORK=dial-up: No network profile "dial-up"; one of: none, fibre, 4g/);
  });

  it('closes the lab with the server', async () => {
    const other = await devServer();
    const otherBase = other.resolvedUrls!.local[0]!.replace(/\/$/, '');
    const lab = (await (await fetch(`${otherBase}/__netlab`)).json()) as Status;
    expect(lab.profile).toBe('none');
    expect((await fetch(`${lab.url}/`)).status).toBe(200); // none: a clean pass-through
    await other.close();
    await expect(fetch(`${lab.url}/`)).rejects.toThrow();
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));
