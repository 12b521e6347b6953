// Switching the microphone mid-call (the panel's microphone picker): the new device feeds the running
// capture processor, frames go on at the same pace, the old device is released; a device that cannot be
// opened leaves the call on the microphone it had. Real Chromium, its fake devices.
import { afterEach, expect, it } from 'vitest';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import { CallError } from '../../src/call/errors.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { spyOnMicrophone } from '../fixtures/media-spy.ts';
import { sleep } from '../sleep.ts';

afterEach(restoreAll);

/** Two distinct fake microphones (Chromium's fake device offers several once permission is granted). */
async function twoMicrophones(): Promise<[string, string]> {
  const ids = (await navigator.mediaDevices.enumerateDevices())
    .filter((device) => device.kind === 'audioinput' && device.deviceId && device.deviceId !== 'default')
    .map((device) => device.deviceId);
  expect(ids.length, 'fake audio inputs').toBeGreaterThanOrEqual(2);
  return [ids[0]!, ids[1]!];
}

async function liveEngine(deviceId: string) {
  const engine = new PipedEngine({ audioProcessing: false, inputDeviceId: deviceId });
  restoreAfterTest(() => engine.close());
  await Promise.all([engine.source.open(), engine.sink.open()]);
  const frames: number[] = [];
  const failures: unknown[] = [];
  engine.source.start(() => frames.push(performance.now()), (error) => failures.push(error));
  await expect.poll(() => frames.length, { timeout: 5000 }).toBeGreaterThan(5);
  return { engine, frames, failures };
}

/** Frames a second over the window [from, to] (performance.now() times). */
const rate = (frames: number[], from: number, to: number) =>
  frames.filter((t) => t >= from && t < to).length / ((to - from) / 1000);

/** The call is still on `track`, live, and its frames go on without a failure. */
async function expectStillOn(track: MediaStreamTrack, engine: PipedEngine, frames: number[], failures: unknown[]) {
  expect(engine.inputStream!.getAudioTracks()[0]).toBe(track);
  expect(track.readyState).toBe('live');
  const before = frames.length;
  await sleep(500);
  expect(frames.length).toBeGreaterThan(before + 10);
  expect(failures).toEqual([]);
}

it('moves a running call to another microphone without restarting the capture', async () => {
  const spy = spyOnMicrophone();
  const [first, second] = await twoMicrophones();
  const { engine, frames, failures } = await liveEngine(first);
  const context = engine.context;
  const firstTrack = engine.inputStream!.getAudioTracks()[0]!;
  expect(firstTrack.getSettings().deviceId).toBe(first);

  const switchedAt = performance.now();
  await engine.setInputDevice(second);
  expect((spy.calls.at(-1)!.audio as MediaTrackConstraints).deviceId).toEqual({ exact: second });
  const secondTrack = engine.inputStream!.getAudioTracks()[0]!;
  expect(secondTrack.getSettings().deviceId).toBe(second);
  expect(secondTrack.readyState).toBe('live');
  expect(firstTrack.readyState).toBe('ended');
  // The same call: the same context, no second open.
  expect(engine.context).toBe(context);
  expect(spy.calls).toHaveLength(2);

  await sleep(1500);
  // 50 frames a second across the switch: the processor never stopped (a restart would leave a gap while
  // the worklet is set up again; the margin is for timers and one-quantum jitter). The window starts at
  // most 0.5 s before the switch, and never before the first frame: capture began only about 0.1 s before
  // the switch, and counting the time before it read 40 frames a second for an unbroken stream.
  const across = rate(frames, Math.max(switchedAt - 500, frames[0]!), switchedAt + 1500);
  expect(across).toBeGreaterThan(40);
  expect(across).toBeLessThan(60);
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!).filter((_, i) => frames[i + 1]! > switchedAt - 200);
  expect(Math.max(...gaps)).toBeLessThan(400);
  expect(failures).toEqual([]);

  engine.close();
  expect(secondTrack.readyState).toBe('ended');
});

it('keeps the microphone it had when the new one cannot be opened', async () => {
  spyOnMicrophone();
  const [first] = await twoMicrophones();
  const { engine, frames, failures } = await liveEngine(first);
  const track = engine.inputStream!.getAudioTracks()[0]!;

  const error = await engine.setInputDevice('no-such-device').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CallError);
  expect((error as CallError).code).toBe('MIC_UNAVAILABLE');
  await expectStillOn(track, engine, frames, failures);
});

it('keeps the microphone it had when the browser will not connect the new one, and stops the new one', async () => {
  const spy = spyOnMicrophone();
  const [first, second] = await twoMicrophones();
  const { engine, frames, failures } = await liveEngine(first);
  const track = engine.inputStream!.getAudioTracks()[0]!;
  // As Firefox does for a microphone whose rate differs from the context's.
  const context = engine.context!;
  const connect = context.createMediaStreamSource;
  context.createMediaStreamSource = () => {
    throw new DOMException('Connecting AudioNodes from AudioContexts with different sample-rate is not supported', 'NotSupportedError');
  };
  restoreAfterTest(() => void (context.createMediaStreamSource = connect));

  const error = await engine.setInputDevice(second).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CallError);
  expect((error as CallError).code).toBe('MIC_UNAVAILABLE');
  expect(spy.streams).toHaveLength(2);
  expect(spy.streams[1]!.getAudioTracks()[0]!.readyState).toBe('ended');
  await expectStillOn(track, engine, frames, failures);

  engine.close();
  expect(track.readyState).toBe('ended');
});

it('rejects a switch when no microphone is open', async () => {
  const engine = new PipedEngine({ audioProcessing: false });
  const error = await engine.setInputDevice('anything').catch((e: unknown) => e);
  expect((error as CallError).code).toBe('MIC_UNAVAILABLE');
});
