// The browser section of `npm run bench`: the built widget in headless Chromium (a fake microphone
// playing a caller who interrupts the greeting, then speaks every 17 s) calls the simulated service through a recording proxy.
// Measures what a visitor waits for, how evenly frames reach the server, how fast an interruption
// silences the agent, what the widget costs the page's main thread and heap, and what it downloads.
import type { CDPSession, Page } from 'playwright';
import { build } from 'vite';
import { percentile } from '../measure.ts';
import type { Table } from '../report.ts';
import { busyPageBench } from './busy-page.ts';
import { startCallRig } from './call-rig.ts';
import { startLatencyBench } from './start-latency.ts';
import { instrumentPage, type BenchWindow, type ProbeReport } from './instrument.ts';
import { litFreeBound } from './lit-free-bound.ts';
import { metrics, share } from './main-thread-metrics.ts';
import { epochNow } from './recording-proxy.ts';
import type { Served } from './site.ts';

export interface BrowserBenchOptions {
  /** Length of the measured call (the heap's growth is measured over it). */
  callSeconds: number;
}

/** Output below this is silence (−60 dBFS). */
const SILENT = 10 ** (-60 / 20);

/** Peers' download sizes (gzip -9 of the shipped JavaScript, from ../shared/notes/peers.md). */
const PEERS: Array<[string, number]> = [
  ['ElevenLabs convai-widget-embed (before its resampler)', 190_867],
  ['Pipecat web client (daily-js inside)', 121_000],
  ['Deepgram browser-agent (no transcript UI, no resampling)', 5_700],
];

export async function browserBench({ callSeconds }: BrowserBenchOptions): Promise<Table[]> {
  await build({ logLevel: 'warn' });
  const rig = await startCallRig(callSeconds);
  const { browser, proxy, site } = rig;
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    // tsx names functions with a helper (__name) the page does not have.
    await page.addInitScript({ content: `var __name = (f) => f;\n(${instrumentPage.toString()})();` });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    await page.goto(site.url, { waitUntil: 'load' });
    await page.waitForFunction(() => customElements.get('voice-agent') !== undefined);
    const idleFrom = await metrics(cdp);
    await page.waitForTimeout(5000);
    const idleTo = await metrics(cdp);
    const idleShare = share(idleFrom, idleTo);
    const onLoad = [...site.served];

    const widget = page.locator('voice-agent');
    await widget.locator('[part="launcher"]').click();
    const callButton = widget.locator('[part="call-button"]');
    await callButton.waitFor();
    const clickedAt = epochNow();
    await callButton.click();
    const readyAt = await eventTime(page, 'ready', 30_000);

    // Main thread during the talking part of the call: the greeting, the caller's interruption, answers.
    const cpuFrom = await metrics(cdp);
    await page.waitForTimeout(25_000);
    const cpuTo = await metrics(cdp);
    // Frame pacing is read over the same stretch: a forced collection (below) stalls the page.
    const talkingUntil = epochNow();
    const mainThreadShare = share(cpuFrom, cpuTo);

    // Heap: after a collection, from here to the end of the call.
    const heapFrom = await heapAfterGc(cdp);
    await page.waitForTimeout(Math.max(0, callSeconds - 25) * 1000);
    const heapTo = await heapAfterGc(cdp);
    const heapPerHour = ((heapTo.used - heapFrom.used) / (heapTo.at - heapFrom.at)) * 3600;

    await widget.evaluate((el: HTMLElement & { end(): Promise<void> }) => el.end());
    await eventTime(page, 'ended', 10_000);
    const bench = await page.evaluate(() => (window as unknown as BenchWindow).__bench);
    const errors = bench.events.filter((e) => e.type === 'error').length;

    const frames = proxy.frames[0] ?? [];
    const firstFrameAt = frames[0] ?? NaN;
    const talking = frames.filter((t) => t <= talkingUntil);
    const gaps = talking.slice(1).map((t, i) => t - talking[i]!).slice(50);
    // Each interruption: from the service's message passing the proxy to the output going silent.
    const silences = bench.probes
      .map((probe, i) => {
        const at = silentAt(probe);
        const sent = proxy.interruptions[i];
        return at === null || sent === undefined ? null : at - sent;
      })
      .filter((s): s is number => s !== null);
    const interruptions = bench.probes.length;

    const callStats = [
      ['call button → first microphone frame at the server', ms(firstFrameAt - clickedAt), '—'],
      ['call button → `ready`', ms(readyAt - clickedAt), '—'],
      [`frame interval at the server while talking, p50 / p99 / max (${gaps.length} frames)`, `${ms(percentile(gaps, 0.5))} / ${ms(percentile(gaps, 0.99))} / ${ms(Math.max(...gaps))}`, '20 ms / ≤ 40 ms'],
      [
        `service sends \`interrupted\` → agent's output below −60 dBFS (${silences.length} of ${interruptions} while it spoke)`,
        silences.length ? silences.map((s) => ms(s)).join(', ') : 'none measured',
        '≤ 50 ms',
      ],
      ['main thread, share of one core while talking (25 s; the idle page before the call)', `${percent(mainThreadShare)} (${percent(idleShare)})`, '≤ 5 %'],
      [
        '… of which script / style / layout',
        `${percent(share(cpuFrom, cpuTo, 'ScriptDuration'))} / ${percent(share(cpuFrom, cpuTo, 'RecalcStyleDuration'))} / ${percent(share(cpuFrom, cpuTo, 'LayoutDuration'))}`,
        '',
      ],
      [
        `JS heap growth over the call (${fmt((heapTo.at - heapFrom.at) / 60, 1)} min measured)`,
        `${fmt((heapTo.used - heapFrom.used) / 1e6, 3)} MB (${fmt(heapPerHour / 1e6, 2)} MB an hour)`,
        '≤ 1 MB an hour',
      ],
      ['errors', String(errors), '0'],
    ];
    const served = [...site.served]; // this call's page only: the busy pages below load the widget again
    const busyPage = await busyPageBench(browser, proxy, site.url);
    const startLatency = await startLatencyBench(browser, site.url);
    const total = sum(served);
    const withoutLit = await litFreeBound(served);
    const downloads = [
      ['on page load, before any interaction', kb(sum(onLoad)), files(onLoad)],
      ['for a whole call, everything together', kb(total), files(served)],
      ['the same call if Lit cost nothing (a build with Lit stubbed out: the floor for a panel without Lit)', kb(sum(withoutLit)), files(withoutLit)],
      ...PEERS.map(([name, bytes]) => [name, kb(bytes), 'peers.md']),
    ];
    return [
      {
        title: `Browser: the built widget in headless Chromium against the simulator (one ${fmt(callSeconds / 60, 1)}-minute call)`,
        header: ['measure', 'measured', 'goal'],
        rows: callStats,
        notes: [
          `Chromium ${browser.version()}, fake microphone: a caller who speaks one sentence 4.5 s after the microphone opens (during the agent's greeting) and every 17 s after; the service is the ` +
            `local simulator (its own set-up time included), frames timed at a recording proxy in front of it. ` +
            `The heap is JSHeapUsedSize after a forced collection, from 25 s into the call to its end; the full run ` +
            `is \`npm run bench -- --call-seconds=600\` (a 10-minute call), the default call is shorter.`,
        ],
      },
      busyPage,
      startLatency,
      {
        title: 'What a page downloads from the widget (gzip -9)',
        header: ['when', 'gzip', 'files'],
        rows: downloads,
      },
    ];
  } finally {
    await rig.close();
  }
}

