// The end-to-end calls on a real network: the standalone simulator, a link emulator in front of it (the ticket
// and the call's socket cross it), and a site of its own serving the built widget, whose page calls the service
// through the link. Each spec file starts one rig; each test sets the link's conditions it is about (a clean link
// between tests).
import type { Page } from '@playwright/test';
import { startLink, type Link, type LinkConditionsInput, type TimelineStep } from '../../../demo/netlab/index.ts';
import { startSimulator, type RunningSimulator } from '../../../demo/server/index.ts';
import { startDistSite, type DistSite } from '../dist-site.ts';
import { eventsOf, recordEvents, type Widget } from '../widget-page.ts';

export interface CallRig {
  service: RunningSimulator;
  link: Link;
  site: DistSite;
  close(): Promise<void>;
}

/** Starts the rig; the page's widget calls `publicId` with `attributes` (audio processing off: tone fixtures
 *  arrive clean). */
export async function startCallRig(publicId: string, attributes = 'audio-processing="off"'): Promise<CallRig> {
  const service = await startSimulator({ port: 0, host: '127.0.0.1', limits: { ticketsPerWindow: 1000 } });
  await service.simulator.prewarm([publicId]);
  const link = await startLink({ target: { host: '127.0.0.1', port: service.port } });
  const site = await startDistSite({
    page: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><voice-agent public-id="${publicId}" layout="inline" lang="en" ${attributes} server-url="${link.url}"></voice-agent></body></html>`,
  });
  return {
    service,
    link,
    site,
    async close() {
      await site.close();
      await link.close();
      await service.close();
    },
  };
}

export interface LiveCall {
  conversationId: string;
  /** Epoch ms at which the page saw `ready`, and the timeline (when given) started. */
  readyAt: number;
}

/** Opens the site, starts a call and waits until it is live; then starts `timeline` on the link (the profile's
 *  events count from `ready`). */
export async function callOn(page: Page, rig: CallRig, conditions: LinkConditionsInput, timeline: TimelineStep[] = []): Promise<LiveCall> {
  rig.link.set(conditions);
  await recordEvents(page);
  await page.goto(rig.site.url);
  const widget = page.locator('voice-agent');
  await widget.evaluate((el: Widget) => el.start());
  await page.waitForFunction(() => document.querySelector('voice-agent')?.getAttribute('state') === 'live', null, { timeout: 20_000 });
  const readyAt = rig.link.schedule(timeline);
  const [ready] = await eventsOf(page, 'ready');
  return { conversationId: ready!.conversationId as string, readyAt };
}

/** Records the widget's `stats` every `everyMs` into window.__stats, each with its epoch time. */
export async function recordStats(page: Page, everyMs = 50): Promise<void> {
  await page.evaluate((everyMs) => {
    const widget = document.querySelector('voice-agent') as Widget;
    const seen: unknown[] = [];
    (window as unknown as { __stats: unknown[] }).__stats = seen;
    setInterval(() => seen.push({ at: performance.timeOrigin + performance.now(), ...structuredClone(widget.stats) }), everyMs);
  }, everyMs);
}

export interface SeenStats {
  at: number;
  quality: string;
  framesDropped: number;
  framesSent: number;
  rttMs: number | null;
  playback: { playedSamples: number; queuedSamples?: number; underruns: number; underrunMs?: number; targetMs?: number } | null;
}

export const statsSeen = (page: Page): Promise<SeenStats[]> =>
  page.evaluate(() => (window as unknown as { __stats: SeenStats[] }).__stats);

/** The quality sign's level (`data-quality`), or null while none shows. */
export const signShown = (page: Page): Promise<string | null> =>
  page.locator('voice-agent').evaluate((el) => el.shadowRoot!.querySelector('[part="quality"]')?.getAttribute('data-quality') ?? null);

export const epochNow = (): number => performance.timeOrigin + performance.now();
