// The agent's voice in real Chromium: 24 kHz chunks → playback worklet → the context's output,
// recorded sample-exact by a test worklet tapped on the engine's output node.
import { afterEach, describe, expect, it } from 'vitest';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import type { AudioLevel } from '../../worklets/messages.ts';
import { firstAbove, lastAbove, maxStep, sineInt16 } from '../../bench/measure.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { fitSine } from '../fixtures/analysis.ts';
import { record, type Recording } from '../fixtures/recorder.ts';
import { mulberry32 } from '../fixtures/signals.ts';
import { sleep } from '../sleep.ts';

const IN_RATE = 24_000;
const AMPLITUDE = 0.5;

afterEach(restoreAll);

async function openSink(levels?: AudioLevel[]): Promise<{ engine: PipedEngine; context: AudioContext; recording: Recording }> {
  const engine = new PipedEngine({ onOutputLevel: levels ? (level) => levels.push(level) : undefined });
  restoreAfterTest(() => engine.close());
  await engine.sink.open();
  const context = engine.context!;
  await context.resume();
  const recording = await record(context, engine.outputNode!);
  restoreAfterTest(() => recording.stop());
  return { engine, context, recording };
}

/** Splits `pcm` into chunks of random length (1 sample to 200 ms), each its own buffer. */
function randomChunks(pcm: Int16Array, seed: number): ArrayBuffer[] {
  const random = mulberry32(seed);
  const chunks: ArrayBuffer[] = [];
  for (let at = 0; at < pcm.length; ) {
    const length = Math.min(pcm.length - at, 1 + Math.floor(random() * 4800));
    chunks.push(pcm.slice(at, at + length).buffer);
    at += length;
  }
  return chunks;
}

/**
 * Writes chunks the way the service sends them, far ahead of real time: the first second at once, the rest
 * in four bursts 50 ms apart while it plays. A timer would have to be late by most of a second for the
 * queue to run dry, so an underrun here is the player's fault, not the machine's load.
 */
async function stream(engine: PipedEngine, chunks: ArrayBuffer[]): Promise<void> {
  let ahead = 0;
  let first = 0;
  while (first < chunks.length && ahead < IN_RATE) ahead += chunks[first++]!.byteLength / 2; // samples
  for (const chunk of chunks.slice(0, first)) engine.sink.write(chunk);
  const rest = chunks.slice(first);
  const perBurst = Math.ceil(rest.length / 4);
  for (let i = 0; i < rest.length; i += perBurst) {
    await sleep(50);
    for (const chunk of rest.slice(i, i + perBurst)) engine.sink.write(chunk);
  }
}

