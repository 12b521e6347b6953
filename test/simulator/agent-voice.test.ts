// The agent's speaking accounting, with a fake output: what the caller has had time to hear.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentVoice, composeUtterance, type SpeechOutcome } from '../../demo/server/agent-voice.ts';

// AgentVoice paces itself with setTimeout and performance.now(): on a fake clock its accounting is exact,
// however loaded the machine.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function recorder() {
  const events: { at: number; kind: 'audio' | 'json'; bytes?: number; message?: Record<string, unknown> }[] = [];
  const t0 = performance.now();
  return {
    events,
    out: {
      sendAudio: (bytes: Buffer) => events.push({ at: performance.now() - t0, kind: 'audio', bytes: bytes.length }),
      sendJson: (message: object) =>
        events.push({ at: performance.now() - t0, kind: 'json', message: message as Record<string, unknown> }),
    },
  };
}

/** "one two three": loud 24 kHz words of these lengths (samples). */
function words(lengths: [number, number, number]) {
  const word = (length: number) => Int16Array.from({ length }, (_, i) => Math.round(8000 * Math.cos(i / 3)));
  return composeUtterance(['one', 'two', 'three'].map((text, i) => ({ pcm: word(lengths[i]!), text })));
}

/** Three words of 0.2 s each. */
const threeWords = () => words([4800, 4800, 4800]);

describe('AgentVoice', () => {
  it('times words over their segments, the first at sample 0', () => {
    const u = threeWords();
    expect(u.pcm.length).toBe(14_400);
    expect(u.words.map((w) => w.text)).toEqual(['one', 'two', 'three']);
    expect(u.words.map((w) => w.atSample)).toEqual([0, 4800, 9600]);
  });

  it('at real-time playback, sends everything early but finishes the transcript only once it could be heard', async () => {
    const { events, out } = recorder();
    const voice = new AgentVoice(out, { audioPace: 3, playbackSpeed: 1, minChunkMs: 40, maxChunkMs: 200, random: () => 0.5 });
    const utterance = words([4800, 4800, 4000]); // 13,600 samples: 4 chunks of 120 ms and a shorter last one
    const spoken: Promise<SpeechOutcome> = voice.speak(utterance);
    await vi.runAllTimersAsync();
    expect(await spoken).toBe('played');

    const audio = events.filter((e) => e.kind === 'audio');
    expect(audio.map((e) => e.bytes)).toEqual([2880, 2880, 2880, 2880, 2080].map((samples) => samples * 2));
    expect(audio.map((e) => e.at)).toEqual([0, 40, 80, 120, 160]); // 120 ms of audio every 40 ms: 3× real time
    const texts = events.filter((e) => e.kind === 'json').map((e) => [e.message!.text, e.message!.final, e.at]);
    expect(texts.slice(0, 3)).toEqual([
      ['one', false, 0],
      ['one two', false, 200], // each word shows when the caller has had time to hear it start
      ['one two three', false, 400],
    ]);
    const final = events.at(-1)!;
    expect(final.message).toMatchObject({ text: 'one two three', final: true });
    const audioMs = 13_600 / 24;
    expect(final.at).toBeGreaterThanOrEqual(audioMs); // 567 ms of audio cannot have been heard sooner…
    expect(final.at).toBeLessThan(audioMs + 2); // …and the turn closes as soon as it has
    expect(voice.speaking).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cut: stops sending and closes the transcript with the words heard so far', async () => {
    const { events, out } = recorder();
    const voice = new AgentVoice(out, { audioPace: 1, playbackSpeed: 1, minChunkMs: 40, maxChunkMs: 40, random: () => 0 });
    const spoken = voice.speak(threeWords());
    await vi.advanceTimersByTimeAsync(300); // into the second word (200–400 ms)
    expect(voice.speaking).toBe(true);
    expect(voice.cut()).toBe(true);
    expect(await spoken).toBe('cut');
    const sent = () => events.filter((e) => e.kind === 'audio').length;
    expect(sent()).toBe(8); // at real-time pace: 40 ms chunks at 0, 40, … 280 ms
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent()).toBe(8);
    expect(vi.getTimerCount()).toBe(0);
    expect(events.at(-1)!.message).toEqual({ type: 'transcript', role: 'agent', text: 'one two', final: true });
    expect(voice.cut()).toBe(false);
  });
});
