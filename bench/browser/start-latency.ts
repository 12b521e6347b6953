// How long a visitor waits from the call button to `ready`, with the call in its worker and on the main thread
// (the path of a page that allows no worker), in turns on fresh pages of the same browser: whether the worker
// costs the start anything. Run after the bench's measured call, so no page here pays for the browser's first
// microphone (Chromium's first getUserMedia of a process is a few hundred milliseconds slower).
import type { Browser } from 'playwright';
import { percentile } from '../measure.ts';
import type { Table } from '../report.ts';
import { pageOnTransport, type Transport } from './transport-page.ts';

interface Start {
  transport: string | null;
  /** Call button pressed → `ready`, and → the microphone's stream in the page. */
  readyMs: number;
  microphoneMs: number;
}

interface StartWindow {
  __start: { pressedAt?: number; microphoneAt?: number; readyAt?: number };
}

async function timedStart(browser: Browser, siteUrl: string, transport: Transport): Promise<Start> {
  const page = await pageOnTransport(browser, transport);
  try {
    await page.addInitScript(() => {
      const times: StartWindow['__start'] = {};
      (window as unknown as StartWindow).__start = times;
      // The press itself (Playwright's click first waits for the button to be ready).
      addEventListener('pointerdown', () => (times.pressedAt ??= performance.now()), true);
      document.addEventListener('voice-agent-ready', () => (times.readyAt ??= performance.now()));
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        times.microphoneAt ??= performance.now();
        return stream;
      };
    });
    await page.goto(siteUrl, { waitUntil: 'load' });
    const widget = page.locator('voice-agent');
    await widget.locator('[part="launcher"]').click();
    // The button shows once the call's code is in and, on the worker path, its worker has answered.
    await widget.locator('[part="call-button"]').click();
    const times = await page.waitForFunction(
      () => {
        const t = (window as unknown as StartWindow).__start;
        return t.readyAt !== undefined && t;
      },
      null,
      { timeout: 30_000, polling: 50 },
    );
    const { pressedAt, microphoneAt, readyAt } = (await times.jsonValue()) as Required<StartWindow['__start']>;
    const used = await widget.evaluate((el: HTMLElement & { stats: { transport: string | null } }) => el.stats.transport);
    await widget.evaluate((el: HTMLElement & { end(): Promise<void> }) => el.end());
    return { transport: used, readyMs: readyAt - pressedAt, microphoneMs: microphoneAt - pressedAt };
  } finally {
    await page.close();
  }
}

/** `rounds` starts on each path, the order swapped every round. */
export async function startLatencyBench(browser: Browser, siteUrl: string, rounds = 4): Promise<Table> {
  const starts: Record<Transport, Start[]> = { worker: [], 'main-thread': [] };
  for (let round = 0; round < rounds; round++) {
    const order: Transport[] = round % 2 ? ['main-thread', 'worker'] : ['worker', 'main-thread'];
    for (const transport of order) starts[transport].push(await timedStart(browser, siteUrl, transport));
  }
  const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(0)} ms`;
  const row = (transport: Transport) => {
    const runs = starts[transport];
    const ready = runs.map((s) => s.readyMs);
    const used = [...new Set(runs.map((s) => s.transport ?? 'none'))].join(', ');
    return [
      `${transport} (stats.transport: ${used})`,
      `${ms(ready, 0.5)} (${Math.min(...ready).toFixed(0)}–${Math.max(...ready).toFixed(0)})`,
      ms(runs.map((s) => s.microphoneMs), 0.5),
    ];
  };
  return {
    title: `Browser: call button → \`ready\`, the call in its worker or on the main thread (${rounds} fresh pages each, in turns)`,
    header: ['path', 'median (range)', 'microphone open, median'],
    rows: [row('worker'), row('main-thread')],
    notes: [
      'Each start on a fresh page of the same browser, the call button pressed as soon as it shows; the ' +
        'simulator waits 1 s before its `ready` (its set-up time), so about 1 s of every figure is the service\'s.',
    ],
  };
}
