// The connection's quality as a call sees it: `stats.quality` and a `quality` event {quality, rttMs} at each
// change; an outage shorter than the liveness window shows `lost` and goes on, on the same socket and ticket; a
// handover (a socket that never delivers again) is found, reconnected with one new ticket and live again within
// 12 s; `lost` while reconnecting; good again at each `ready`, and at each call. Fake socket, fake time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/call/session.ts';
import { okTicket, scriptedFetch, settle } from '../fakes.ts';
import { harness, readyMessage } from './session-harness.ts';

afterEach(() => vi.useRealTimers());

const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
const { pingMs } = DEFAULT_TIMEOUTS;

/** The service's side of the current socket: each ping is answered `rttMs` after it went out, in order; while
 *  the line is down the answers wait (TCP delivers them once it is back). */
function service(h: ReturnType<typeof harness>) {
  const socket = h.socket;
  const pings: number[] = [Date.now()]; // the first went out at `ready`
  let seen = 1;
  return {
    rttMs: 80,
    down: false,
    /** Moves time on by `ms`, 10 ms at a time. */
    async talk(ms: number) {
      for (let t = 0; t < ms; t += 10) {
        await vi.advanceTimersByTimeAsync(10);
        const sent = socket.sentJson.filter((m) => m.type === 'ping').length;
        for (; seen < sent; seen++) pings.push(Date.now());
        while (!this.down && pings.length && Date.now() >= pings[0]! + this.rttMs) {
          pings.shift();
          socket.receive({ type: 'pong' });
        }
      }
    },
  };
}

const live = () => {
  fakeTime();
  return harness({ now: () => Date.now(), fetch: scriptedFetch(okTicket(1), okTicket(2)) });
};

describe('stats.quality and the `quality` event', () => {
  it('is good on a good line from `ready` on, with no event', async () => {
    const h = live();
    await h.goLive();
    await service(h).talk(10_000);
    expect(h.session.stats.quality).toBe('good');
    expect(h.session.stats.rttMs).toBe(80);
    expect(h.of('quality')).toEqual([]);
  });

  it('says each change with the latest round trip: fair on a slow line, good again once it is quick', async () => {
    const h = live();
    await h.goLive();
    const line = service(h);
    await line.talk(3000);
    line.rttMs = 450;
    await line.talk(3000);
    expect(h.of('quality')).toEqual([{ quality: 'fair', rttMs: expect.any(Number) }]);
    expect(h.of('quality')[0]!.rttMs).toBeGreaterThanOrEqual(300);
    expect(h.session.stats.quality).toBe('fair');
  });
});

describe('an outage of 4 s', () => {
  it('shows within 2 s, is lost, and goes on on the same socket with no new ticket; good again after', async () => {
    const h = live();
    await h.goLive();
    const line = service(h);
    await line.talk(2000);
    const outageAt = Date.now();
    const marks: { at: number; quality: string }[] = [];
    h.session.on('quality', ({ quality }) => marks.push({ at: Date.now() - outageAt, quality }));
    line.down = true;
    await line.talk(4000);
    line.down = false;
    await line.talk(10_000);
    console.log(`outage of 4 s: ${marks.map((m) => `${m.quality} at ${m.at} ms`).join(", ")}`);
    expect(marks[0]!.quality).not.toBe("good");
    expect(marks[0]!.at).toBeLessThanOrEqual(2000);
    expect(marks.find((m) => m.quality === 'lost')!.at).toBeLessThanOrEqual(pingMs + 2000 + 500);
    expect(marks.at(-1)!.quality).toBe('good');
    expect(h.session.state).toBe('live');
    expect(h.sockets).toHaveLength(1);
    expect(h.fetch.calls).toHaveLength(1);
    expect(h.of('state').map((s) => s.state)).not.toContain('reconnecting');
  });
});

describe('a handover (the socket never delivers again)', () => {
  it('is lost while reconnecting, with one new ticket, and live and good again within 12 s', async () => {
    const h = live();
    await h.goLive();
    await service(h).talk(2000);
    const first = h.socket;
    const handoverAt = Date.now();
    let reconnectingAt = 0;
    h.session.on('state', ({ state }) => {
      if (state === 'reconnecting') {
        reconnectingAt = Date.now();
        expect(h.session.stats.quality).toBe('lost');
      }
    });
    while (h.sockets.length === 1) await vi.advanceTimersByTimeAsync(10);
    await settle();
    // The new line: its handshake and `ready` take a few round trips.
    await vi.advanceTimersByTimeAsync(300);
    h.socket.open();
    h.socket.receive({ ...readyMessage, conversationId: 'conv-2' });
    expect(h.socket).not.toBe(first);
    expect(h.session.state).toBe('live');
    console.log(`handover: reconnecting after ${reconnectingAt - handoverAt} ms, live again after ${Date.now() - handoverAt} ms`);
    expect(Date.now() - handoverAt).toBeLessThanOrEqual(12_000);
    expect(reconnectingAt - handoverAt).toBeLessThanOrEqual(DEFAULT_TIMEOUTS.livenessMs + pingMs);
    expect(h.fetch.calls).toHaveLength(2);
    expect(h.session.stats.quality).toBe('good');
    expect(h.of('quality').map((q) => q.quality).slice(-2)).toEqual(['lost', 'good']);
  });
});

describe('each call', () => {
  it('starts good again, whatever the last one ended with', async () => {
    const h = live();
    await h.goLive();
    h.socket.serverClose(1006);
    expect(h.session.stats.quality).toBe('lost');
    await h.session.end();
    await h.goLive();
    expect(h.session.stats.quality).toBe('good');
  });

  it('hears a break in the agent\u2019s voice from the playback\u2019s underruns', async () => {
    const h = live();
    await h.goLive();
    const line = service(h);
    h.socket.receive(new Int16Array(2400).buffer);
    await line.talk(1500); // past the call's first 1.5 s, when only `lost` is said (link-quality.ts)
    h.sink.underruns = 1; // the playback ran dry…
    await line.talk(250);
    h.socket.receive(new Int16Array(2400).buffer); // …and the rest came after
    await line.talk(500);
    expect(h.session.stats.quality).toBe('fair');
  });
});
