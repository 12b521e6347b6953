import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../src/call/errors.ts';
import { okTicket, scriptedFetch, settle } from '../fakes.ts';
import { DEFAULT_TIMEOUTS } from '../../src/call/session.ts';
import { harness, readyMessage, target } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

describe('a whole call', () => {
  it('goes idle → connecting → live → ending → ended with the service’s figures', async () => {
    const h = harness();
    expect(h.session.state).toBe('idle');
    const started = h.session.start(target);
    expect(h.session.state).toBe('connecting');
    expect(h.source.opened).toBe(1);
    await settle();

    // No visit yet: no body, so no JSON type either (a CORS "simple" request, without a preflight).
    expect(h.fetch.calls.map(({ url, body, contentType }) => ({ url, body, contentType }))).toEqual([
      { url: 'https://service.test/api/agents/public/shop-42/call', body: undefined, contentType: null },
    ]);
    expect(h.socket.url).toBe('wss://service.test/call?token=t1');
    expect(h.socket.binaryType).toBe('arraybuffer');
    h.socket.open();
    h.socket.receive(readyMessage);
    await started;
    expect(h.session.state).toBe('live');
    expect(h.of('ready')).toEqual([
      { conversationId: 'conv-1', maxSeconds: 300, agent: readyMessage.agent },
    ]);

    const frame = h.source.frame();
    expect(h.socket.sentBinary).toEqual([frame]);

    const agentAudio = new Int16Array([1, 2, 3, 4]).buffer;
    h.socket.receive(agentAudio);
    expect(h.sink.written).toEqual([agentAudio]);

    const ending = h.session.end();
    expect(h.session.state).toBe('ending');
    expect(h.source.closed).toBeGreaterThan(0);
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'end' });
    h.socket.receive({
      type: 'ended', reason: 'caller_hangup', durationSeconds: 12, billedSeconds: 12, freeSeconds: 0, conversationId: 'conv-1',
    });
    h.socket.serverClose(1000);
    await ending;

    expect(h.states()).toEqual(['connecting', 'live', 'ending', 'ended']);
    expect(h.of('ended')).toEqual([
      { reason: 'caller_hangup', durationSeconds: 12, billedSeconds: 12, freeSeconds: 0, conversationId: 'conv-1' },
    ]);
    expect(h.of('error')).toEqual([]);
    expect(h.sink.closed).toBe(1);
  });

  it('ends after a timeout when the service never answers `end`', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now(), timeouts: { endMs: 3000 } });
    await h.goLive();
    await vi.advanceTimersByTimeAsync(4200);
    const ending = h.session.end();
    expect(h.session.state).toBe('ending');
    await vi.advanceTimersByTimeAsync(2999);
    expect(h.session.state).toBe('ending');
    await vi.advanceTimersByTimeAsync(1);
    await ending;
    expect(h.session.state).toBe('ended');
    expect(h.socket.closedWith).toBe(1000);
    expect(h.of('ended')[0]).toEqual({
      reason: 'caller_hangup', durationSeconds: 7.2, billedSeconds: null, freeSeconds: null, conversationId: 'conv-1',
    });
  });

  it('ends when the socket closes after `end` without an `ended` message', async () => {
    const h = harness();
    await h.goLive();
    const ending = h.session.end();
    h.socket.serverClose(1000);
    await ending;
    expect(h.of('ended')[0]?.reason).toBe('caller_hangup');
  });

  it('lets the agent finish its goodbye before `ended` when the agent ends the call', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive(new Int16Array(2400).buffer);
    h.socket.receive({ type: 'ended', reason: 'agent_ended', durationSeconds: 9, billedSeconds: 9, freeSeconds: 0, conversationId: 'conv-1' });
    h.socket.serverClose(1000);
    await settle();
    expect(h.session.state).toBe('ending');
    expect(h.sink.flushes).toBe(0);
    h.sink.finishPlaying();
    await settle();
    expect(h.session.state).toBe('ended');
    expect(h.of('ended')[0]?.reason).toBe('agent_ended');
  });

  it('treats a normal close without `ended` as the end of the call', async () => {
    const h = harness();
    await h.goLive();
    h.socket.serverClose(1000);
    await settle();
    expect(h.states()).toEqual(['connecting', 'live', 'ending', 'ended']);
    expect(h.of('ended')[0]).toMatchObject({ reason: 'closed', billedSeconds: null, conversationId: 'conv-1' });
  });

  it('cancels a call that is still connecting', async () => {
    const h = harness();
    void h.session.start(target);
    await settle();
    await h.session.end();
    expect(h.states()).toEqual(['connecting', 'ending', 'ended']);
    expect(h.of('ended')[0]?.reason).toBe('cancelled');
    expect(h.socket.closedWith).toBe(1000);
  });

  it('stops the agent at once when the caller hangs up: audio still arriving is not played', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive(new Int16Array(2400).buffer);
    const ending = h.session.end();
    expect(h.sink.flushes).toBe(1);
    h.socket.receive(new Int16Array(2400).buffer);
    h.socket.receive({ type: 'audio', data: Buffer.from(new Uint8Array(480)).toString('base64') });
    expect(h.sink.written).toHaveLength(1);
    h.socket.serverClose(1000);
    await ending;
    expect(h.of('ended')[0]?.reason).toBe('caller_hangup');
  });

  it('abandons the ticket request of a call cancelled while connecting', async () => {
    const h = harness({ fetch: scriptedFetch('hang') });
    void h.session.start(target);
    await settle();
    expect(h.fetch.calls[0]?.signal?.aborted).toBe(false);
    await h.session.end();
    expect(h.fetch.calls[0]?.signal?.aborted).toBe(true);
    expect(h.of('ended')[0]?.reason).toBe('cancelled');
    expect(h.of('error')).toEqual([]);
  });

  it('keeps the service’s ending when the caller hangs up while the last sentence drains', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive(new Int16Array(2400).buffer);
    h.socket.serverClose(1000);
    expect(h.session.state).toBe('ending');
    await h.session.end();
    expect(h.of('ended')).toHaveLength(1);
    expect(h.of('ended')[0]?.reason).toBe('closed');
  });

  it('announces `ended` before a new call started by a listener of the final state begins', async () => {
    const h = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2)) });
    await h.goLive();
    h.session.on('state', ({ state }) => {
      if (state === 'ended') void h.session.start(target);
    });
    const ending = h.session.end();
    h.socket.serverClose(1000);
    await ending;
    await settle();
    const order = h.events.slice(-4).map((e) => (e.name === 'state' ? (e.detail as { state: string }).state : e.name));
    expect(order).toEqual(['ending', 'ended', 'ended', 'connecting']);
    expect(h.session.state).toBe('connecting');
  });

  it('leaves no timer running once a call is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now(), timeouts: { pingMs: 5000, livenessMs: 8000 } });
    await h.goLive();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.session.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.session.state).toBe('error');
    expect(vi.getTimerCount()).toBe(0);

    const h2 = harness();
    await h2.goLive();
    h2.socket.receive(new Int16Array(2400).buffer);
    h2.socket.receive({ type: 'ended', reason: 'agent_ended', durationSeconds: 4, billedSeconds: 4, freeSeconds: 0, conversationId: 'c' });
    h2.sink.finishPlaying();
    await vi.advanceTimersByTimeAsync(0);
    expect(h2.session.state).toBe('ended');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts a new call after `ended`, with a new ticket', async () => {
    const h = harness({ fetch: scriptedFetch(okTicket(1), okTicket(2)) });
    await h.goLive();
    const ending = h.session.end();
    h.socket.serverClose(1000);
    await ending;
    await h.goLive();
    expect(h.sockets.map((s) => s.url)).toEqual(['wss://service.test/call?token=t1', 'wss://service.test/call?token=t2']);
    expect(h.session.state).toBe('live');
  });

  it('keeps one call at a time: start() while live does nothing', async () => {
    const h = harness();
    await h.goLive();
    await h.session.start(target);
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.session.state).toBe('live');
  });
});

