// The microphone path in real Chromium: fake mic (test/.fixtures/capture-44k.wav) → capture worklet →
// 16 kHz frames. Content is compared with a reference resample of the same signal.
import { afterEach, describe, expect, it } from 'vitest';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import { CaptureNode } from '../../src/audio/capture-node.ts';
import { requestMicrophone, stopStream } from '../../src/audio/microphone.ts';
import type { AudioLevel } from '../../worklets/messages.ts';
import { readCaptureMessage } from '../../worklets/capture-client.ts';
import { StreamResampler } from '../../worklets/dsp/resampler.ts';
import { pcm16ToFloat, rms } from '../../bench/measure.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { alignAndMeasure } from '../fixtures/analysis.ts';
import { spyOnMicrophone } from '../fixtures/media-spy.ts';
import { CAPTURE_LOOP_SECONDS, CAPTURE_RATE, captureSignal } from '../fixtures/signals.ts';
import { sleep } from '../sleep.ts';

const OUT_RATE = 16_000;
/** A segment below this is a glitch (a dropped sample, a wrong ratio or a stateless resampler fall far
 *  below it); the fake device itself may spoil one or two on a loaded machine. */
const SNR_FLOOR_DB = 40;
/** The median over all segments, glitches included: the filter's quality. Measured 86 dB at both 44.1
 *  and 48 kHz (the same resampler on the same samples; 16-bit frames bound it near 90 dB). */
const MEDIAN_SNR_DB = 80;

afterEach(restoreAll);

/** Frames that arrive between two wall-clock instants, and how long that was. */
async function framesDuring(frames: ArrayBuffer[], ms: number): Promise<{ count: number; seconds: number }> {
  const before = frames.length;
  const t0 = performance.now();
  await sleep(ms);
  return { count: frames.length - before, seconds: (performance.now() - t0) / 1000 };
}

/** The frames `capture` posts, on a port as the call's host gets them. */
function framesOf(capture: CaptureNode): ArrayBuffer[] {
  const frames: ArrayBuffer[] = [];
  const { port1, port2 } = new MessageChannel();
  capture.pipeTo(port1);
  port2.onmessage = (event: MessageEvent<unknown>) => {
    const message = readCaptureMessage(event.data);
    if (message?.frame) frames.push(message.frame);
  };
  restoreAfterTest(() => port2.close());
  return frames;
}

/** Three loops of the fake microphone's signal, resampled to 16 kHz with the product's own resampler. */
let referenceCache: Float32Array | null = null;
function reference(): Float32Array {
  if (referenceCache) return referenceCache;
  const loop = captureSignal();
  const input = new Float32Array(loop.length * 3);
  for (let k = 0; k < 3; k++) input.set(loop, k * loop.length);
  const resampler = new StreamResampler(CAPTURE_RATE, OUT_RATE);
  const output = new Float32Array(resampler.maxOutputFor(input.length));
  const written = resampler.process(input, output);
  referenceCache = output.subarray(0, written);
  return referenceCache;
}

/**
 * Checks captured 16 kHz audio against the reference in 0.25 s segments (after the first 0.5 s), each
 * aligned on its own: nearly all must match with a high SNR and unit gain, and each clean segment must
 * sit exactly one segment after the previous clean one (a dropped or repeated sample or frame moves it).
 * Room is left for one glitch of the fake device itself: on a loaded machine Chromium drops or fills a
 * late microphone buffer, which spoils a segment and moves the alignment once.
 */
