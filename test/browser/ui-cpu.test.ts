// What a talking call makes the page's main thread do, in headless Chromium: the real element with its real
// audio engine (fake microphone, AudioWorklets), the agent's voice arriving as 24 kHz chunks at real time with
// its words as partial transcripts, the floating panel open. The element renders when what it shows changes
// (a transcript message, the call's clock), never per audio chunk or level; the meters are painted between
// renders, at most 30 times a second, and not at all while hidden. What that costs in CPU is the bench's to
// measure (`npm run bench`: the built widget against the simulator, on each path): here, with the service faked
// on the same thread and Lit in dev mode, the share of a core swung from 7 to 11% with the machine's load.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';
import { sleep } from '../sleep.ts';
import { AMINA, cleanUp, endCall, resetFakes, socket, sockets } from './ui-harness.ts';

const MEASURE_MS = 3000;
/** The call's clock (elapsed and remaining time) is read in render, once a second as it turns (TickerController). */
const CLOCK_RENDERS_PER_SECOND = 1;

beforeEach(async () => {
  resetFakes();
  await page.viewport(1024, 768);
});
afterEach(cleanUp);

/** Counts the element's renders (the host's update(), which requestUpdate() runs once per microtask). */
function countRenders(el: VoiceAgentElement): { readonly count: number } {
  const counter = { count: 0 };
  const host = el as unknown as { update(): void };
  const update = host.update.bind(el);
  host.update = () => {
    counter.count++;
    update();
  };
  return counter;
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

/** How many times the meters were repainted in the next second (each paint sets one meter's `--level`). */
async function paintsInASecond(el: VoiceAgentElement): Promise<number> {
  let count = 0;
  const observer = new MutationObserver((records) => (count += records.length));
  observer.observe(el.shadowRoot!, { subtree: true, attributes: true, attributeFilter: ['style'] });
  await sleep(1000);
  observer.disconnect();
  return count;
}

/** Resolves once the browser has told IntersectionObservers whether `target` is on screen, as `onScreen`. The
 *  widget's own observer is told in the same task (one update of all the document's observers per frame). */
function untilSeen(target: Element, onScreen: boolean): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (entries.at(-1)!.isIntersecting !== onScreen) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(target);
  });
}

it('a talking call renders only when what it shows changes, and paints the meters at most 30 times a second', async () => {
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
  let transcripts = 0;
  const talk = setInterval(() => {
    socket().receive(voiceChunk(chunk));
    if (chunk % 3 === 0) {
      const shown = (chunk / 3) % (words.length + 1);
      socket().receive({ type: 'transcript', role: 'agent', text: words.slice(0, shown + 1).join(' '), final: shown === words.length });
      transcripts++;
    }
    chunk++;
  }, 100);
  try {
    await sleep(1000); // the voice is playing and the meters moving
    expect(el.stats.playback?.playedSamples ?? 0).toBeGreaterThan(0);
    const renders = countRenders(el);
    const chunksBefore = chunk;
    const transcriptsBefore = transcripts;
    await sleep(MEASURE_MS);
    const chunks = chunk - chunksBefore;
    const messages = transcripts - transcriptsBefore;
    console.log(`in ${MEASURE_MS} ms of a talking call: ${renders.count} renders for ${messages} transcript messages and ${chunks} voice chunks`);
    expect(messages).toBeGreaterThanOrEqual(8);
    // One render per transcript message at most, the clock's, and two for what the voice may change (speaking /
    // listening): never one per chunk (10 a second) or per level (15 a second).
    const clock = (MEASURE_MS / 1000) * CLOCK_RENDERS_PER_SECOND + 1;
    expect(renders.count).toBeGreaterThanOrEqual(messages);
    expect(renders.count).toBeLessThanOrEqual(messages + clock + 2);

    // The meters: one element each, repainted at most 30 times a second, and not at all while hidden.
    const meter = el.shadowRoot!.querySelector('[part="output-level"]')!;
    const shown = await paintsInASecond(el);
    expect(shown).toBeGreaterThan(3);
    expect(shown).toBeLessThanOrEqual(2 * 30); // two meters
    expect(meter.isConnected).toBe(true);
    el.hide();
    await el.updateComplete;
    expect(await paintsInASecond(el)).toBe(0);
  } finally {
    clearInterval(talk);
    await endCall(el);
  }
});

it('an inline panel the visitor scrolled out of view, or the page hides, paints its meters only when it renders', async () => {
  const el = document.createElement('voice-agent') as VoiceAgentElement;
  el.setAttribute('public-id', 'shop-42');
  el.setAttribute('server-url', 'https://service.test/');
  el.setAttribute('layout', 'inline');
  const below = document.createElement('div');
  below.style.height = '3000px';
  document.body.append(el, below);
  const started = el.start();
  await vi.waitFor(() => expect(sockets).toHaveLength(1), { timeout: 10_000 });
  socket().open();
  socket().receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: AMINA });
  await started;
  let chunk = 0;
  const talk = setInterval(() => socket().receive(voiceChunk(chunk++)), 100);
  try {
    await sleep(500); // the voice is playing
    expect(await paintsInASecond(el)).toBeGreaterThan(3);

    // Out of sight, the meters are painted only by the renders that happen anyway (the clock's, once a second:
    // the level as of that render; one or two more if the voice stops or starts), not as levels arrive (up to
    // 15 times a second).
    const paintsOutOfSight = async () => {
      const renders = countRenders(el);
      const since = performance.now();
      const paints = await paintsInASecond(el);
      const clock = Math.floor((performance.now() - since) / 1000) * CLOCK_RENDERS_PER_SECOND + 1; // a busy machine stretches the second
      expect(renders.count).toBeLessThanOrEqual(clock + 2);
      expect(paints).toBeLessThanOrEqual(2 * renders.count); // two meters
    };
    window.scrollTo(0, 2500); // reading on, below the widget
    await untilSeen(el, false);
    expect(el.getBoundingClientRect().bottom).toBeLessThan(0);
    await paintsOutOfSight();

    window.scrollTo(0, 0);
    await untilSeen(el, true);
    expect(await paintsInASecond(el)).toBeGreaterThan(3);

    el.style.display = 'none'; // the page hides it
    await untilSeen(el, false);
    await paintsOutOfSight();
    el.style.display = '';
    await untilSeen(el, true);
    expect(await paintsInASecond(el)).toBeGreaterThan(3);
  } finally {
    clearInterval(talk);
    below.remove();
    await endCall(el);
  }
});
