// How closely the link emulator keeps its figures on this machine: the one-way delay, a new connection's
// handshake, a capped rate and a loss's hold, each measured over real sockets on 127.0.0.1.
// `npx tsx demo/netlab/measure-accuracy.ts` prints the table README.md quotes.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { startLink, type LinkConditionsInput } from './index.ts';

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server that notes when each chunk arrives. */
async function sink(): Promise<{ port: number; arrivals: { at: number; bytes: number; text: string }[]; close(): void }> {
  const arrivals: { at: number; bytes: number; text: string }[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => arrivals.push({ at: now(), bytes: data.length, text: data.toString('latin1') }));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    arrivals,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function open(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

async function through(conditions: LinkConditionsInput, run: (client: Socket, s: Awaited<ReturnType<typeof sink>>, opened: number) => Promise<string>) {
  const s = await sink();
  const link = await startLink({ target: { host: '127.0.0.1', port: s.port }, conditions, seed: 7 });
  const opened = now();
  const client = await open(link.port);
  try {
    return await run(client, s, opened);
  } finally {
    client.destroy();
    await link.close();
    s.close();
  }
}

const arrivalOf = (s: Awaited<ReturnType<typeof sink>>, marker: string) => s.arrivals.find((a) => a.text.includes(marker))?.at;
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `min ${pick(0)}, median ${pick(0.5)}, max ${pick(1)} ms`;
};

async function delay(ms: number): Promise<string> {
  return through({ up: { delayMs: ms } }, async (client, s) => {
    client.write('warm-up;');
    await sleep(3 * ms + 50);
    const late: number[] = [];
    for (let i = 0; i < 20; i++) {
      const sent = now();
      client.write(`<${i}>`);
      while (arrivalOf(s, `<${i}>`) === undefined) await sleep(2);
      late.push(arrivalOf(s, `<${i}>`)! - sent);
      await sleep(10);
    }
    return `delay ${ms} ms configured → ${spread(late)} (20 samples)`;
  });
}

async function handshake(): Promise<string> {
  const firsts: number[] = [];
  for (let i = 0; i < 10; i++) {
    firsts.push(
      Number(
        await through({ up: { delayMs: 100 }, down: { delayMs: 100 } }, async (client, s, opened) => {
          client.write('hello;');
          while (arrivalOf(s, 'hello;') === undefined) await sleep(2);
          return String(arrivalOf(s, 'hello;')! - opened);
        }),
      ),
    );
  }
  return `handshake at RTT 200 ms: first bytes 300 ms after connect() expected → ${spread(firsts)} (10 connections)`;
}

async function rate(bps: number): Promise<string> {
  return through({ up: { delayMs: 20, bandwidthBps: bps } }, async (client, s) => {
    const chunk = Buffer.alloc(65_536);
    let sending = true;
    const write = () => {
      while (sending && client.write(chunk));
      if (sending) client.once('drain', write);
    };
    write();
    const start = now();
    await sleep(4000);
    sending = false;
    const bytes = s.arrivals.filter((a) => a.at - start >= 1000 && a.at - start < 4000).reduce((sum, a) => sum + a.bytes, 0);
    const measured = (bytes * 8) / 3;
    return `cap ${bps / 1000} kbit/s → ${(measured / 1000).toFixed(1)} kbit/s over 3 s (${(((measured - bps) / bps) * 100).toFixed(1)}%)`;
  });
}

async function lossHold(): Promise<string> {
  return through({ up: { delayMs: 10, loss: 0.1 } }, async (client, s) => {
    client.write('warm-up;');
    await sleep(100);
    const sent: number[] = [];
    for (let i = 0; i < 200; i++) {
      sent.push(now());
      client.write(`<${i}>`);
      await sleep(25);
    }
    await sleep(400);
    const arrival = sent.map((_, i) => arrivalOf(s, `<${i}>`)!);
    // A hold starts at a marker that arrived late and not with the one before it (which it waited behind).
    const holds = sent.flatMap((at, i) => (arrival[i]! - at > 110 && !(arrival[i]! - arrival[i - 1]! < 5) ? [arrival[i]! - at] : []));
    return `loss hold (RTO 200 ms + 10 ms delay = 210 ms) → ${spread(holds)} (${holds.length} holds)`;
  });
}

for (const line of [
  await delay(20),
  await delay(60),
  await delay(100),
  await delay(325),
  await handshake(),
  await rate(128_000),
  await rate(300_000),
  await rate(2_000_000),
  await lossHold(),
]) {
  console.log(line);
}
