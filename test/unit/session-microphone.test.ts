// Voice or typing at any moment (src/call/session.ts setMicrophone, call-microphone.ts): Type instead lets go of
// the microphone and the uplink goes on with silence at real-time pace; Talk instead takes a new microphone for
// the same call (no new ticket, the same socket), its first 300 ms sent as silence; a refusal leaves the call
// typed and says why; a typed call from the start can take one too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../src/call/errors.ts';
import { TAKEN_BACK_HOLD_MS } from '../../src/call/call-microphone.ts';
import type { FakeSource } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
const FRAME_MS = 20;
const isSilent = (frame: ArrayBuffer) => new Int16Array(frame).every((s) => s === 0);

/** `source` delivers a 20 ms frame of `value` every 20 ms for `ms`. */
async function speak(source: FakeSource, ms: number, value = 500) {
  for (let t = 0; t < ms; t += FRAME_MS) {
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    source.frame(value);
  }
}

/** Frames the socket carried over the next `ms` while `source` (if any) speaks, and how many were silent. */
async function sentWhile(h: ReturnType<typeof harness>, ms: number, source?: FakeSource) {
  const before = h.socket.sentBinary.length;
  if (source) await speak(source, ms);
  else await vi.advanceTimersByTimeAsync(ms);
  const frames = h.socket.sentBinary.slice(before);
  return { frames: frames.length, silent: frames.filter(isSilent).length };
}

describe('Type instead', () => {
  it('lets go of the microphone; silence keeps real-time pace, the agent plays on, typing works', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    await speak(h.source, 400);
    h.session.setMicrophone(false);
    expect(h.source.closed).toBe(1);
    expect(h.session.microphone).toBe(false);
    expect(h.of('microphone')).toEqual([{ on: false }]);
    expect(h.sink.closed).toBe(0);
    h.source.frame(900); // a frame still on its way from the released microphone is not sent
    const after = await sentWhile(h, 2000);
    expect(after.frames).toBeGreaterThanOrEqual(98);
    expect(after.frames).toBeLessThanOrEqual(101);
    expect(after.silent).toBe(after.frames);
    h.socket.receive(new Uint8Array([1, 0, 2, 0]).buffer);
    expect(h.sink.written).toHaveLength(1);
    h.session.sendText('typing now');
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'text', text: 'typing now' });
    expect(h.session.state).toBe('live');
  });

  it('does nothing outside a live call, nor when already typed', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    h.session.setMicrophone(false);
    h.session.setMicrophone(true);
    expect(h.takenBack).toHaveLength(0);
    await h.goLive();
    h.session.setMicrophone(true); // already held
    expect(h.takenBack).toHaveLength(0);
    h.session.setMicrophone(false);
    h.session.setMicrophone(false);
    expect(h.of('microphone')).toEqual([{ on: false }]);
    const ending = h.session.end();
    await vi.advanceTimersByTimeAsync(3000); // the service's answer to `end` is not waited for longer
    await ending;
    expect(h.session.state).toBe('ended');
    h.session.setMicrophone(true);
    expect(h.takenBack).toHaveLength(0);
  });
});

describe('Talk instead', () => {
  it('takes a new microphone for the same call: no new ticket, the same socket, its first 300 ms silent', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    const socket = h.socket;
    h.session.setMicrophone(false);
    await vi.advanceTimersByTimeAsync(1000);
    h.session.setMicrophone(true);
    expect(h.takenBack).toHaveLength(1);
    const microphone = h.takenBack[0]!;
    expect(microphone.opened).toBe(1); // asked for at once: in the visitor's gesture
    expect(h.of('microphone')).toEqual([{ on: false }, { on: true }]);
    expect(h.session.microphone).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    // The hold: the browser's echo canceller starts afresh, and its first moments are not sent.
    const held = await sentWhile(h, TAKEN_BACK_HOLD_MS - FRAME_MS, microphone);
    expect(held.frames).toBe(TAKEN_BACK_HOLD_MS / FRAME_MS - 1);
    expect(held.silent).toBe(held.frames);
    const talking = await sentWhile(h, 2000, microphone);
    expect(talking.frames).toBeGreaterThanOrEqual(99);
    expect(talking.frames).toBeLessThanOrEqual(101);
    expect(talking.silent).toBe(0);
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.sockets).toEqual([socket]);
    expect(h.source.opened).toBe(1); // the call's first microphone is not asked for again
  });

  it('gives a typed call (start({ microphone: false })) a microphone', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    const started = h.session.start(target, { microphone: false });
    await vi.advanceTimersByTimeAsync(0);
    h.socket.open();
    h.socket.receive(readyMessage);
    await started;
    expect(h.session.microphone).toBe(false);
    h.session.setMicrophone(true);
    await vi.advanceTimersByTimeAsync(0);
    await speak(h.takenBack[0]!, 1000);
    const frames = h.socket.sentBinary.slice(-10);
    expect(frames.filter(isSilent)).toHaveLength(0);
    expect(h.fetch.calls).toHaveLength(1);
  });

  it('leaves the call typed when the microphone is refused, and says why', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    h.session.setMicrophone(false);
    h.prepareTakeBack = (source) => (source.openError = new CallError('MIC_DENIED', 'Permission denied.'));
    h.session.setMicrophone(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.state).toBe('live');
    expect(h.session.microphone).toBe(false);
    expect(h.of('microphone')).toEqual([{ on: false }, { on: true }, { on: false, lost: true, refused: 'MIC_DENIED' }]);
    expect(h.of('error')).toEqual([]);
    const after = await sentWhile(h, 1000);
    expect(after.frames).toBeGreaterThanOrEqual(49);
    expect(after.silent).toBe(after.frames);
  });

  it('hears no more of a microphone let go while it was opening', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    h.session.setMicrophone(false);
    let refuseFirst!: (error: unknown) => void;
    h.prepareTakeBack = (source) => void ({ refuse: refuseFirst } = source.hold());
    h.session.setMicrophone(true); // the permission prompt shows…
    h.session.setMicrophone(false); // …and the visitor types after all
    h.prepareTakeBack = () => {};
    h.session.setMicrophone(true);
    const [first, second] = h.takenBack;
    expect(first!.closed).toBe(1);
    refuseFirst(new CallError('MIC_DENIED', 'Too late.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.microphone).toBe(true);
    expect(h.of('microphone').filter((d) => d.lost)).toEqual([]);
    await speak(second!, 1000);
    expect(h.socket.sentBinary.slice(-10).filter(isSilent)).toHaveLength(0);
  });

  it('while reconnecting: opened now, its frames flow from the new `ready`', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    h.session.setMicrophone(false);
    h.socket.serverClose(1006);
    expect(h.session.state).toBe('reconnecting');
    h.session.setMicrophone(true);
    await vi.advanceTimersByTimeAsync(3000);
    h.socket.open();
    h.socket.receive({ ...readyMessage, conversationId: 'conv-2' });
    expect(h.session.state).toBe('live');
    const second = h.socket;
    await speak(h.takenBack[0]!, 1000);
    expect(second.sentBinary.length).toBeGreaterThanOrEqual(49);
    expect(second.sentBinary.filter(isSilent)).toHaveLength(0);
  });
});
