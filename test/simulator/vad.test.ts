// The energy VAD that ends caller turns (positions in samples of the 16 kHz stream).
import { describe, expect, it } from 'vitest';
import { sineInt16 } from '../../bench/measure.ts';
import { EnergyVad, type VadEvent } from '../../demo/server/vad.ts';

const RATE = 16_000;

const tone = (seconds: number, amplitude = 0.3) => sineInt16(300, RATE, Math.round(seconds * RATE), amplitude);
const silence = (seconds: number) => new Int16Array(Math.round(seconds * RATE));

function run(parts: Int16Array[], chunk = 320): VadEvent[] {
  const vad = new EnergyVad();
  const all = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  const events: VadEvent[] = [];
  for (let i = 0; i < all.length; i += chunk) events.push(...vad.push(all.subarray(i, i + chunk)));
  return events;
}

describe('EnergyVad', () => {
  it('finds one turn: where the speech starts and ends', () => {
    expect(run([silence(0.5), tone(1), silence(1)])).toEqual([
      { type: 'start', startSample: 8000 },
      { type: 'end', startSample: 8000, endSample: 24_000 },
    ]);
  });

  it('ends a turn only after 700 ms of silence', () => {
    expect(run([tone(1), silence(0.68)])).toEqual([{ type: 'start', startSample: 0 }]);
    expect(run([tone(1), silence(0.7)]).at(-1)).toEqual({ type: 'end', startSample: 0, endSample: 16_000 });
  });

  it('keeps a turn across pauses shorter than 700 ms', () => {
    const events = run([tone(0.5), silence(0.5), tone(0.5), silence(1)]);
    expect(events).toEqual([
      { type: 'start', startSample: 0 },
      { type: 'end', startSample: 0, endSample: 24_000 },
    ]);
  });

  it('ignores clicks shorter than 100 ms and quiet background noise', () => {
    expect(run([silence(0.3), tone(0.06), silence(1)])).toEqual([]);
    const noise = new Int16Array(RATE * 2);
    let seed = 1;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      noise[i] = Math.round(((seed / 2 ** 31) * 2 - 1) * 100); // ≈ −55 dBFS
    }
    expect(run([noise])).toEqual([]);
  });

  it('does not depend on how the stream is cut into frames', () => {
    const parts = [silence(0.2), tone(0.8), silence(0.9), tone(0.3), silence(0.8)];
    expect(run(parts, 37)).toEqual(run(parts, 640));
    expect(run(parts, 37)).toHaveLength(4);
  });

  it('closes a turn that never goes quiet after 15 s (and the next one begins)', () => {
    const events = run([tone(16)]);
    expect(events).toEqual([
      { type: 'start', startSample: 0 },
      { type: 'end', startSample: 0, endSample: 15 * RATE },
      { type: 'start', startSample: 15 * RATE },
    ]);
  });
});
