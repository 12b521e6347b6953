// The real-devices lane's fixtures and its view of a call: the built widget (dist/) on a page of its own, the
// project's simulator on a real socket, and what the service heard (the simulator's uplink levels). Every
// test goes through the widget's public contract only (attributes, start(), end(), events, stats, device
// properties, ::parts), so the lane keeps guarding whatever the audio path becomes inside.
import { cpus } from 'node:os';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { windowLevel } from '../../demo/server/uplink-meter.ts';
import { startDistSite, type DistSite } from '../e2e/dist-site.ts';
import { eventsOf, recordEvents, type Widget } from '../e2e/widget-page.ts';
import { SKIP_VARIABLE, skipRequested } from './opt-out.ts';
import { MICROPHONE, pactl, streamUnderruns } from './sound-loop.ts';

export { expect };

export interface Lane {
  service: RunningSimulator;
  site: DistSite;
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Real devices</title>
<script type="module" src="/voice-agent.js"></script></head><body></body></html>`;

export const test = base.extend<{ optOut: void; loopReset: void }, { lane: Lane }>({
  lane: [
    async ({}, use) => {
      const service = await startSimulator({ port: 0, timings: { setupDelayMs: 300 }, limits: { ticketsPerWindow: 1000 } });
      const site = await startDistSite({ page: PAGE });
      await use({ service, site });
      await site.close();
      await service.close();
    },
    { scope: 'worker' },
  ],
  optOut: [
    async ({}, use, testInfo) => {
      testInfo.skip(skipRequested(), `${SKIP_VARIABLE}=1: the real-devices lane was opted out of`);
      const before = cpuTimes();
      await use();
      // Echo cancellers suffer when other work starves the audio threads: how busy the machine was during the test
      // goes with the figures (the load average also remembers the lanes that ran before).
      const percent = (busyShare(before, cpuTimes()) * 100).toFixed(0);
      testInfo.annotations.push({ type: 'cpu', description: percent });
      console.log(`[real devices] ${testInfo.project.name}: CPU ${percent}% busy during "${testInfo.title}"`);
    },
    { auto: true },
  ],
  // Chromium's gain control turns the system's microphone down (to 88% here), as it does on a desktop, and it
  // stayed down for the tests after it: Firefox's loop read −23.7 dBFS after Chromium's tests, −20.4 alone.
  // Each test starts from the loop as set up.
  loopReset: [
    async ({}, use) => {
      if (!skipRequested()) pactl('set-source-volume', MICROPHONE, '100%');
      await use();
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await recordEvents(page);
    await use(page);
  },
});

export const widget = (page: Page) => page.locator('voice-agent');

export interface CallOptions {
  publicId: string;
  /** `audio-processing="off"`; on (the default) otherwise. */
  processingOff?: boolean;
  inputDeviceId?: string;
  outputDeviceId?: string;
}

/** How long start() may take to settle: the call's code, the microphone, the ticket and the socket. */
const START_SETTLES_MS = 20_000;

/** Loads the page, adds a `<voice-agent>` with these settings, starts a call and waits for it to be live, in
 *  the call's usual place (its worker, or Firefox's main thread); returns its conversationId (from `voice-agent-ready`). */
export async function startCall(page: Page, lane: Lane, options: CallOptions): Promise<string> {
  await page.goto(lane.site.url);
  await page.evaluate(
    async ({ serviceUrl, publicId, processingOff, inputDeviceId, outputDeviceId }) => {
      await customElements.whenDefined('voice-agent');
      const element = document.createElement('voice-agent') as Widget;
      const attributes = { 'public-id': publicId, 'server-url': serviceUrl, layout: 'inline', lang: 'en', remember: 'none' };
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      if (processingOff) element.setAttribute('audio-processing', 'off');
      if (inputDeviceId) element.inputDeviceId = inputDeviceId;
      if (outputDeviceId) element.outputDeviceId = outputDeviceId;
      document.body.append(element);
    },
    { serviceUrl: lane.service.url, ...options },
  );
  // start() settles once the call is under way; a page that never lets it settle fails here, not at the test's timeout.
  const settled = widget(page).evaluate((element: Widget) => element.start());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`start() did not settle within ${START_SETTLES_MS / 1000} s (the page stopped answering?)`)), START_SETTLES_MS);
  });
  await Promise.race([settled, stuck]).finally(() => clearTimeout(timer));
  await expect(widget(page)).toHaveAttribute('state', 'live', { timeout: 20_000 });
  // The lane measures the call where it runs by default: in its worker (src/worker/), not the main thread's
  // fallback.
  expect(await widget(page).evaluate((element: Widget) => element.stats.transport), 'where the call runs').toBe('worker');
  const [ready] = await eventsOf(page, 'ready');
  return ready!.conversationId as string;
}

export async function endCall(page: Page): Promise<void> {
  await widget(page).evaluate((element: Widget) => element.end());
  await expect(widget(page)).toHaveAttribute('state', 'ended');
}

/** When the monologue agent's speech plays at the caller (ms since the epoch). */
export async function agentSpeech(lane: Lane, conversationId: string): Promise<{ from: number; to: number }> {
  await expect.poll(() => lane.service.simulator.uplink(conversationId)?.agentSpeech.length ?? 0, { timeout: 10_000 }).toBe(1);
  return lane.service.simulator.uplink(conversationId)!.agentSpeech[0]!;
}

export async function waitUntil(page: Page, time: number): Promise<void> {
  const wait = time - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/** What the service heard in [from, to), once all of it has arrived: its level (dBFS) and whether at least half
 *  of the window's audio arrived in it (frames come in bursts on a loaded machine; a level of a window the
 *  uplink mostly missed would say nothing). */
export async function uplinkWindow(page: Page, lane: Lane, conversationId: string, from: number, to: number): Promise<{ dbfs: number; samples: number; carried: boolean }> {
  await waitUntil(page, to + 300);
  const levels = lane.service.simulator.uplink(conversationId);
  expect(levels, `the simulator's uplink levels of ${conversationId}`).toBeDefined();
  const { samples, dbfs } = windowLevel(levels!, from, to);
  return { dbfs, samples, carried: samples > 0.5 * ((to - from) / 1000) * 16_000 };
}