describe('audio wiring', () => {
  it('sends silent frames of the same size at the same pace while muted', async () => {
    const h = harness();
    await h.goLive();
    h.session.muted = true;
    h.source.frame(1234);
    h.source.frame(1234);
    h.session.muted = false;
    h.source.frame(77);
    const frames = h.socket.sentBinary.map((b) => new Int16Array(b));
    expect(frames.map((f) => f.length)).toEqual([320, 320, 320]);
    expect(frames[0]!.every((s) => s === 0)).toBe(true);
    expect(frames[1]!.every((s) => s === 0)).toBe(true);
    expect(frames[2]!.every((s) => s === 77)).toBe(true);
  });

  it('sends no frames before `ready` and none after `end()`', async () => {
    const h = harness();
    void h.session.start(target);
    await settle();
    h.socket.open();
    h.source.frame();
    expect(h.socket.sentBinary).toHaveLength(0);
    h.socket.receive(readyMessage);
    h.source.frame();
    void h.session.end();
    h.source.frame();
    expect(h.socket.sentBinary).toHaveLength(1);
  });

  it('drops frames (counted) behind a socket that holds seconds of audio, bursts nothing stale when it drains, and never holds a ping back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    h.socket.bufferedAmount = 1_000_000; // 30 s of audio the socket has not sent yet
    for (let value = 1; value <= 30; value++) h.source.frame(value);
    expect(h.socket.sentBinary).toHaveLength(0);
    expect(h.session.stats.framesDropped).toBe(30);
    expect(h.session.stats.framesSent).toBe(0);

    // Drained: the newest frame goes out, and none of those dropped follows it.
    h.socket.bufferedAmount = 0;
    h.source.frame(31);
    expect(h.socket.sentBinary.map((frame) => new Int16Array(frame)[0])).toEqual([31]);
    expect(h.session.stats.framesSent).toBe(1);

    h.socket.bufferedAmount = 1_000_000;
    const pings = h.socket.sentJson.length;
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUTS.pingMs);
    expect(h.socket.sentJson.slice(pings)).toEqual([{ type: 'ping' }]);
  });

  it('flushes playback on `interrupted`', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive({ type: 'interrupted' });
    expect(h.sink.flushes).toBe(1);
    expect(h.of('interrupted')).toEqual([{}]);
  });

  it('drops a carried odd byte when playback is flushed, so the next utterance is not shifted', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive(new Uint8Array([1, 0, 2]).buffer);
    h.socket.receive({ type: 'interrupted' });
    h.socket.receive(new Uint8Array([7, 0]).buffer);
    expect(h.sink.written.map((b) => [...new Uint8Array(b)])).toEqual([[1, 0], [7, 0]]);
  });

  it('accepts agent audio as base64 JSON and carries a stray odd byte into the next chunk', async () => {
    const h = harness();
    await h.goLive();
    h.socket.receive({ type: 'audio', data: Buffer.from([1, 0, 2, 0]).toString('base64') });
    h.socket.receive(new Uint8Array([3, 0, 4]).buffer);
    h.socket.receive(new Uint8Array([0, 5, 0]).buffer);
    const bytes = h.sink.written.map((b) => [...new Uint8Array(b)]);
    expect(bytes).toEqual([[1, 0, 2, 0], [3, 0], [4, 0, 5, 0]]);
  });

  it('goes on as a typed call when the microphone goes away mid-call: released, silent uplink, still live', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const h = harness({ now: () => Date.now() });
      await h.goLive();
      h.source.onFailure?.(new CallError('MIC_UNAVAILABLE', 'The microphone stopped.'));
      expect(h.session.state).toBe('live');
      expect(h.of('error')).toEqual([]);
      expect(h.of('microphone')).toEqual([{ on: false, lost: true }]);
      expect(h.session.microphone).toBe(false);
      expect(h.source.closed).toBeGreaterThan(0);
      expect(h.sink.closed).toBe(0);
      const before = h.session.stats.framesSent;
      await vi.advanceTimersByTimeAsync(1000);
      // Silence at real-time pace (50 frames a second) from the moment the microphone went.
      expect(h.session.stats.framesSent - before).toBeGreaterThanOrEqual(49);
      expect(h.session.stats.framesSent - before).toBeLessThanOrEqual(51);
      h.session.sendText('still here');
      expect(h.socket.sentJson.at(-1)).toEqual({ type: 'text', text: 'still here' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports an agent voice that breaks down mid-call instead of going silent', async () => {
    const h = harness();
    await h.goLive();
    h.sink.onFailure?.(new CallError('AUDIO_UNSUPPORTED', 'The playback processor failed.'));
    expect(h.session.state).toBe('error');
    expect(h.of('error')[0]).toMatchObject({ code: 'AUDIO_UNSUPPORTED' });
    expect(h.socket.closedWith).toBe(1000);
    expect(h.source.closed).toBeGreaterThan(0);
  });

  it('reports a refused microphone without asking for a ticket', async () => {
    const h = harness();
    h.source.openError = new CallError('MIC_DENIED', 'Microphone permission was refused.');
    await h.session.start(target);
    expect(h.session.state).toBe('error');
    expect(h.of('error')).toEqual([{ code: 'MIC_DENIED', message: 'Microphone permission was refused.', retryable: true }]);
    expect(h.fetch.calls).toHaveLength(0);
    expect(h.sink.closed).toBe(1);
  });
});

