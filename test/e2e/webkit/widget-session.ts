// The widget seen from a WebDriver session: the same recorders and readers as the Chromium e2e suite
// (../widget-page.ts, ../page-audio.ts), installed right after navigation since WebDriver has no init scripts.
import { expect } from '@playwright/test';
import { installAudioRecorder } from '../page-audio.ts';
import { installEventRecorder } from '../widget-page.ts';
import type { WebKitSession } from './webdriver.ts';

/** Opens `url`, waits for the widget to be idle, then starts recording its events and the page's audio. */
export async function openWidget(webkit: WebKitSession, url: string): Promise<void> {
  await webkit.goto(url);
  await expect.poll(() => widgetState(webkit)).toBe('idle');
  await webkit.evaluate(installEventRecorder);
  await webkit.evaluate(installAudioRecorder);
}

export function widgetState(webkit: WebKitSession): Promise<string | null> {
  return webkit.evaluate(() => document.querySelector('voice-agent')?.getAttribute('state') ?? null);
}

/** The widget's `stats`, as a page script reads it, and whether it is a plain object that survives
 *  `structuredClone` and JSON unchanged (what a page's own telemetry would do with it). */
export function widgetStats(webkit: WebKitSession) {
  return webkit.evaluate(() => {
    const stats = (document.querySelector('voice-agent') as unknown as { stats: Record<string, unknown> }).stats;
    const json = JSON.stringify(stats);
    const plain = (value: unknown) => value === null || Object.getPrototypeOf(value) === Object.prototype;
    return {
      framesSent: stats.framesSent as number,
      droppedMessages: stats.droppedMessages as number,
      playedSamples: ((stats.playback as { playedSamples?: number } | null)?.playedSamples ?? 0) as number,
      drained: (stats.playback as { drained?: boolean } | null)?.drained ?? null,
      plain: plain(stats) && plain(stats.playback),
      cloneable: JSON.stringify(structuredClone(stats)) === json && JSON.stringify(JSON.parse(json)) === json,
    };
  });
}

/** Sets the widget's `muted` property (a script, not a gesture). */
export function setMuted(webkit: WebKitSession, muted: boolean): Promise<void> {
  return webkit.evaluate((m: boolean) => void ((document.querySelector('voice-agent') as unknown as { muted: boolean }).muted = m), muted);
}

/** Calls the widget's `start()` from a script: no user gesture. */
export function startByScript(webkit: WebKitSession): Promise<void> {
  return webkit.evaluate(() => void (document.querySelector('voice-agent') as unknown as { start(): void }).start());
}

/** Milliseconds from `connecting` to `live`, from the recorded state events. */
export async function timeToLive(webkit: WebKitSession): Promise<number> {
  const states = await webkit.evaluate(() =>
    (window as unknown as { __events: { type: string; detail: { state?: string }; at: number }[] }).__events.filter((e) => e.type === 'state'),
  );
  const at = (state: string) => states.find((e) => e.detail.state === state)?.at ?? NaN;
  return at('live') - at('connecting');
}
