// The uplink keeps real-time pace with silence when the microphone delivers nothing (the service expects audio
// at real-time pace for the whole call), paced from what is due rather than from timer ticks; typed calls open
// no microphone at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
const FRAME_MS = 20;
const isSilent = (frame: ArrayBuffer) => new Int16Array(frame).every((s) => s === 0);

/** The microphone delivers a 20 ms frame every 20 ms for `ms`. */
async function speak(h: ReturnType<typeof harness>, ms: number) {
  for (let t = 0; t < ms; t += FRAME_MS) {
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    h.source.frame(500);
  }
}

describe('uplink pace', () => {
  it('fills a stalled microphone with silence and is back at real-time pace within 1.5 s', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    const liveAt = Date.now();
    await speak(h, 1000);
    expect(h.session.stats.framesSent).toBe(50);
    // The browser suspends the audio: nothing more from the microphone. Within 1.5 s the uplink is back at
    // real-time pace (25 frames per 0.5 s), no more than 0.5 s short of what is due.
    await vi.advanceTimersByTimeAsync(1000);
    const sentAtOne = h.session.stats.framesSent;
    await vi.advanceTimersByTimeAsync(500);
    expect(h.session.stats.framesSent - sentAtOne).toBeGreaterThanOrEqual(24);
    expect(h.session.stats.framesSent - sentAtOne).toBeLessThanOrEqual(26);
    const due = (Date.now() - liveAt) / FRAME_MS;
    expect(h.session.stats.framesSent).toBeGreaterThanOrEqual(due - 25 - 3);
    expect(h.session.stats.framesSent).toBeLessThanOrEqual(due);
    expect(h.socket.sentBinary.slice(50).every(isSilent)).toBe(true);
    expect(h.of('uplink')).toEqual([{ stalled: true }]);
    // It comes back: its frames go out again and the average stays at real time.
    await speak(h, 1000);
    expect(h.of('uplink')).toEqual([{ stalled: true }, { stalled: false }]);
    const total = (Date.now() - liveAt) / FRAME_MS;
    expect(h.session.stats.framesSent).toBeLessThanOrEqual(total);
    expect(h.session.stats.framesSent).toBeGreaterThanOrEqual(total - 25 - 3);
    expect(isSilent(h.socket.sentBinary.at(-1)!)).toBe(false);
  });

  it('adds no silence for frames that are only late (a busy main thread), so the uplink never runs ahead', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    await speak(h, 500);
    await vi.advanceTimersByTimeAsync(450);
    for (let i = 0; i < 22; i++) h.source.frame(500); // the late frames arrive in one burst
    await speak(h, 500);
    expect(h.socket.sentBinary.every((frame) => !isSilent(frame))).toBe(true);
    expect(h.of('uplink')).toEqual([]);
  });

  it('paces from what is due, not from timer ticks: a throttled timer still keeps the average', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    const liveAt = Date.now();
    // A background tab: no timer ran for 5 s, then one does.
    vi.setSystemTime(liveAt + 5000);
    await vi.advanceTimersByTimeAsync(50);
    expect(h.session.stats.framesSent).toBe(Math.floor((Date.now() - liveAt - 500) / FRAME_MS));
  });

  it('a typed call opens no microphone, sends silence at real-time pace and still plays the agent', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    const started = h.session.start(target, { microphone: false });
    expect(h.audioRequests).toEqual([{ microphone: false }]);
    await settle();
    h.socket.open();
    h.socket.receive(readyMessage);
    await started;
    expect(h.session.microphone).toBe(false);
    expect(h.source.opened).toBe(0);
    expect(h.source.onFrame).toBeNull();
    const liveAt = Date.now();
    await vi.advanceTimersByTimeAsync(2000);
    const frames = h.socket.sentBinary;
    expect(frames.length).toBeGreaterThanOrEqual((Date.now() - liveAt) / FRAME_MS - 3);
    expect(frames.every((frame) => frame.byteLength === 640 && isSilent(frame))).toBe(true);
    h.socket.receive(new Int16Array(480).buffer);
    expect(h.sink.written).toHaveLength(1);
    h.session.sendText('salam');
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'text', text: 'salam' });
    const ending = h.session.end();
    await vi.advanceTimersByTimeAsync(3000);
    await ending;
    expect(h.source.closed).toBe(0);
  });

  it('goes on as a typed call when asked (a microphone gone for good): released, silence at pace', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    await speak(h, 200);
    h.session.setMicrophone(false);
    expect(h.source.closed).toBe(1);
    expect(h.session.microphone).toBe(false);
    const before = h.session.stats.framesSent;
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.session.stats.framesSent - before).toBeGreaterThanOrEqual(48);
    expect(h.session.stats.framesSent - before).toBeLessThanOrEqual(51);
    expect(h.session.state).toBe('live');
  });

  it('restarts the pace after a reconnection: no burst for the time the line was down', async () => {
    fakeTime();
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    await speak(h, 200);
    h.socket.serverClose(1006);
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    h.socket.open();
    h.socket.receive({ ...readyMessage, conversationId: 'conv-2' });
    const second = h.socket;
    await vi.advanceTimersByTimeAsync(1500); // the microphone stalled meanwhile: silence from the new `ready`
    expect(second.sentBinary.length).toBeLessThanOrEqual(75 - 25);
    expect(second.sentBinary.length).toBeGreaterThanOrEqual(75 - 25 - 3);
  });
});