describe('typed text', () => {
  it('sends the text and stops the agent’s current sentence', async () => {
    const h = harness();
    await h.goLive();
    h.session.sendText('واش راك؟ ça va');
    expect(h.sink.flushes).toBe(1);
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'text', text: 'واش راك؟ ça va' });
  });

  it('refuses a message over 512 KB with a clear error and sends nothing', async () => {
    const h = harness();
    await h.goLive();
    const before = h.socket.sent.length;
    expect(() => h.session.sendText('ا'.repeat(300_000))).toThrow(/too long.*524288/);
    expect(h.socket.sent.length).toBe(before);
    expect(h.session.state).toBe('live');
    h.session.sendText('x'.repeat(500_000));
    expect(h.socket.sent.length).toBe(before + 1);
  });

  it('refuses text when no call is live', () => {
    const h = harness();
    expect(() => h.session.sendText('hello')).toThrow(/live call/);
  });
});

describe('liveness', () => {
  it('pings while live, measures the round trip, and finds a silent link dead within 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    const first = h.socket;
    expect(first.sentJson.at(-1)).toEqual({ type: 'ping' }); // at once, at `ready`
    await vi.advanceTimersByTimeAsync(40);
    first.receive({ type: 'pong' });
    expect(h.session.stats.rttMs).toBe(40);
    // Nothing more arrives: the link is dead, found within 10 s of the last message.
    await vi.advanceTimersByTimeAsync(6900);
    expect(h.session.state).toBe('live');
    await vi.advanceTimersByTimeAsync(3100);
    expect(h.session.state).toBe('reconnecting');
    expect(first.sentJson.at(-1)).toEqual({ type: 'end' });
    expect(first.closedWith).toBe(1000);
    expect(h.of('error')).toEqual([]);
  });

  it('times the link on a clock that never steps: a wall clock set back (NTP, the visitor\'s settings) changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let stepBack = 0;
    const h = harness({ now: () => Date.now() - stepBack, clock: () => Date.now() });
    await h.goLive();
    expect(h.socket.sentJson.at(-1)).toEqual({ type: 'ping' });
    stepBack = 60_000; // the wall clock is set back a minute while the ping is out
    await vi.advanceTimersByTimeAsync(40);
    h.socket.receive({ type: 'pong' }); // the last message the link carries
    expect(h.session.stats.rttMs).toBe(40);
    stepBack = 120_000; // and again, once the link is silent
    await vi.advanceTimersByTimeAsync(9_960);
    expect(h.session.state).toBe('reconnecting'); // within 10 s of the pong, as without a step
    await h.session.end();
  });

  it('takes no late tick of a hidden tab for a dead link, and still finds a dead one at the next', async () => {
    // Chrome runs a tab's timers once a minute after it has been hidden for five minutes with no sound: each
    // ping tick then comes a minute after the one before.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let lateBy = 0;
    const h = harness({ now: () => Date.now() + lateBy });
    await h.goLive();
    const minuteLateTick = () => {
      lateBy += 57_500;
      return vi.advanceTimersByTimeAsync(2500);
    };
    for (let i = 0; i < 3; i++) {
      await minuteLateTick();
      expect(h.socket.sentJson.at(-1)).toEqual({ type: 'ping' });
      h.socket.receive({ type: 'pong' }); // the service answers at once
    }
    expect(h.session.state).toBe('live');

    await minuteLateTick(); // a ping that is never answered: the link is dead
    expect(h.session.state).toBe('live');
    await minuteLateTick();
    expect(h.session.state).toBe('reconnecting');
  });

  it('counts every frame and message from the service as a sign of life, pong or not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ now: () => Date.now() });
    await h.goLive();
    for (let t = 0; t < 30_000; t += 1000) {
      h.socket.receive(t % 2000 ? new Int16Array(240).buffer : JSON.stringify({ type: 'tool', name: 'x', status: 'running' }));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(h.of('error')).toEqual([]);
    expect(h.session.state).toBe('live');
    expect(h.sockets).toHaveLength(1);
  });

  it('gives up with TIMEOUT when `ready` never comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ timeouts: { readyMs: 15_000 } });
    void h.session.start(target);
    await settle();
    h.socket.open();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(h.of('error')[0]).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(h.socket.closedWith).toBe(1000);
  });

  it('gives up with TIMEOUT when the socket never opens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const h = harness({ timeouts: { connectMs: 10_000 } });
    void h.session.start(target);
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.of('error')[0]).toMatchObject({ code: 'TIMEOUT' });
  });
});
