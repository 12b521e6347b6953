// Watches a page's audio from outside the widget, through web APIs only: every AudioContext the page
// creates (window.__audioContexts, newest last) and every binary WebSocket message it sends
// (window.__sentAudio: copies of the microphone frames). Install before the widget starts a call: before the
// page loads (Playwright's init script) or right after (the WebKit lane).
import type { Page } from '@playwright/test';
import type { Evaluator, Widget } from './widget-page.ts';

export interface SeenContext {
  sampleRate: number;
  state: string;
}

type Watched = { __audioContexts: AudioContext[]; __sentAudio: ArrayBuffer[] };

/** Runs in the page (self-contained). */
export function installAudioRecorder(): void {
  const watched = window as unknown as Watched;
  const contexts: AudioContext[] = (watched.__audioContexts = []);
  const sent: ArrayBuffer[] = (watched.__sentAudio = []);
  window.AudioContext = new Proxy(window.AudioContext, {
    construct(target, args, newTarget) {
      const context = Reflect.construct(target, args, newTarget) as AudioContext;
      contexts.push(context);
      return context;
    },
  });
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (data instanceof ArrayBuffer) sent.push(data.slice(0));
    else if (ArrayBuffer.isView(data)) sent.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice().buffer);
    return send.call(this, data);
  };
}

export async function recordPageAudio(page: Page): Promise<void> {
  await page.addInitScript(installAudioRecorder);
}

export function audioContexts(page: Evaluator): Promise<SeenContext[]> {
  return page.evaluate(() =>
    (window as unknown as Watched).__audioContexts.map((c) => ({ sampleRate: c.sampleRate, state: c.state })),
  );
}

/** The binary messages sent so far, each as its 16-bit samples. */
export function sentFrames(page: Evaluator): Promise<number[][]> {
  return page.evaluate(() => (window as unknown as Watched).__sentAudio.map((frame) => Array.from(new Int16Array(frame))));
}

export interface AudioClocks {
  frames: number;
  dropped: number;
  played: number;
  audio: number;
  wall: number;
}

/** Frames sent (and dropped behind a slow socket) and agent samples played so far, the newest context's audio
 *  clock and the wall clock, read together. */
export function audioClocks(page: Page): Promise<AudioClocks> {
  return page.locator('voice-agent').evaluate((el: Widget) => {
    const audio = (window as unknown as Watched).__audioContexts.at(-1)?.currentTime ?? NaN;
    return { frames: el.stats.framesSent, dropped: el.stats.framesDropped, played: el.stats.playback?.playedSamples ?? 0, audio, wall: performance.now() / 1000 };
  });
}
