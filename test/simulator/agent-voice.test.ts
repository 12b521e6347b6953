// The agent's speaking accounting, with a fake output: what the caller has had time to hear.
import { describe, expect, it } from 'vitest';
import { AgentVoice, composeUtterance, type SpeechOutcome } from '../../demo/server/agent-voice.ts';

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

/** Three "words" of loud audio, 0.2 s each, at 24 kHz. */
function threeWords() {
  const word = () => Int16Array.from({ length: 4800 }, (_, i) => Math.round(8000 * Math.cos(i / 3)));
  return composeUtterance([
    { pcm: word(), text: 'one' },
    { pcm: word(), text: 'two' },
    { pcm: word(), text: 'three' },
  ]);
}

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
    const outcome: SpeechOutcome = await voice.speak(threeWords());
    expect(outcome).toBe('played');
    const audio = events.filter((e) => e.kind === 'audio');
    expect(audio.reduce((n, e) => n + e.bytes!, 0)).toBe(14_400 * 2);
    expect(audio.every((e) => e.bytes === 120 * 24 * 2)).toBe(true); // 120 ms chunks with random() = 0.5, last one shorter
    const texts = events.filter((e) => e.kind === 'json').map((e) => [e.message!.text, e.message!.final]);
    expect(texts).toEqual([
      ['one', false],
      ['one two', false],
      ['one two three', false],
      ['one two three', true],
    ]);
    const final = events.at(-1)!;
    expect(final.at).toBeGreaterThanOrEqual(600); // 0.6 s of audio cannot have been heard sooner
    expect(audio.at(-1)!.at).toBeLessThan(final.at);
    expect(voice.speaking).toBe(false);
  });

  it('cut: stops sending and closes the transcript with the words heard so far', async () => {
    const { events, out } = recorder();
    const voice = new AgentVoice(out, { audioPace: 1, playbackSpeed: 1, minChunkMs: 40, maxChunkMs: 40, random: () => 0 });
    const spoken = voice.speak(threeWords());
    await new Promise((resolve) => setTimeout(resolve, 300)); // into the second word
    expect(voice.speaking).toBe(true);
    expect(voice.cut()).toBe(true);
    expect(await spoken).toBe('cut');
    const sentAtCut = events.filter((e) => e.kind === 'audio').length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(events.filter((e) => e.kind === 'audio').length).toBe(sentAtCut);
    expect(events.at(-1)!.message).toEqual({ type: 'transcript', role: 'agent', text: 'one two', final: true });
    expect(voice.cut()).toBe(false);
  });
});
