// Helpers to watch the widget from Playwright through its public contract only.
import type { Page } from '@playwright/test';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';

/** The <voice-agent> element, for typing `locator.evaluate((el: Widget) => …)` (a type only: the specs
 *  reach the element in the page, never this module's code). */
export type Widget = VoiceAgentElement;

export interface SeenEvent {
  type: string;
  detail: Record<string, unknown>;
}

/** Records every voice-agent-* event on the page into window.__events, and every microphone stream
 *  the page opens into window.__streams. */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __streams: MediaStream[] }).__streams = streams;
    const devices = navigator.mediaDevices as MediaDevices | undefined; // absent on about:blank in Firefox
    if (devices) {
      const getUserMedia = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        streams.push(stream);
        return stream;
      };
    }
    const events: { type: string; detail: unknown }[] = [];
    (window as unknown as { __events: unknown[] }).__events = events;
    for (const name of ['state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error']) {
      document.addEventListener(`voice-agent-${name}`, (event) =>
        events.push({ type: name, detail: (event as CustomEvent).detail }),
      );
    }
  });
}

export function events(page: Page): Promise<SeenEvent[]> {
  return page.evaluate(() => (window as unknown as { __events: SeenEvent[] }).__events);
}

export async function eventsOf(page: Page, type: string): Promise<Record<string, unknown>[]> {
  return (await events(page)).filter((e) => e.type === type).map((e) => e.detail);
}

/** How many microphone streams were opened, and how many of their tracks are still live. */
export function microphoneTracks(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const streams = (window as unknown as { __streams: MediaStream[] }).__streams;
    const tracks = streams.flatMap((s) => s.getTracks());
    return { opened: streams.length, live: tracks.filter((t) => t.readyState === 'live').length };
  });
}
