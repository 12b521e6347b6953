// The link emulator over real TCP sockets: a client → the link → an echo server or a sink, all on
// 127.0.0.1. Timings are asserted with margins for a loaded, shared 2-core machine: a timer fires at or after
// its time, so a delay is never shorter than configured (less 1 ms of rounding); the median of several
// samples is within 15 ms of it. A single event (one timer: an outage's end, a FIN) is only bounded by
// EVENT_MARGIN_MS: stalls of 80 ms were seen here at a load average of 10, and what such a check rules out
// (an event passed at once, never, or at the old rate) is further off than that.
import { createHash, randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/netlab/random.ts';
import { arrivalOf, connectTo, Lab, median, now, record, sleep, startEcho, startServer, until } from './helpers.ts';

const lab = new Lab();
afterEach(() => lab.closeAll());

const MARGIN_MS = 15;
const EVENT_MARGIN_MS = 100;
const target = (port: number) => ({ host: '127.0.0.1', port });

/** Writes `marker` and returns when. */
function send(socket: Socket, marker: string): number {
  const at = now();
  socket.write(marker);
  return at;
}

describe('link emulator over TCP', () => {
  it('adds each direction’s own one-way delay', async () => {
    const echo = await lab.server(startEcho);
    const link = await lab.link({ target: target(echo.port), conditions: { up: { delayMs: 60 }, down: { delayMs: 30 } } });
    const client = await connectTo(link.port);
    const back = record(client);
    client.write('warm-up;');
    await until(() => echo.sockets.length === 1, 1000, 'the link to connect to the target');
    const atServer = record(echo.sockets[0]!);
    await until(() => arrivalOf(back, 'warm-up;') !== undefined, 1000, 'the first echo');
    const up: number[] = [];
    const down: number[] = [];
    for (let i = 0; i < 7; i++) {
      const marker = `<${i}>`;
      const sent = send(client, marker);
      await until(() => arrivalOf(back, marker) !== undefined, 1000, marker);
      up.push(arrivalOf(atServer, marker)! - sent);
      down.push(arrivalOf(back, marker)! - arrivalOf(atServer, marker)!);
    }
    expect(Math.min(...up)).toBeGreaterThanOrEqual(60 - 1);
    expect(Math.abs(median(up) - 60)).toBeLessThan(MARGIN_MS);
    expect(Math.min(...down)).toBeGreaterThanOrEqual(30 - 1);
    expect(Math.abs(median(down) - 30)).toBeLessThan(MARGIN_MS);
    client.destroy();
  });

  it('makes each new connection pay its handshake: its first bytes arrive one round trip later', async () => {
    const echo = await lab.server(startEcho);
    const link = await lab.link({ target: target(echo.port), conditions: { up: { delayMs: 60 }, down: { delayMs: 30 } } });
    const firstBytes: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const opened = now();
      const client = await connectTo(link.port);
      const back = record(client);
      client.write(`hello${attempt};`);
      await until(() => echo.sockets.length === attempt + 1, 1000, 'the link to connect to the target');
      const atServer = record(echo.sockets[attempt]!);
      await until(() => arrivalOf(back, `hello${attempt};`) !== undefined, 1000, 'the echo');
      firstBytes.push(arrivalOf(atServer, `hello${attempt};`)! - opened);
      client.destroy();
    }
    // SYN up and SYN-ACK down (60 + 30), then the bytes up (60), counted from connect().
    expect(Math.min(...firstBytes)).toBeGreaterThanOrEqual(150 - 1);
    expect(Math.abs(median(firstBytes) - 150)).toBeLessThan(MARGIN_MS);
  });

  it('keeps a long random stream in order and intact under heavy jitter and loss', async () => {
    const echo = await lab.server(startEcho);
    const jittery = { delayMs: 10, jitter: { kind: 'exponential', meanMs: 20, capMs: 150 }, loss: 0.02 } as const;
    const link = await lab.link({ target: target(echo.port), conditions: { up: jittery, down: jittery }, seed: 5 });
    const client = await connectTo(link.port);
    const back = record(client);
    const stream = randomBytes(1_500_000);
    const random = mulberry32(9);
    for (let offset = 0; offset < stream.length; ) {
      const size = 1 + Math.floor(random() * 6000);
      client.write(stream.subarray(offset, offset + size));
      offset += size;
      if (random() < 0.2) await sleep(1); // some writes alone, some coalesced
    }
    await until(() => back.bytes() >= stream.length, 15_000, 'the whole echo');
    const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(back.bytes()).toBe(stream.length);
    expect(digest(back.all())).toBe(digest(stream));
    const stats = link.stats();
    expect(stats.up.segmentsLost).toBeGreaterThan(0);
    expect(stats.down.segmentsLost).toBeGreaterThan(0);
    expect(stats.up.bytesOut).toBe(stream.length);
    client.destroy();
  });

  it('caps the rate, pushes back on the sender instead of buffering, and re-times its backlog when the link heals', async () => {
    const arrivals: { at: number; bytes: number }[] = [];
    const sink = await lab.server(() => startServer((socket) => socket.on('data', (d: Buffer) => arrivals.push({ at: now(), bytes: d.length }))));
    const rate = 2_000_000;
    const capped = { delayMs: 20, bandwidthBps: rate, queueMs: 400 };
    const link = await lab.link({ target: target(sink.port), conditions: { up: capped } });
    const client = await connectTo(link.port);
    // A sender that respects back-pressure: it writes while write() says yes, then waits for 'drain'.
    const start = now();
    const written: { at: number; total: number }[] = [];
    let total = 0;
    let refusals = 0;
    let sending = true;
    const chunk = Buffer.alloc(65_536);
    const write = () => {
      while (sending) {
        total += chunk.length;
        written.push({ at: now() - start, total });
        if (!client.write(chunk)) {
          refusals += 1;
          client.once('drain', write);
          return;
        }
      }
    };
    write();
    await sleep(2500);
    const receivedIn = (from: number, to: number) =>
      arrivals.filter((a) => a.at - start >= from && a.at - start < to).reduce((sum, a) => sum + a.bytes, 0);
    const writtenBy = (ms: number) => written.filter((w) => w.at <= ms).at(-1)?.total ?? 0;
    const measured = (receivedIn(1000, 2500) * 8) / 1.5;
    expect(Math.abs(measured - rate) / rate).toBeLessThan(0.15);
    // The proxy held no more than its window; the backlog stayed with the sender, which was refused and
    // then let through no faster than the link carries.
    const stats = link.stats();
    expect(stats.up.windowBytes).toBe(Math.ceil((rate / 8) * 0.42)); // 20 ms delay + 400 ms of buffer
    expect(stats.up.maxQueueBytes).toBeLessThanOrEqual(stats.up.windowBytes);
    expect(refusals).toBeGreaterThan(0);
    expect(writtenBy(2500) - writtenBy(1000)).toBeLessThanOrEqual((1.15 * rate * 1.5) / 8 + chunk.length);

    // Healed: what it held arrives one delay later, not over the 420 ms the old rate would take.
    const held = link.stats().up.queueBytes;
    expect(held).toBeGreaterThan(stats.up.windowBytes / 2);
    const before = arrivals.length;
    const healedAt = now();
    link.set({ up: { delayMs: 20 } });
    await until(() => arrivals.slice(before).reduce((sum, a) => sum + a.bytes, 0) >= held, 1000, 'the backlog');
    let got = 0;
    const drainedAt = arrivals.slice(before).find((a) => (got += a.bytes) >= held)!.at;
    expect(drainedAt - healedAt).toBeLessThan(20 + EVENT_MARGIN_MS);
    sending = false;
    client.destroy();
  });

  it('holds a lost segment for the retransmission timeout, and what follows it waits behind it', async () => {
    const echo = await lab.server(startEcho);
    const link = await lab.link({ target: target(echo.port), conditions: { up: { delayMs: 10, loss: 0.1 }, down: { delayMs: 10 } }, seed: 3 });
    expect(link.stats().rtoMs).toBe(200);
    const client = await connectTo(link.port);
    client.write('warm-up;');
    await until(() => echo.sockets.length === 1, 1000, 'the connection');
    const atServer = record(echo.sockets[0]!);
    await sleep(60);
    const sent: number[] = [];
    for (let i = 0; i < 40; i++) {
      sent.push(send(client, `<${i}>`));
      await sleep(25);
    }
    await until(() => arrivalOf(atServer, '<39>') !== undefined, 2000, 'the last marker');
    const lost = link.stats().up.segmentsLost;
    expect(lost).toBeGreaterThan(1);
    const arrival = sent.map((_, i) => arrivalOf(atServer, `<${i}>`)!);
    // A hold starts at a marker that came late, not with the one before it; the markers behind it come with it.
    const holds = sent.flatMap((at, i) => (arrival[i]! - at > 10 + 100 && !(arrival[i]! - arrival[i - 1]! < 5) ? [i] : []));
    expect(holds.length).toBeGreaterThan(0);
    expect(holds.length).toBeLessThanOrEqual(lost);
    const holdMs = holds.map((i) => arrival[i]! - sent[i]!);
    expect(Math.min(...holdMs)).toBeGreaterThanOrEqual(10 + 200 - 1);
    expect(Math.abs(median(holdMs) - 210)).toBeLessThan(MARGIN_MS);
    // What was sent while a lost segment waited arrived only once it did, not 10 ms after it was sent.
    let heldBehind = 0;
    for (const i of holds) {
      for (let j = i + 1; j < sent.length && sent[j]! + 10 + MARGIN_MS < arrival[i]!; j++) {
        expect(arrival[j]).toBeGreaterThanOrEqual(arrival[i]!);
        heldBehind += 1;
      }
    }
    expect(heldBehind).toBeGreaterThan(holds.length);
    client.destroy();
  });

  it('delivers nothing either way during an outage, then releases what it held in order', async () => {
    const echo = await lab.server(startEcho);
    const base = { up: { delayMs: 20 }, down: { delayMs: 20 } };
    const link = await lab.link({ target: target(echo.port), conditions: base });
    const client = await connectTo(link.port);
    client.write('warm-up;');
    await until(() => echo.sockets.length === 1, 1000, 'the connection');
    const atServer = record(echo.sockets[0]!);
    const back = record(client);
    await sleep(100);
    const epochStart = link.schedule([
      { atMs: 200, set: { ...base, outage: true } },
      { atMs: 700, set: base },
    ]);
    const start = epochStart - performance.timeOrigin;
    const sent: { marker: string; at: number }[] = [];
    for (let i = 0; now() - start < 1000; i++) {
      const marker = `<${i}>`;
      sent.push({ marker, at: send(client, marker) - start });
      await sleep(50);
    }
    await until(() => arrivalOf(back, sent.at(-1)!.marker) !== undefined, 2000, 'the last echo');
    const quiet = (arrivals: typeof back) => arrivals.chunks.filter((c) => c.at - start > 200 + EVENT_MARGIN_MS && c.at - start < 720 - 1);
    expect(quiet(atServer)).toEqual([]);
    expect(quiet(back)).toEqual([]);
    const heldBack = sent.filter((s) => s.at > 200 + 5 && s.at < 700 - 5);
    expect(heldBack.length).toBeGreaterThan(5);
    for (const { marker } of heldBack) {
      expect(arrivalOf(atServer, marker)! - start).toBeGreaterThanOrEqual(720 - 1);
      expect(arrivalOf(atServer, marker)! - start).toBeLessThan(720 + EVENT_MARGIN_MS);
      expect(arrivalOf(back, marker)! - start).toBeGreaterThanOrEqual(740 - 1);
    }
    expect(back.all().toString()).toBe('warm-up;' + sent.map((s) => s.marker).join(''));
    client.destroy();
  });

  it('after a handover, the connections open then never deliver again (nothing is closed), new ones work', async () => {
    const echo = await lab.server(startEcho);
    const link = await lab.link({ target: target(echo.port), conditions: { up: { delayMs: 10 }, down: { delayMs: 10 } } });
    const old = await connectTo(link.port);
    const oldBack = record(old);
    let oldClosed = false;
    old.on('close', () => (oldClosed = true));
    old.write('before;');
    await until(() => arrivalOf(oldBack, 'before;') !== undefined, 1000, 'the echo before the handover');
    link.handover();
    old.write('after;');
    const fresh = await connectTo(link.port);
    const freshBack = record(fresh);
    const sentAt = send(fresh, 'new;');
    await until(() => arrivalOf(freshBack, 'new;') !== undefined, 1000, 'the new connection’s echo');
    expect(arrivalOf(freshBack, 'new;')! - sentAt).toBeLessThan(20 + 20 + EVENT_MARGIN_MS); // handshake, up, down
    await sleep(400);
    expect(oldBack.all().toString()).toBe('before;');
    expect(echo.sockets[0]!.bytesRead).toBe('before;'.length);
    expect(oldClosed).toBe(false);
    expect(link.stats().connections).toEqual({ opened: 2, open: 2, dead: 1 });
    // The visitor's side gives up on it: the server is not told (its FIN crosses no dead path).
    old.end();
    await sleep(100);
    expect(echo.sockets[0]!.readableEnded).toBe(false);
    fresh.destroy();
  });

  it('repeats the same jitter for the same seed', async () => {
    const echo = await lab.server(startEcho);
    const lateness = async (seed: number) => {
      const link = await lab.link({ target: target(echo.port), conditions: { up: { jitter: { kind: 'uniform', maxMs: 100 } } }, seed });
      const client = await connectTo(link.port);
      const back = record(client);
      const sent: number[] = [];
      for (let i = 0; i < 10; i++) {
        sent.push(send(client, `<${i}>`));
        await sleep(150); // the three links send at the same moments, so a stall of the machine delays all three alike
      }
      await until(() => arrivalOf(back, '<9>') !== undefined, 2000, 'the last echo');
      client.destroy();
      return sent.map((at, i) => arrivalOf(back, `<${i}>`)! - at);
    };
    const [a, b, c] = await Promise.all([lateness(11), lateness(11), lateness(12)]);
    for (let i = 1; i < 10; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThan(10); // [0] carries the handshake
    expect(Math.max(...a.map((ms, i) => Math.abs(ms - c[i]!)))).toBeGreaterThan(20);
  });

  it('passes a FIN and a reset after the data before them, one delay later; close() ends everything', async () => {
    const echo = await lab.server(() => startServer(() => {}));
    const link = await lab.link({ target: target(echo.port), conditions: { up: { delayMs: 30 }, down: { delayMs: 30 } } });
    const client = await connectTo(link.port);
    client.write('hello;');
    await until(() => echo.sockets.length === 1, 1000, 'the connection');
    const server = echo.sockets[0]!;
    const atServer = record(server);
    await until(() => atServer.bytes() > 0, 1000, 'the first bytes');
    const endedAt = send(client, 'bye;');
    client.end();
    const serverEnd = await new Promise<number>((resolve) => server.once('end', () => resolve(now())));
    expect(atServer.all().toString()).toBe('hello;bye;');
    expect(serverEnd - endedAt).toBeGreaterThanOrEqual(30 - 1);
    expect(serverEnd - endedAt).toBeLessThan(30 + EVENT_MARGIN_MS);

    // The server resets the connection after one more write: the write, then the reset, reach the client.
    const back = record(client);
    const reset = new Promise<{ at: number; code: string | undefined; before: string }>((resolve) =>
      client.once('error', (error: NodeJS.ErrnoException) => resolve({ at: now(), code: error.code, before: back.all().toString() })),
    );
    const resetAt = await new Promise<number>((resolve) =>
      server.write('last;', () =>
        setTimeout(() => {
          server.resetAndDestroy(); // in the write's own tick Node would send a FIN instead
          resolve(now());
        }, 5),
      ),
    );
    const { at, code, before } = await reset;
    expect(code).toBe('ECONNRESET');
    expect(before).toBe('last;');
    expect(at - resetAt).toBeGreaterThanOrEqual(30 - 1);
    expect(at - resetAt).toBeLessThan(30 + EVENT_MARGIN_MS);

    const other = await connectTo(link.port);
    other.resume(); // a socket that reads notices the link going away (a FIN, or a reset)
    const otherClosed = new Promise<void>((resolve) => {
      other.once('end', () => resolve());
      other.once('close', () => resolve());
    });
    await link.close();
    await otherClosed;
    expect(link.stats().connections.open).toBe(0);
  });
});
