// A page whose own scripts keep its main thread busy: 300 ms of every second, for 8 s, while the agent talks
// (the simulator's monologue agent: speech at real time, 200 ms ahead of playback). Once with the call in its
// worker (the default), once on the main thread (the path for pages that allow no worker): how evenly the
// microphone's frames reach the service, and whether the agent's voice ran dry in the page. Before the page gets
// busy, the share of a core the talking call takes on its quiet main thread, on each path.
import type { Browser } from 'playwright';
import { percentile } from '../measure.ts';
import type { Table } from '../report.ts';
import { pageOnTransport, type Transport } from './transport-page.ts';
import type { RecordingProxy } from './recording-proxy.ts';
import { metrics, share } from './main-thread-metrics.ts';
import { epochNow } from './recording-proxy.ts';

const BUSY_SECONDS = 8;
const BUSY_MS_PER_SECOND = 300;
const QUIET_MS = 5000;

interface BusyCall {
  transport: string | null;
  /** The main thread's share of a core while the agent talked, before the page got busy. */
  quietShare: number;
  gaps: number[];
  underruns: number;
  errors: number;
}

type Widget = HTMLElement & {
  start(): Promise<void>;
  end(): Promise<void>;
  stats: { transport: string | null; playback: { underruns: number } | null };
};

async function busyCall(browser: Browser, proxy: RecordingProxy, siteUrl: string, transport: Transport): Promise<BusyCall> {
  const page = await pageOnTransport(browser, transport);
  try {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      for (const type of ['voice-agent-ready', 'voice-agent-error']) document.addEventListener(type, () => seen.push(type));
    });
    await page.goto(siteUrl, { waitUntil: 'load' });
    const widget = page.locator('voice-agent');
    const sockets = proxy.frames.length;
    await widget.evaluate((el: Widget) => {
      el.setAttribute('public-id', 'monologue');
      void el.start();
    });
    await page.waitForFunction(() => (window as unknown as { __seen: string[] }).__seen.includes('voice-agent-ready'), null, { timeout: 30_000 });
    await page.waitForTimeout(1000); // the agent's voice under way
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const quietFrom = await metrics(cdp);
    await page.waitForTimeout(QUIET_MS);
    const quietShare = share(quietFrom, await metrics(cdp));
    const underrunsBefore = await widget.evaluate((el: Widget) => el.stats.playback?.underruns ?? 0);
    const from = epochNow();
    // The page's own work: a busy loop of 300 ms at the start of every second. (Source text: tsx would wrap a
    // named inner function in a helper the page does not have.)
    await page.evaluate(`new Promise((resolve) => {
      let round = 0;
      const busy = () => {
        const until = performance.now() + ${BUSY_MS_PER_SECOND};
        while (performance.now() < until) {}
        if (++round < ${BUSY_SECONDS}) setTimeout(busy, ${1000 - BUSY_MS_PER_SECOND});
        else resolve();
      };
      busy();
    })`);
    await page.waitForTimeout(1000 - BUSY_MS_PER_SECOND); // the last second's idle part
    const to = epochNow();
    const stats = await widget.evaluate((el: Widget) => ({ transport: el.stats.transport, underruns: el.stats.playback?.underruns ?? 0 }));
    const errors = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.filter((t) => t === 'voice-agent-error').length);
    await widget.evaluate((el: Widget) => el.end());
    const frames = (proxy.frames[sockets] ?? []).filter((t) => t >= from && t <= to);
    return {
      transport: stats.transport,
      quietShare,
      gaps: frames.slice(1).map((t, i) => t - frames[i]!),
      underruns: stats.underruns - underrunsBefore,
      errors,
    };
  } finally {
    await page.close();
  }
}

export async function busyPageBench(browser: Browser, proxy: RecordingProxy, siteUrl: string): Promise<Table> {
  const rows: string[][] = [];
  for (const transport of ['worker', 'main-thread'] as const) {
    const call = await busyCall(browser, proxy, siteUrl, transport);
    rows.push([
      `${call.transport ?? transport}: frame interval at the server, p50 / p99 / max (${call.gaps.length + 1} frames)`,
      `${ms(percentile(call.gaps, 0.5))} / ${ms(percentile(call.gaps, 0.99))} / ${ms(Math.max(...call.gaps))}`,
      transport === 'worker' ? '20 ms / ≤ 60 ms' : '(today’s fallback)',
    ]);
    rows.push([
      `${call.transport ?? transport}: main thread while the agent talks, quiet page (${QUIET_MS / 1000} s before the busy part)`,
      `${(call.quietShare * 100).toFixed(1)} %`,
      transport === 'worker' ? '≤ 5 %' : '',
    ]);
    rows.push([`${call.transport ?? transport}: agent voice underruns, errors`, `${call.underruns}, ${call.errors}`, transport === 'worker' ? '0, 0' : '']);
  }
  return {
    title: `Browser: a busy page (its main thread held ${BUSY_MS_PER_SECOND} ms of every second for ${BUSY_SECONDS} s while the agent talks)`,
    header: ['measure', 'measured', 'goal'],
    rows,
    notes: [
      'The monologue agent speaks at real time (20 s here), 200 ms ahead of playback, in a stream of short chunks; frames are timed at the recording proxy in ' +
        'front of the service. The main-thread row is the path a page gets when it allows no worker (here: no `Worker`).',
    ],
  };
}

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