async function eventTime(page: Page, type: string, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => (window as unknown as BenchWindow).__bench.events.find((e) => e.type === wanted)?.at,
    type,
    { timeout, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

async function heapAfterGc(cdp: CDPSession): Promise<{ used: number; at: number }> {
  await cdp.send('HeapProfiler.collectGarbage');
  const m = await metrics(cdp);
  return { used: m.JSHeapUsedSize, at: m.Timestamp };
}

/**
 * When the agent's output fell below −60 dBFS for good after an interruption, in epoch milliseconds (the
 * page's event time plus audio frames since); null when the agent was not audible just before (nothing to
 * silence) or the event's time is unknown.
 */
function silentAt(report: ProbeReport): number | null {
  const { before, after, markFrame, eventFrame, eventAt, quantumFrames, sampleRate } = report;
  const audible = before.some((peak) => peak >= SILENT);
  if (!audible || !Number.isFinite(eventAt)) return null;
  let last = -1;
  for (let i = 0; i < after.length; i++) if (after[i]! >= SILENT) last = i;
  // Before the mark, the last loud quantum is found in `before` (it may already have gone quiet).
  let silentFrame = markFrame + (last + 1) * quantumFrames;
  if (last < 0) {
    let lastBefore = -1;
    for (let i = 0; i < before.length; i++) if (before[i]! >= SILENT) lastBefore = i;
    silentFrame = markFrame - (before.length - 1 - lastBefore) * quantumFrames;
  }
  return eventAt + ((silentFrame - eventFrame) / sampleRate) * 1000;
}

/** Share of one core the page's main thread was busy between two samples. */
const percent = (v: number) => `${fmt(v * 100, 1)} %`;
const fmt = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const ms = (v: number) => `${fmt(v, 1)} ms`;
const kb = (bytes: number) => `${fmt(bytes / 1000, 1)} KB`;
const sum = (list: Served[]) => list.reduce((n, s) => n + s.gzipBytes, 0);
const files = (list: Served[]) => list.map((s) => `${s.path.replace(/^\//, '')} ${fmt(s.gzipBytes / 1000, 1)}`).join(', ');