function expectFaithful(frames: ArrayBuffer[], rate: number): void {
  const signal = pcm16ToFloat(frames);
  const ref = reference();
  const period = CAPTURE_LOOP_SECONDS * OUT_RATE;
  const segment = OUT_RATE / 4;
  const report: string[] = [];
  let segments = 0;
  let clean = 0;
  let breaks = 0;
  let previous: { at: number; lag: number } | null = null;
  const snrs: number[] = [];
  for (let at = OUT_RATE / 2; at + segment <= signal.length; at += segment) {
    segments++;
    const result = alignAndMeasure(signal.subarray(at, at + segment), ref, 0, period);
    snrs.push(result.snrDb);
    report.push(`${(at / OUT_RATE).toFixed(2)}s: lag ${result.lag} snr ${result.snrDb.toFixed(1)} dB gain ${result.gain.toFixed(3)}`);
    if (result.snrDb < SNR_FLOOR_DB) {
      previous = null;
      continue;
    }
    clean++;
    expect(result.gain).toBeGreaterThan(0.95);
    expect(result.gain).toBeLessThan(1.05);
    if (previous && (((result.lag - previous.lag - (at - previous.at)) % period) + period) % period !== 0) breaks++;
    previous = { at, lag: result.lag };
  }
  const median = snrs.sort((a, b) => a - b)[snrs.length >> 1] ?? -Infinity;
  console.info(`capture vs reference:\n${report.join('\n')}`);
  // The figure the README quotes.
  console.info(`capture SNR at ${rate} Hz: median ${median.toFixed(1)} dB over ${segments} segments, ${clean} clean`);
  expect(segments).toBeGreaterThanOrEqual(10);
  expect(median).toBeGreaterThanOrEqual(MEDIAN_SNR_DB);
  expect(clean).toBeGreaterThanOrEqual(segments - 2);
  expect(breaks).toBeLessThanOrEqual(1);
}

