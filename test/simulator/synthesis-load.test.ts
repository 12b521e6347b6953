// Speech synthesis is shared by every call: one caller must not be able to queue work for the others,
// and the phrase cache must stay bounded.
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_RATE, type Synthesiser } from '../../demo/server/synthesiser.ts';
import { sleep } from '../sleep.ts';
import { CallClient, closeAll, isTranscript, isType, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

/** Speaks 50 ms of silence per phrase after a short delay, counting what it was asked for. */
class CountingSynthesiser implements Synthesiser {
  readonly asked: string[] = [];
  async speak(text: string): Promise<Int16Array> {
    this.asked.push(text);
    await sleep(30);
    return new Int16Array(1200);
  }
}

describe('synthesis under a flood of typed messages', () => {
  it('synthesises only the newest pending answer of a call', async () => {
    const synthesiser = new CountingSynthesiser();
    const sim = await startTestSimulator({ synthesiser });
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await call.next(isType('ready'));
    await call.next(isTranscript('agent', true)); // the greeting
    const before = synthesiser.asked.length;

    for (let i = 0; i < 50; i++) call.send({ type: 'text', text: `message number ${i}` });
    const answer = await call.next((m) => isTranscript('agent', true)(m) && String(m.text).includes('message number 49'));
    expect(answer.text).toContain('message number 49');
    const spoken = synthesiser.asked.slice(before);
    expect(spoken.length).toBeLessThanOrEqual(3); // the one in progress when the flood began, at most one more, the newest
    expect(spoken.at(-1)).toContain('message number 49');
  });
});

describe('phrase cache', () => {
  it('stays within its byte budget, dropping the least recently used phrases', async () => {
    const { ESpeakSynthesiser } = await import('../../demo/server/synthesiser.ts');
    const synth = new ESpeakSynthesiser(() => {}, { cacheBytes: 100_000 });
    const first = await synth.speak('one two three four five', 'en');
    await synth.speak('six seven eight nine ten', 'en');
    await synth.speak('eleven twelve thirteen fourteen', 'en');
    expect(first.byteLength).toBeGreaterThan(30_000);
    expect(synth.cachedBytes).toBeGreaterThan(0);
    expect(synth.cachedBytes).toBeLessThanOrEqual(100_000);
    // The first phrase was evicted: asking again synthesises a new copy.
    expect(await synth.speak('one two three four five', 'en')).not.toBe(first);
  });
});

describe("the simulator's thread while espeak-ng speaks", () => {
  it('keeps running: a long phrase stalls it for under 100 ms (on it, espeak-ng held it 140–540 ms)', async () => {
    const { ESpeakSynthesiser } = await import('../../demo/server/synthesiser.ts');
    const synth = new ESpeakSynthesiser();
    await synth.speak('ready', 'en'); // the thread started
    let longest = 0;
    let last = performance.now();
    const ticks = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const pcm = await synth.speak('The quick brown fox jumps over the lazy dog near the river bank. '.repeat(6), 'en');
    clearInterval(ticks);
    expect(pcm.length).toBeGreaterThan(AGENT_RATE * 10); // a long phrase was spoken, not silence for a failure
    expect(longest).toBeLessThan(100);
  });
});
