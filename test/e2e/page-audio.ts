// Watches a page's audio from outside the widget, through web APIs only: every AudioContext the page
// creates (window.__audioContexts, newest last). Install before the widget starts a call: before the page
// loads (Playwright's init script) or right after (the WebKit lane). What the microphone sent is read where it
// arrives, at the simulator (its socket may be the call's worker's, out of the page's reach).
import type { Page } from '@playwright/test';
import { eventsOf, type Evaluator, type Widget } from './widget-page.ts';

export interface SeenContext {
  sampleRate: number;
  state: string;
}

type Watched = { __audioContexts: AudioContext[] };

/** Runs in the page (self-contained). */
export function installAudioRecorder(): void {
  const watched = window as unknown as Watched;
  const contexts: AudioContext[] = (watched.__audioContexts = []);
  window.AudioContext = new Proxy(window.AudioContext, {
    construct(target, args, newTarget) {
      const context = Reflect.construct(target, args, newTarget) as AudioContext;
      contexts.push(context);
      return context;
    },
  });
}

export async function recordPageAudio(page: Page): Promise<void> {
  await page.addInitScript(installAudioRecorder);
}

export function audioContexts(page: Evaluator): Promise<SeenContext[]> {
  return page.evaluate(() =>
    (window as unknown as Watched).__audioContexts.map((c) => ({ sampleRate: c.sampleRate, state: c.state })),
  );
}

/** The caller audio the simulator received last in the page's latest call (its latest 500 messages, each as
 *  its 16-bit samples); the page records the widget's events (recordEvents). */
export async function sentFrames(page: Evaluator): Promise<number[][]> {
  const id = (await eventsOf(page, 'ready')).at(-1)?.conversationId;
  if (typeof id !== 'string') return [];
  return page.evaluate(
    async (conversation) => (await fetch(`/__simulator/uplink/${encodeURIComponent(conversation)}/frames`)).json() as Promise<number[][]>,
    id,
  );
}

export interface AudioClocks {
  frames: number;
  dropped: number;
  played: number;
  audio: number;
  wall: number;
}

/** Frames sent (and dropped behind a slow socket) and agent samples played so far, the newest context's audio
 *  clock and the wall clock, read together. A call in its worker posts its counters about 15 times a second:
 *  they are read as the next ones arrive, so that they are as old as the clock they are set against.
 *  `readings`: how many arrivals in a row to read, keeping the one whose frames are furthest ahead of the clock.
 *  A worker the machine held up for a moment posts counters that lag the clock until it has caught up with the
 *  frames queued meanwhile (0.12 s once, beside two browsers on 2 cores): the freshest of a few is one no backlog
 *  held back. */
export function audioClocks(page: Evaluator, readings = 1): Promise<AudioClocks> {
  return page.evaluate(async (count) => {
    const el = document.querySelector('voice-agent') as Widget;
    const lead = (clocks: AudioClocks) => clocks.frames / 50 - clocks.audio; // 50 frames of 20 ms a second
    let freshest: AudioClocks | null = null;
    for (let i = 0; i < count; i++) {
      const last = el.stats.framesSent;
      const deadline = performance.now() + 1000;
      while (el.stats.framesSent === last && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
      const audio = (window as unknown as Watched).__audioContexts.at(-1)?.currentTime ?? NaN;
      const reading = { frames: el.stats.framesSent, dropped: el.stats.framesDropped, played: el.stats.playback?.playedSamples ?? 0, audio, wall: performance.now() / 1000 };
      if (!freshest || lead(reading) > lead(freshest)) freshest = reading;
    }
    return freshest!;
  }, readings);
}
