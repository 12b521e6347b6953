// Helpers to watch the widget through its public contract only: from Playwright (a `Page`), or from the
// WebKit lane's WebDriver session (webkit/webdriver.ts), which has no init scripts and runs the recorders
// itself right after navigating (the widget opens the microphone and socket only once a call starts).
import type { Page } from '@playwright/test';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';

/** The <voice-agent> element, for typing `locator.evaluate((el: Widget) => …)` (a type only: the specs
 *  reach the element in the page, never this module's code). */
export type Widget = VoiceAgentElement;

/** What the readers below need of a page: running a function in it (Playwright's Page, WebKitSession). */
export interface Evaluator {
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface SeenEvent {
  type: string;
  detail: Record<string, unknown>;
  /** performance.now() when it was seen. */
  at: number;
}

/** Records every voice-agent-* event on the page into window.__events, and every microphone stream
 *  the page opens into window.__streams. Runs in the page (self-contained). */
export function installEventRecorder(): void {
  const streams: MediaStream[] = [];
  (window as unknown as { __streams: MediaStream[] }).__streams = streams;
  // On the prototype: WebKit may drop an unreferenced `navigator.mediaDevices` wrapper, and an own property with it.
  const devices = (window as { MediaDevices?: typeof MediaDevices }).MediaDevices?.prototype; // absent on about:blank in Firefox
  if (devices) {
    const getUserMedia = devices.getUserMedia;
    devices.getUserMedia = async function (this: MediaDevices, constraints) {
      const stream = await getUserMedia.call(this, constraints);
      streams.push(stream);
      return stream;
    };
  }
  const events: { type: string; detail: unknown; at: number }[] = [];
  (window as unknown as { __events: unknown[] }).__events = events;
  for (const name of ['state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error', 'microphone']) {
    document.addEventListener(`voice-agent-${name}`, (event) =>
      events.push({ type: name, detail: (event as CustomEvent).detail, at: performance.now() }),
    );
  }
}

export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(installEventRecorder);
}

export function events(page: Evaluator): Promise<SeenEvent[]> {
  return page.evaluate(() => (window as unknown as { __events: SeenEvent[] }).__events);
}

export async function eventsOf(page: Evaluator, type: string): Promise<Record<string, unknown>[]> {
  return (await events(page)).filter((e) => e.type === type).map((e) => e.detail);
}

/** How many microphone streams were opened, and how many of their tracks are still live. */
export function microphoneTracks(page: Evaluator): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const streams = (window as unknown as { __streams: MediaStream[] }).__streams;
    const tracks = streams.flatMap((s) => s.getTracks());
    return { opened: streams.length, live: tracks.filter((t) => t.readyState === 'live').length };
  });
}