describe('agent voice playback (AudioEngine.sink)', () => {
  it('plays chunked audio continuously: no gaps, no clicks, no underruns, then drains', async () => {
    const levels: AudioLevel[] = [];
    const { engine, context, recording } = await openSink(levels);
    const seconds = 2;
    const pcm = sineInt16(1000, IN_RATE, seconds * IN_RATE, AMPLITUDE);
    await stream(engine, randomChunks(pcm, 7));
    await engine.sink.drained();
    await recording.flush();
    const out = recording.samples();
    const rate = context.sampleRate;

    const start = firstAbove(out, 0.01);
    const end = lastAbove(out, 0.01);
    expect(start).toBeGreaterThanOrEqual(0);
    // Everything written was played, once: the tone lasts as long as the PCM did (± 5 ms).
    expect(Math.abs((end - start + 1) / rate - seconds)).toBeLessThan(0.005);
    const steady = out.subarray(start + 512, end - 512);
    const fit = fitSine(steady, 1000, rate);
    console.info(`playback @${rate} Hz: amplitude ${fit.amplitude.toFixed(4)}, THD+N ${fit.thdnDb.toFixed(1)} dB`);
    expect(fit.amplitude).toBeGreaterThan(AMPLITUDE * 0.97);
    expect(fit.amplitude).toBeLessThan(AMPLITUDE * 1.03);
    // A gap, a repeated or dropped chunk or a click at a join would each leave far more than this.
    expect(fit.thdnDb).toBeLessThan(-50);
    // The largest sample-to-sample step of a clean sine is A·2π·f/fs; a click is much larger.
    expect(maxStep(steady)).toBeLessThan(AMPLITUDE * ((2 * Math.PI * 1000) / rate) * 1.05);

    const status = engine.playback!;
    expect(status.underruns).toBe(0);
    expect(status.droppedSamples).toBe(0);
    expect(status.drained).toBe(true);
    expect(status.queuedSamples).toBe(0);
    expect(status.playedSamples).toBe(pcm.length);
    // Output level reported while playing (sine RMS = A/√2), and back to 0 once drained.
    const playing = levels.filter((level) => level.rms > 0.3);
    expect(playing.length).toBeGreaterThan(30);
    for (const level of playing) expect(level.rms).toBeCloseTo(AMPLITUDE / Math.SQRT2, 1);
    expect(engine.outputLevel.rms).toBeLessThan(0.01);
  });

  it('goes silent within the fade plus one render quantum of flush(), and plays again after', async () => {
    const { engine, context, recording } = await openSink();
    const pcm = sineInt16(1000, IN_RATE, 3 * IN_RATE, AMPLITUDE);
    for (const chunk of randomChunks(pcm, 11)) engine.sink.write(chunk);
    await sleep(500);
    // The flush reached the audio thread between these two marks (each message is posted in turn from here;
    // on a loaded machine this thread may be paused between two posts for several render quanta).
    const markedBefore = recording.mark();
    engine.sink.flush();
    const markedAfter = recording.mark();
    const [flushFrom, flushBy] = await Promise.all([markedBefore, markedAfter]);
    await engine.sink.drained();
    await sleep(100);
    await recording.flush();
    const out = recording.samples();
    const rate = context.sampleRate;

    // It was playing right up to the flush…
    const before = out.subarray(flushFrom - 1024, flushFrom);
    expect(fitSine(before, 1000, rate).amplitude).toBeGreaterThan(AMPLITUDE * 0.95);
    // …and is silent from at most 5 ms + one quantum after it arrived (plus a quantum for the two ports).
    const lastSound = lastAbove(out, 1e-4);
    const fadeSamples = Math.ceil(0.005 * rate);
    expect(lastSound - flushBy).toBeLessThanOrEqual(fadeSamples + 2 * 128);
    expect(out.length - lastSound).toBeGreaterThan(0.1 * rate);
    // The fade itself is smooth: no step larger than the sine's own.
    expect(maxStep(out.subarray(flushFrom - 256, lastSound + 16))).toBeLessThan(AMPLITUDE * ((2 * Math.PI * 1000) / rate) * 1.05);
    const status = engine.playback!;
    expect(status.queuedSamples).toBe(0);
    expect(status.drained).toBe(true);

    // The sink keeps working after a flush.
    const played = out.length;
    for (const chunk of randomChunks(sineInt16(1000, IN_RATE, IN_RATE / 2, AMPLITUDE), 3)) engine.sink.write(chunk);
    await engine.sink.drained();
    await recording.flush();
    const again = recording.samples().subarray(played);
    const start = firstAbove(again, 0.01);
    const end = lastAbove(again, 0.01);
    expect(Math.abs((end - start + 1) / rate - 0.5)).toBeLessThan(0.005);
  });

  it('plays out a tail shorter than the prebuffer when drained() is awaited', async () => {
    const { engine, context, recording } = await openSink();
    const tail = sineInt16(1000, IN_RATE, 240, AMPLITUDE); // 10 ms
    engine.sink.write(tail.slice().buffer);
    await Promise.race([
      engine.sink.drained(),
      sleep(3000).then(() => {
        throw new Error('drained() never resolved');
      }),
    ]);
    await recording.flush();
    const out = recording.samples();
    const sounding = lastAbove(out, 0.01) - firstAbove(out, 0.01) + 1;
    expect(Math.abs(sounding / context.sampleRate - 0.01)).toBeLessThan(0.002);
    expect(engine.playback!.playedSamples).toBe(240);
  });

  it('ignores hostile writes without throwing and keeps playing', async () => {
    const { engine, context, recording } = await openSink();
    const detached = new ArrayBuffer(64);
    structuredClone(detached, { transfer: [detached] });
    const hostile: unknown[] = [new ArrayBuffer(0), new ArrayBuffer(1), detached, null, undefined, 'pcm', 42, {}, new Int16Array(8)];
    for (const value of hostile) expect(() => engine.sink.write(value as ArrayBuffer)).not.toThrow();
    // An odd byte count plays its whole samples and drops the stray byte.
    const pcm = sineInt16(1000, IN_RATE, IN_RATE / 2, AMPLITUDE);
    const odd = new Uint8Array(pcm.byteLength + 1);
    odd.set(new Uint8Array(pcm.buffer));
    engine.sink.write(odd.buffer);
    await engine.sink.drained();
    await recording.flush();
    const out = recording.samples();
    const sounding = lastAbove(out, 0.01) - firstAbove(out, 0.01) + 1;
    expect(Math.abs(sounding / context.sampleRate - 0.5)).toBeLessThan(0.005);
    expect(engine.playback!.playedSamples).toBe(pcm.length);
  });

  it('releases everything on close(): pending drained() resolves, the context closes, writes are ignored', async () => {
    const { engine, context } = await openSink();
    engine.sink.write(sineInt16(1000, IN_RATE, 5 * IN_RATE, AMPLITUDE).buffer);
    await sleep(200);
    const draining = engine.sink.drained();
    engine.sink.close();
    await draining;
    await expect.poll(() => context.state).toBe('closed');
    expect(() => engine.sink.write(new ArrayBuffer(64))).not.toThrow();
    expect(() => engine.sink.flush()).not.toThrow();
    await engine.sink.drained();
    engine.sink.close();
  });

  it('chooses the output device with AudioContext.setSinkId, and keeps the default if it is gone', async () => {
    const { engine, context } = await openSink();
    expect('setSinkId' in context).toBe(true);
    // The default device is always there; an unknown one is refused by the browser.
    await expect(engine.setOutputDevice('')).resolves.toBeUndefined();
    await expect(engine.setOutputDevice('no-such-speaker')).rejects.toThrow();

    // Asked for at open, a missing device does not fail the call: the default output plays.
    const missing = new PipedEngine({ outputDeviceId: 'no-such-speaker' });
    restoreAfterTest(() => missing.close());
    await missing.sink.open();
    await missing.context!.resume();
    const recording = await record(missing.context!, missing.outputNode!);
    restoreAfterTest(() => recording.stop());
    missing.sink.write(sineInt16(1000, IN_RATE, IN_RATE / 10, AMPLITUDE).buffer);
    await missing.sink.drained();
    await recording.flush();
    expect(firstAbove(recording.samples(), 0.01)).toBeGreaterThanOrEqual(0);
  });
});
