// How a call starts: where the browser says the microphone is granted, the ticket goes out at once, beside the
// audio's set-up (a refusal is then rare, and costs no call: the socket is never opened for it); elsewhere the
// ticket waits for the microphone, so a refusal costs no ticket. A microphone still opening when `ready` comes
// joins the uplink when it opens; silence keeps the real-time pace until then.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../src/call/errors.ts';
import { settle } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

const denied = () => new CallError('MIC_DENIED', 'Microphone permission was refused.');

describe('a call whose microphone is granted', () => {
  it('asks for its ticket and opens its socket while the microphone is still opening', async () => {
    const h = harness();
    h.source.hold();
    void h.session.start(target, { microphoneGranted: true });
    await settle();
    expect(h.source.opened).toBe(1);
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.sockets).toHaveLength(1);
  });

  it('starts the uplink at `ready` with silence at real-time pace, and the microphone joins when it opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const h = harness({ now: () => Date.now() });
    const microphone = h.source.hold();
    const started = h.session.start(target, { microphoneGranted: true });
    await vi.advanceTimersByTimeAsync(0);
    h.socket.open();
    h.socket.receive(readyMessage);
    await started;
    expect(h.session.state).toBe('live');
    await vi.advanceTimersByTimeAsync(1000);
    // 50 silent frames a second from `ready` (the uplink looks every 50 ms).
    const silent = h.socket.sentBinary;
    expect(silent.length).toBeGreaterThanOrEqual(48);
    expect(silent.length).toBeLessThanOrEqual(51);
    expect(silent.every((frame) => new Int16Array(frame).every((sample) => sample === 0))).toBe(true);
    expect(h.source.onFrame).toBeNull(); // not started while it opens

    microphone.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.source.onFrame).not.toBeNull();
    const spoken = h.source.frame(1234);
    expect(h.socket.sentBinary.at(-1)).toBe(spoken);
    expect(h.of('uplink')).toEqual([]); // never said to have stalled
    expect(h.session.microphone).toBe(true);
  });

  it('fails as a refusal, and opens no socket, when the microphone is refused before the ticket is in', async () => {
    const h = harness();
    const microphone = h.source.hold();
    void h.session.start(target, { microphoneGranted: true });
    microphone.refuse(denied());
    await settle();
    expect(h.session.state).toBe('error');
    expect(h.of('error')).toEqual([{ code: 'MIC_DENIED', message: 'Microphone permission was refused.', retryable: true }]);
    // The ticket was asked for (and expires unused, its request abandoned); no socket was made with it.
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.fetch.calls[0]!.signal?.aborted).toBe(true);
    expect(h.sockets).toHaveLength(0);
    expect(h.sink.closed).toBe(1);
  });

  it('fails as a refusal, and lets the socket go before it opens, when the handshake is under way', async () => {
    const h = harness();
    const microphone = h.source.hold();
    void h.session.start(target, { microphoneGranted: true });
    await settle();
    expect(h.socket.readyState).toBe(0);
    microphone.refuse(denied());
    await settle();
    expect(h.session.state).toBe('error');
    expect(h.of('error')[0]).toMatchObject({ code: 'MIC_DENIED' });
    expect(h.socket.closedWith).toBe(1000);
    expect(h.socket.sent).toEqual([]);
  });

  it('goes on as a typed call, with the refusal said, when the microphone is refused once the line is open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const h = harness({ now: () => Date.now() });
    const microphone = h.source.hold();
    const started = h.session.start(target, { microphoneGranted: true });
    await vi.advanceTimersByTimeAsync(0);
    h.socket.open();
    h.socket.receive(readyMessage);
    await started;
    microphone.refuse(denied());
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.state).toBe('live');
    expect(h.of('error')).toEqual([]);
    expect(h.of('microphone')).toEqual([{ on: false, lost: true, refused: 'MIC_DENIED' }]);
    expect(h.session.microphone).toBe(false);
    expect(h.sink.closed).toBe(0);
    const before = h.session.stats.framesSent;
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.session.stats.framesSent - before).toBeGreaterThanOrEqual(49);
    expect(h.session.stats.framesSent - before).toBeLessThanOrEqual(51);
    h.session.sendText('I will type');
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'text', text: 'I will type' });
  });

  it('goes on typed when the microphone is refused after the socket opened but before `ready`', async () => {
    const h = harness();
    const microphone = h.source.hold();
    const started = h.session.start(target, { microphoneGranted: true });
    await settle();
    h.socket.open();
    microphone.refuse(new CallError('MIC_UNAVAILABLE', 'No microphone.'));
    await settle();
    expect(h.session.state).toBe('connecting');
    h.socket.receive(readyMessage);
    await started;
    expect(h.session.state).toBe('live');
    expect(h.of('microphone')).toEqual([{ on: false, lost: true, refused: 'MIC_UNAVAILABLE' }]);
  });
});

describe('a call whose microphone is not known to be granted', () => {
  it('asks for no ticket until the microphone is open', async () => {
    const h = harness();
    const microphone = h.source.hold();
    void h.session.start(target);
    await settle();
    expect(h.fetch.calls).toHaveLength(0);
    microphone.open();
    await settle();
    expect(h.fetch.calls).toHaveLength(1);
  });
});

describe('a typed call', () => {
  it('asks for its ticket at once', async () => {
    const h = harness();
    h.source.hold(); // never asked for
    void h.session.start(target, { microphone: false });
    await settle();
    expect(h.source.opened).toBe(0);
    expect(h.fetch.calls).toHaveLength(1);
  });
});