/** The level (dBFS) of what the service heard in [from, to); the uplink must have carried it (above). */
export async function uplinkLevel(page: Page, lane: Lane, conversationId: string, from: number, to: number): Promise<number> {
  const { dbfs, samples, carried } = await uplinkWindow(page, lane, conversationId, from, to);
  expect(carried, `16 kHz samples that reached the service in ${Math.round(to - from)} ms: ${samples}`).toBe(true);
  return dbfs;
}

/** The level (dBFS) of what the service heard in each second of [from, to), for the figures: where a canceller
 *  let the echo through. */
export function secondBySecond(lane: Lane, conversationId: string, from: number, to: number): string {
  const levels = lane.service.simulator.uplink(conversationId)!;
  const seconds = [];
  for (let at = from; at < to; at += 1000) seconds.push(dB(windowLevel(levels, at, at + 1000).dbfs));
  return seconds.join(' ');
}

/** Where a stream ran dry at the sound server in [from, to), for the figures: seconds from `from`. */
export function soundServerUnderruns(from: number, to: number): string {
  const underruns = streamUnderruns(from, to);
  if (underruns === null) return 'the sound server’s log does not say whether its streams ran dry';
  if (underruns.length === 0) return 'no output underrun at the sound server';
  return `output underruns at the sound server at ${underruns.map(({ at, stream }) => `${((at - from) / 1000).toFixed(1)} s ('${stream}')`).join(', ')}`;
}

/** Each core's busy and total time so far (ms). */
const cpuTimes = () => cpus().map(({ times: { user, nice, sys, idle, irq } }) => ({ busy: user + nice + sys + irq, total: user + nice + sys + idle + irq }));

/** The share of all cores' time spent busy between two readings. */
function busyShare(before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): number {
  let busy = 0;
  let total = 0;
  after.forEach((core, i) => {
    busy += core.busy - (before[i]?.busy ?? 0);
    total += core.total - (before[i]?.total ?? 0);
  });
  return total > 0 ? busy / total : 0;
}

/** Prints a measured figure and keeps it in the report (annotations), for docs/testing.md. */
export function figure(testInfo: TestInfo, text: string): void {
  const line = `${testInfo.project.name}: ${text}`;
  console.log(`[real devices] ${line}`);
  testInfo.annotations.push({ type: 'figure', description: line });
}

export const dB = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : String(value));
