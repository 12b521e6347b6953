// A hundred calls in a row on one page leave nothing behind: no worker, no microphone track, no audio context,
// no socket (the service saw each call end). The built bundle and the standalone simulator, in the worker path.
import { expect, test } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../demo/server/index.ts';
import { startDistSite, type DistSite } from './dist-site.ts';
import { eventsOf, microphoneTracks, recordEvents, type Widget } from './widget-page.ts';

const CYCLES = 100;

let service: RunningSimulator;
let site: DistSite;

test.beforeAll(async () => {
  // No set-up pause: the test is about what each call leaves, not the service's timing.
  service = await startSimulator({ port: 0, host: '127.0.0.1', limits: { ticketsPerWindow: 1000 }, timings: { setupDelayMs: 0 } });
  site = await startDistSite({
    page: `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/voice-agent.js"></script></head>
<body><voice-agent public-id="demo-en" layout="inline" server-url="${service.url}"></voice-agent></body></html>`,
  });
});

test.afterAll(async () => {
  await site?.close();
  await service?.close();
});

/** Keeps the audio contexts the page creates, and counts the workers it starts and terminates. */
function countAudioContextsAndWorkers(): void {
  const workers = { started: 0, terminated: 0 };
  (window as unknown as { __workers: typeof workers }).__workers = workers;
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      workers.started++;
    }
    override terminate(): void {
      workers.terminated++;
      super.terminate();
    }
  };
  const Native = window.AudioContext;
  const contexts: AudioContext[] = [];
  (window as unknown as { __contexts: AudioContext[] }).__contexts = contexts;
  window.AudioContext = class extends Native {
    constructor(options?: AudioContextOptions) {
      super(options);
      contexts.push(this);
    }
  };
}

/** One call, live then hung up, waited for in the page: state events, not the attribute polled from outside. */
async function startAndEnd(el: Widget): Promise<{ live: number; ended: number }> {
  const reached = (state: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ${state} within 20 s (state: ${el.state})`)), 20_000);
      const check = () => {
        if (el.state !== state) return;
        clearTimeout(timer);
        el.removeEventListener('voice-agent-state', check);
        resolve();
      };
      el.addEventListener('voice-agent-state', check);
      check();
    });
  const startedAt = performance.now();
  const live = reached('live');
  await el.start();
  await live;
  const liveAt = performance.now();
  const ended = reached('ended');
  await el.end();
  await ended;
  return { live: liveAt - startedAt, ended: performance.now() - liveAt };
}

test(`${CYCLES} calls started and ended leave no worker, track, context or socket behind`, async ({ page }) => {
  test.setTimeout(240_000);
  await recordEvents(page);
  await page.addInitScript(countAudioContextsAndWorkers);
  await page.goto(site.url);
  const widget = page.locator('voice-agent');
  let workersSeen = 0;
  page.on('worker', () => workersSeen++);
  const times = { live: 0, ended: 0 };
  for (let i = 0; i < CYCLES; i++) {
    const { live, ended } = await widget.evaluate(startAndEnd);
    times.live += live / CYCLES;
    times.ended += ended / CYCLES;
  }
  console.log(`${CYCLES} calls: ${times.live.toFixed(0)} ms from start() to live, ${times.ended.toFixed(0)} ms from end() to ended, on average`);
  expect(await widget.evaluate((el: Widget) => el.stats.transport)).toBe('worker');
  expect(await eventsOf(page, 'error')).toEqual([]);
  // Each call had a worker of its own, and none is left.
  expect(workersSeen).toBeGreaterThanOrEqual(CYCLES);
  expect(await page.evaluate(() => (window as unknown as { __workers: unknown }).__workers)).toEqual({ started: CYCLES, terminated: CYCLES });
  await expect.poll(() => page.workers().length).toBe(0);
  expect(await microphoneTracks(page)).toEqual({ opened: CYCLES, live: 0 });
  const contexts = await page.evaluate(() =>
    (window as unknown as { __contexts: AudioContext[] }).__contexts.map((context) => context.state),
  );
  expect(contexts).toHaveLength(CYCLES);
  expect(contexts.filter((state) => state !== 'closed')).toEqual([]);
  // The service saw every one of these calls end, the caller hanging up: no socket was left open.
  const ids = new Set((await eventsOf(page, 'ready')).map((ready) => ready.conversationId));
  expect(ids.size).toBe(CYCLES);
  await expect
    .poll(() => service.simulator.calls().filter((call) => ids.has(call.conversationId) && call.reason === 'caller_hangup').length)
    .toBe(CYCLES);
});
