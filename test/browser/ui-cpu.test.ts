// What a talking call costs the page's main thread, in headless Chromium: the real element with its real audio
// engine (fake microphone, AudioWorklets), the agent's voice arriving as 24 kHz chunks at real time with its
// words as partial transcripts, the floating panel open. CDP Performance.getMetrics gives the renderer main
// thread's ThreadTime (CPU) and TaskDuration (busy wall time); divided by the wall time, the share of one core.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { cdp, page } from 'vitest/browser';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { sleep } from '../sleep.ts';
import { AMINA, cleanUp, endCall, resetFakes, socket, sockets } from './ui-harness.ts';

/** At most 10% of a core, so that the page the widget is embedded in stays smooth during a call. */
const MAX_SHARE = 0.1;
const MEASURE_MS = 3000;
const WINDOWS = 3;

beforeEach(async () => {
  resetFakes();
  await page.viewport(1024, 768);
});
afterEach(cleanUp);

async function metrics(): Promise<Record<string, number>> {
  const { metrics: list } = await cdp().send('Performance.getMetrics');
  return Object.fromEntries((list as { name: string; value: number }[]).map((metric) => [metric.name, metric.value]));
}

/** 100 ms of a voice-like signal at 24 kHz: a 180 Hz tone whose loudness rises and falls like syllables. */
function voiceChunk(index: number): ArrayBuffer {
  const pcm = new Int16Array(2400);
  for (let i = 0; i < pcm.length; i++) {
    const t = (index * pcm.length + i) / 24_000;
    const envelope = 0.25 + 0.2 * Math.sin(2 * Math.PI * 3 * t);
    pcm[i] = Math.round(32767 * envelope * Math.sin(2 * Math.PI * 180 * t));
  }
  return pcm.buffer;
}

it(`a talking call keeps the main thread at or below ${MAX_SHARE * 100}% of a core`, async () => {
  const el = document.createElement('voice-agent') as VoiceAgentElement;
  el.setAttribute('public-id', 'shop-42');
  el.setAttribute('server-url', 'https://service.test/');
  el.setAttribute('lang', 'ar');
  document.body.append(el);
  el.show();
  const started = el.start();
  await vi.waitFor(() => expect(sockets).toHaveLength(1), { timeout: 10_000 });
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: AMINA });
  await started;
  expect(el.state).toBe('live');

  const words = 'أهلا بك في مطعمنا، يسعدني أن أساعدك في حجز طاولة لهذا المساء'.split(' ');
  let chunk = 0;
  const talk = setInterval(() => {
    socket().receive(voiceChunk(chunk));
    if (chunk % 3 === 0) {
      const shown = (chunk / 3) % (words.length + 1);
      socket().receive({ type: 'transcript', role: 'agent', text: words.slice(0, shown + 1).join(' '), final: shown === words.length });
    }
    chunk++;
  }, 100);
  try {
    await cdp().send('Performance.enable', { timeDomain: 'timeTicks' });
    await sleep(1000); // the voice is playing and the meters moving
    expect(el.stats.playback?.playedSamples ?? 0).toBeGreaterThan(0);
    // TaskDuration is wall time inside the main thread's tasks; ThreadTime is the CPU time that thread used. On
    // a quiet machine they agree; on a busy one a task waiting for a core still counts as TaskDuration (60–90%
    // were read here with the load average above 20, at 7–9% CPU). The bound holds the CPU time, the quietest of
    // a few windows; both figures are printed.
    const windows: { task: number; thread: number }[] = [];
    for (let i = 0; i < WINDOWS; i++) {
      const before = await metrics();
      const wallBefore = performance.now();
      await sleep(MEASURE_MS);
      const after = await metrics();
      const wall = (performance.now() - wallBefore) / 1000;
      windows.push({
        task: (after.TaskDuration! - before.TaskDuration!) / wall,
        thread: (after.ThreadTime! - before.ThreadTime!) / wall,
      });
      if (windows.at(-1)!.thread <= MAX_SHARE) break;
    }
    const share = Math.min(...windows.map((w) => w.thread));
    const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(`main thread during a talking call: ${percent(share)} of a core (windows: ${windows
      .map((w) => `CPU ${percent(w.thread)}, TaskDuration ${percent(w.task)}`)
      .join('; ')})`);
    expect(share).toBeLessThanOrEqual(MAX_SHARE);

    // The meters: one element each, repainted at most 30 times a second, and not at all while hidden.
    const meter = el.shadowRoot!.querySelector('[part="output-level"]')!;
    const paints = async () => {
      let count = 0;
      const observer = new MutationObserver((records) => (count += records.length));
      observer.observe(el.shadowRoot!, { subtree: true, attributes: true, attributeFilter: ['style'] });
      await sleep(1000);
      observer.disconnect();
      return count;
    };
    const shown = await paints();
    expect(shown).toBeGreaterThan(3);
    expect(shown).toBeLessThanOrEqual(2 * 30); // two meters
    expect(meter.isConnected).toBe(true);
    el.hide();
    await el.updateComplete;
    expect(await paints()).toBe(0);
  } finally {
    clearInterval(talk);
    await cdp().send('Performance.disable');
    await endCall(el);
  }
});