describe('microphone capture (AudioEngine.source)', () => {
  it('sends 640-byte frames at real-time pace whose content matches the microphone signal', async () => {
    spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false });
    restoreAfterTest(() => engine.close());
    await engine.source.open();
    expect(engine.context?.sampleRate).toBeGreaterThan(0);
    console.info(`default context rate: ${engine.context?.sampleRate} Hz`);

    const frames: ArrayBuffer[] = [];
    const failures: unknown[] = [];
    engine.source.start((frame) => frames.push(frame), (error) => failures.push(error));
    await sleep(500);
    const pace = await framesDuring(frames, 2000);
    // 50 frames a second; the margin is for timers and the one-quantum jitter, not for a wrong rate.
    expect(pace.count / pace.seconds).toBeGreaterThan(40);
    expect(pace.count / pace.seconds).toBeLessThan(60);
    await sleep(1000);

    expect(frames.every((frame) => frame instanceof ArrayBuffer && frame.byteLength === 640)).toBe(true);
    expectFaithful(frames, engine.context!.sampleRate);
    expect(failures).toEqual([]);
  });

  it('sends 1280-byte frames when asked for 40 ms frames', async () => {
    const engine = new PipedEngine({ audioProcessing: false, frameSamples: 640 });
    restoreAfterTest(() => engine.close());
    await engine.source.open();
    const frames: ArrayBuffer[] = [];
    engine.source.start((frame) => frames.push(frame), () => undefined);
    await sleep(300);
    const pace = await framesDuring(frames, 1500);
    expect(pace.count / pace.seconds).toBeGreaterThan(20);
    expect(pace.count / pace.seconds).toBeLessThan(30);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((frame) => frame.byteLength === 1280)).toBe(true);
  });

  it('gives the same frames from a 48 kHz context (test harness over the capture node)', async () => {
    const context = new AudioContext({ sampleRate: 48_000 });
    const stream = await requestMicrophone({ audioProcessing: false });
    restoreAfterTest(() => {
      stopStream(stream);
      void context.close();
    });
    const capture = await CaptureNode.create(context, stream);
    restoreAfterTest(() => capture.dispose());
    const frames = framesOf(capture);
    capture.start();
    await context.resume();
    expect(context.sampleRate).toBe(48_000);
    await sleep(500);
    const pace = await framesDuring(frames, 2000);
    expect(pace.count / pace.seconds).toBeGreaterThan(40);
    expect(pace.count / pace.seconds).toBeLessThan(60);
    await sleep(1000);
    expect(frames.every((frame) => frame.byteLength === 640)).toBe(true);
    expectFaithful(frames, context.sampleRate);
  });

  // A 48 kHz microphone on a 44.1 kHz context (a USB headset on a Mac, whose output runs at 44.1 kHz). The
  // fake device's rate is fixed for the whole browser, so the 48 kHz track here is the fake microphone's
  // signal played in a 48 kHz context into a MediaStream: the same kind of track the capture node gets from
  // getUserMedia, crossing the same browser resampler into the call's context.
  it('keeps capture exact from a 48 kHz track into a 44.1 kHz context', async () => {
    const microphone = new AudioContext({ sampleRate: 48_000 });
    const context = new AudioContext({ sampleRate: 44_100 });
    restoreAfterTest(() => {
      void microphone.close();
      void context.close();
    });
    const loop = captureSignal(48_000);
    const buffer = microphone.createBuffer(1, loop.length, 48_000);
    buffer.getChannelData(0).set(loop);
    const player = microphone.createBufferSource();
    player.buffer = buffer;
    player.loop = true;
    const track = microphone.createMediaStreamDestination();
    player.connect(track);
    player.start();
    await microphone.resume();

    const capture = await CaptureNode.create(context, track.stream);
    restoreAfterTest(() => capture.dispose());
    const frames = framesOf(capture);
    capture.start();
    await context.resume();
    expect([microphone.sampleRate, context.sampleRate]).toEqual([48_000, 44_100]);
    await sleep(500);
    const pace = await framesDuring(frames, 2000);
    expect(pace.count / pace.seconds).toBeGreaterThan(40);
    expect(pace.count / pace.seconds).toBeLessThan(60);
    await sleep(1000);
    expect(frames.every((frame) => frame.byteLength === 640)).toBe(true);
    expectFaithful(frames, context.sampleRate);
  });

  it('reports the input level about 30 times a second, matching the signal', async () => {
    const levels: AudioLevel[] = [];
    const engine = new PipedEngine({ audioProcessing: false, onInputLevel: (level) => levels.push(level) });
    restoreAfterTest(() => engine.close());
    await engine.source.open();
    engine.source.start(() => undefined, () => undefined);
    await sleep(400);
    const before = levels.length;
    const t0 = performance.now();
    await sleep(1500);
    const perSecond = (levels.length - before) / ((performance.now() - t0) / 1000);
    expect(perSecond).toBeGreaterThan(22);
    expect(perSecond).toBeLessThan(38);
    // Each report covers 12 render quanta (the first whole quantum past 1/30 s): compare with the
    // signal's own RMS over every window of that length.
    const loop = captureSignal();
    const window = 12 * 128;
    let low = Infinity;
    let high = 0;
    for (let at = 0; at + window <= loop.length; at += 64) {
      const level = rms(loop.subarray(at, at + window));
      low = Math.min(low, level);
      high = Math.max(high, level);
    }
    const recent = levels.slice(-20);
    const clean = recent.filter((level) => level.rms >= low * 0.97 && level.rms <= high * 1.03);
    // (A report that spans a microphone buffer Chromium filled with silence reads lower.)
    expect(clean.length).toBeGreaterThanOrEqual(16);
    for (const level of recent) {
      expect(level.peak).toBeGreaterThanOrEqual(level.rms);
      expect(level.peak).toBeLessThan(0.8);
    }
    expect(engine.inputLevel).toEqual(levels[levels.length - 1]);
  });

  it('asks for the microphone once, with processing on by default and off when asked', async () => {
    const spy = spyOnMicrophone();
    const withProcessing = new PipedEngine();
    restoreAfterTest(() => withProcessing.close());
    const opening = Promise.all([withProcessing.source.open(), withProcessing.sink.open()]);
    await opening;
    expect(spy.calls).toHaveLength(1);
    const audio = spy.calls[0]!.audio as MediaTrackConstraints;
    expect(audio).toMatchObject({ echoCancellation: true, noiseSuppression: true, autoGainControl: true });
    expect(spy.streams[0]!.getAudioTracks()[0]!.getSettings().echoCancellation).toBe(true);
    withProcessing.close();

    const without = new PipedEngine({ audioProcessing: false });
    restoreAfterTest(() => without.close());
    await Promise.all([without.source.open(), without.sink.open()]);
    expect(spy.calls).toHaveLength(2);
    expect(spy.calls[1]!.audio).toMatchObject({ echoCancellation: false, noiseSuppression: false, autoGainControl: false });
    const settings = spy.streams[1]!.getAudioTracks()[0]!.getSettings();
    expect(settings.echoCancellation).toBe(false);
    expect(settings.noiseSuppression).toBe(false);
    expect(settings.autoGainControl).toBe(false);
  });

  it('opens the chosen microphone (inputDeviceId)', async () => {
    const spy = spyOnMicrophone();
    const devices = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'audioinput');
    const chosen = devices.find((device) => device.deviceId && device.deviceId !== 'default') ?? devices[0];
    expect(chosen?.deviceId).toBeTruthy();
    const engine = new PipedEngine({ audioProcessing: false, inputDeviceId: chosen!.deviceId });
    restoreAfterTest(() => engine.close());
    await engine.source.open();
    expect((spy.calls[0]!.audio as MediaTrackConstraints).deviceId).toEqual({ exact: chosen!.deviceId });
    expect(spy.streams[0]!.getAudioTracks()[0]!.getSettings().deviceId).toBe(chosen!.deviceId);
    const frames: ArrayBuffer[] = [];
    engine.source.start((frame) => frames.push(frame), () => undefined);
    await expect.poll(() => frames.length).toBeGreaterThan(5);
  });

  it('creates the context synchronously in open(), so the user gesture counts', () => {
    const engine = new PipedEngine({ audioProcessing: false });
    restoreAfterTest(() => engine.close());
    const opening = engine.source.open();
    expect(engine.context).toBeInstanceOf(AudioContext);
    const sinkOpening = engine.sink.open();
    expect(engine.context).toBeInstanceOf(AudioContext);
    return Promise.all([opening, sinkOpening]);
  });

  it('stops frames, ends the tracks and closes the context on close()', async () => {
    const spy = spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false });
    await Promise.all([engine.source.open(), engine.sink.open()]);
    const context = engine.context!;
    const frames: ArrayBuffer[] = [];
    engine.source.start((frame) => frames.push(frame), () => undefined);
    await sleep(300);
    expect(frames.length).toBeGreaterThan(5);

    engine.source.close();
    // The agent's voice may still be finishing: the context lives on while the sink is open.
    expect(context.state).toBe('running');
    expect(spy.streams[0]!.getAudioTracks().every((track) => track.readyState === 'ended')).toBe(true);
    const count = frames.length;
    await sleep(200);
    expect(frames.length).toBe(count);

    engine.sink.close();
    await expect.poll(() => context.state).toBe('closed');
    expect(engine.context).toBeNull();
    engine.close(); // twice is fine
  });

  it('can open again after close (a new context and a new microphone)', async () => {
    const spy = spyOnMicrophone();
    const engine = new PipedEngine({ audioProcessing: false });
    restoreAfterTest(() => engine.close());
    await Promise.all([engine.source.open(), engine.sink.open()]);
    const first = engine.context!;
    engine.close();
    await Promise.all([engine.source.open(), engine.sink.open()]);
    expect(engine.context).not.toBe(first);
    const frames: ArrayBuffer[] = [];
    engine.source.start((frame) => frames.push(frame), () => undefined);
    await sleep(300);
    expect(frames.length).toBeGreaterThan(5);
    expect(spy.calls).toHaveLength(2);
    await expect.poll(() => first.state).toBe('closed');
  });
});
