// The realtime agent's timeline (realtime-stream.ts), on a clock the test moves: 20 ms chunks due at exactly
// k × 20 ms, a late timer catching up without drift, utterance boundaries, and pauses sent as silence or not
// at all.
import { describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES, RealtimeStream, type StreamEvent, type StreamPart } from '../../demo/server/realtime-stream.ts';

/** A voice part of `chunks` chunks whose samples count up from `base` (so every chunk can be recognised). */
const voice = (text: string, chunks: number, base = 1): StreamPart => {
  const pcm = new Int16Array(chunks * CHUNK_SAMPLES);
  for (let i = 0; i < pcm.length; i++) pcm[i] = base + (i % 1000);
  return { kind: 'voice', text, pcm };
};
const pause = (chunks: number): StreamPart => ({ kind: 'pause', chunks });

/** Events in a short form: `<` an utterance opening, `>` closing, `u0` a chunk of utterance 0, `-` a silent one. */
const shape = (events: StreamEvent[]) =>
  events.map((e) => {
    if (e.type === 'utterance-start') return `<${e.utterance}`;
    if (e.type === 'utterance-end') return `>${e.utterance}`;
    return e.utterance === null ? '-' : `u${e.utterance}`;
  });
const chunksOf = (events: StreamEvent[]) => events.flatMap((e) => (e.type === 'chunk' ? [e] : []));

describe('RealtimeStream', () => {
  it('sends chunk k of 480 samples when k × 20 ms have passed, never before', () => {
    const stream = new RealtimeStream([voice('hello', 10)], 'silence');
    expect(shape(stream.take(0))).toEqual(['<0', 'u0']);
    expect(stream.nextDueMs).toBe(20);
    expect(stream.take(19.9)).toEqual([]);
    const second = chunksOf(stream.take(20));
    expect(second).toHaveLength(1);
    expect(second[0]!.pcm).toHaveLength(CHUNK_SAMPLES);
    expect(second[0]!.samples).toBe(CHUNK_SAMPLES);
    expect(second[0]!.pcm[0]).toBe(1 + (CHUNK_SAMPLES % 1000)); // the second 480 samples of the voice
  });

  it('catches up at once after a late timer, and keeps to the timeline after it (no drift)', () => {
    const stream = new RealtimeStream([voice('hello', 100)], 'silence');
    stream.take(0);
    const late = chunksOf(stream.take(113)); // a timer 100 ms late: chunks 1..5 are owed
    expect(late.map((c) => c.samples / CHUNK_SAMPLES)).toEqual([1, 2, 3, 4, 5]);
    expect(stream.nextDueMs).toBe(120);
    for (let ms = 120; ms < 2000; ms += 20) expect(chunksOf(stream.take(ms + 0.5))).toHaveLength(1);
    expect(stream.done).toBe(true);
    expect(stream.nextDueMs).toBe(Infinity);
  });

  it('opens each utterance before its first chunk and closes it after its last; pauses go as silence', () => {
    const stream = new RealtimeStream([voice('one', 3), pause(2), voice('two', 2, 7)], 'silence');
    const events = stream.take(10_000);
    expect(shape(events)).toEqual(['<0', 'u0', 'u0', 'u0', '>0', '-', '-', '<1', 'u1', 'u1', '>1']);
    expect(chunksOf(events).map((c) => c.samples)).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => k * CHUNK_SAMPLES));
    for (const silent of chunksOf(events).filter((c) => c.utterance === null)) expect(silent.pcm.every((s) => s === 0)).toBe(true);
    expect(events.filter((e) => e.type !== 'chunk')).toEqual([
      { type: 'utterance-start', utterance: 0, text: 'one' },
      { type: 'utterance-end', utterance: 0, text: 'one' },
      { type: 'utterance-start', utterance: 1, text: 'two' },
      { type: 'utterance-end', utterance: 1, text: 'two' },
    ]);
  });

  it('sends nothing during a pause with pauses "nothing", and the next utterance comes at its time', () => {
    const stream = new RealtimeStream([voice('one', 3), pause(5), voice('two', 2)], 'nothing');
    expect(shape(stream.take(40))).toEqual(['<0', 'u0', 'u0', 'u0', '>0']);
    expect(stream.nextDueMs).toBe(160); // after 3 chunks of voice and 5 of pause
    expect(stream.take(159)).toEqual([]);
    const next = stream.take(160);
    expect(shape(next)).toEqual(['<1', 'u1']);
    expect(chunksOf(next)[0]!.samples).toBe(3 * CHUNK_SAMPLES); // samples sent: the pause sent none
  });

  it('skips a leading pause with pauses "nothing"', () => {
    const stream = new RealtimeStream([pause(2), voice('one', 1)], 'nothing');
    expect(stream.nextDueMs).toBe(40);
    expect(stream.take(39)).toEqual([]);
    expect(shape(stream.take(40))).toEqual(['<0', 'u0', '>0']);
  });

  it('says where each utterance is on the timeline, and how long the whole is', () => {
    const stream = new RealtimeStream([voice('one', 700), pause(25), voice('two', 75)], 'silence');
    expect(stream.voiceSpans).toEqual([
      { fromMs: 0, toMs: 14_000 },
      { fromMs: 14_500, toMs: 16_000 },
    ]);
    expect(stream.durationMs).toBe(16_000);
  });

  it('refuses parts that are not whole chunks', () => {
    expect(() => new RealtimeStream([{ kind: 'voice', text: 'x', pcm: new Int16Array(500) }], 'silence')).toThrow(/whole 20 ms chunks/);
    expect(() => new RealtimeStream([pause(0)], 'silence')).toThrow(/whole 20 ms chunks/);
  });
});
