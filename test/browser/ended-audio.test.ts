// After the service's `ended`, through the real audio engine's speaker sink in Chromium: what was
// queued before `ended` drains whole, audio arriving later never plays (even seconds of it), and the state is
// `ended` within 2 s of the drain. Times are read on the audio clock (the recorder's frame count), not the wall
// clock, so a loaded machine cannot make the test pass or fail by itself.
import { afterEach, describe, expect, it } from 'vitest';
import { PipedEngine } from '../fixtures/piped-engine.ts';
import type { AudioSink } from '../../src/call/audio-ports.ts';
import { CallSession } from '../../src/call/session.ts';
import { VisitStore } from '../../src/call/visit-store.ts';
import { firstAbove, lastAbove, sineInt16 } from '../../bench/measure.ts';
import { FakeSocket, okTicket, scriptedFetch } from '../fakes.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { fitSine } from '../fixtures/analysis.ts';
import { record, type Recording } from '../fixtures/recorder.ts';

const IN_RATE = 24_000;
const AMPLITUDE = 0.5;
const ended = { type: 'ended', reason: 'agent_ended', durationSeconds: 5, billedSeconds: 5, freeSeconds: 0, conversationId: 'c-1' };

afterEach(restoreAll);

/** `pcm` in chunks of `ms` milliseconds, each its own buffer (as the service's binary frames arrive). */
function chunks(pcm: Int16Array, ms: number): ArrayBuffer[] {
  const size = (IN_RATE * ms) / 1000;
  const out: ArrayBuffer[] = [];
  for (let at = 0; at < pcm.length; at += size) out.push(pcm.slice(at, at + size).buffer);
  return out;
}

/**
 * A live typed call (no microphone) whose agent voice goes through a real AudioEngine, with the service played by
 * an in-page socket. The sink is the engine's own, except that its close() is only noted: the context then keeps
 * running, so the recording can show that nothing more was played (a closed context would hide it).
 */
async function liveCall() {
  const engine = new PipedEngine();
  restoreAfterTest(() => engine.close());
  let sinkClosed = 0;
  const real = engine.sink;
  const sink: AudioSink = {
    open: (onFailure) => real.open(onFailure),
    write: (chunk) => real.write(chunk),
    flush: () => real.flush(),
    utteranceEnded: () => real.utteranceEnded(),
    drained: () => real.drained(),
    close: () => void sinkClosed++,
  };
  const sockets: FakeSocket[] = [];
  const session = new CallSession({
    createAudio: () => ({ source: null, sink }),
    fetch: scriptedFetch(okTicket(1)),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    visits: new VisitStore(null),
  });
  const started = session.start({ serverUrl: 'https://service.test', publicId: 'shop-42' }, { microphone: false });
  await expect.poll(() => sockets.length).toBe(1);
  const socket = sockets[0]!;
  socket.open();
  socket.receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina' } });
  await started;
  expect(session.state).toBe('live');
  // A typed call's ticket does not wait for the agent's voice to open (src/call/audio-opening.ts): it may be live first.
  await expect.poll(() => engine.outputNode).not.toBeNull();
  const context = engine.context!;
  await context.resume();
  const recording = await record(context, engine.outputNode!);
  restoreAfterTest(() => recording.stop());
  // The audio-thread frame at which the call became `ended`.
  let endedFrame: Promise<number> | null = null;
  session.on('state', ({ state }) => {
    if (state === 'ended') endedFrame = recording.mark();
  });
  return { engine, session, socket, recording, context, sinkClosed: () => sinkClosed, endedFrame: () => endedFrame };
}

/** Waits until the recorder has heard `frames` frames in all (the audio clock moving on by itself). */
async function recordUntil(recording: Recording, frames: number): Promise<void> {
  await expect.poll(() => recording.flush(), { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(frames);
}

describe('after `ended`, through the real speaker sink', () => {
  it('plays what was queued to the end, never what came after, and is `ended` within 2 s of the drain', async () => {
    const call = await liveCall();
    const { session, socket, recording, context, engine } = call;
    const rate = context.sampleRate;

    // One second of goodbye (1 kHz) in 100 ms frames, then `ended`, then five seconds of late speech (440 Hz)
    // and a late transcript, all at once as a misbehaving service would send them.
    const goodbye = sineInt16(1000, IN_RATE, IN_RATE, AMPLITUDE);
    for (const chunk of chunks(goodbye, 100)) socket.receive(chunk);
    socket.receive(ended);
    expect(session.state).toBe('ending');
    const late = chunks(sineInt16(440, IN_RATE, 5 * IN_RATE, AMPLITUDE), 100);
    for (const chunk of late) socket.receive(chunk);
    socket.receive({ type: 'transcript', role: 'agent', text: 'one more thing', final: true });
    expect(session.stats.droppedMessages).toBe(late.length + 1);

    await expect.poll(() => session.state, { timeout: 20_000 }).toBe('ended');
    expect(call.sinkClosed()).toBe(1);
    const endedAt = await call.endedFrame()!;
    // Let the audio clock run on for as long as the late speech would have lasted.
    await recordUntil(recording, endedAt + 5 * rate);
    const out = recording.samples();

    // The goodbye played whole, once, at full level: 1 s (± 5 ms), not cut short by `ended`.
    const start = firstAbove(out, 0.01);
    const end = lastAbove(out, 0.01);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(Math.abs((end - start + 1) / rate - 1)).toBeLessThan(0.005);
    const fit = fitSine(out.subarray(start + 512, end - 512), 1000, rate);
    expect(fit.amplitude).toBeGreaterThan(AMPLITUDE * 0.97);
    expect(fit.thdnDb).toBeLessThan(-50); // no 440 Hz mixed in
    expect(engine.playback!.playedSamples).toBe(goodbye.length);
    // Nothing after it: the five seconds of late speech never reached the speaker.
    expect(out.length - end).toBeGreaterThan(4 * rate);
    // `ended` came after the drain (what was queued is not cut) and within 2 s of it, on the audio clock.
    const afterDrain = (endedAt - end) / rate;
    console.info(`ended ${afterDrain.toFixed(3)} s after the last queued sample played`);
    expect(afterDrain).toBeGreaterThan(0);
    expect(afterDrain).toBeLessThanOrEqual(2);
  });

  it('with nothing queued, is `ended` within 2 s of the `ended` message, and plays nothing that follows', async () => {
    const call = await liveCall();
    const { session, socket, recording, context, engine } = call;
    const rate = context.sampleRate;
    const receivedAt = await recording.mark();
    socket.receive(ended);
    for (const chunk of chunks(sineInt16(440, IN_RATE, 2 * IN_RATE, AMPLITUDE), 100)) socket.receive(chunk);
    await expect.poll(() => session.state, { timeout: 20_000 }).toBe('ended');
    const endedAt = await call.endedFrame()!;
    expect((endedAt - receivedAt) / rate).toBeLessThanOrEqual(2);
    await recordUntil(recording, endedAt + 2 * rate);
    expect(lastAbove(recording.samples(), 1e-4)).toBe(-1);
    expect(engine.playback!.playedSamples).toBe(0);
  });
});
