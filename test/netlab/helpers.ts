// Small TCP servers and clients for the link emulator's tests: an echo server and a recording sink on
// port 0, and a client that notes when each byte came back.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { startLink, type Link, type LinkOptions } from '../../demo/netlab/index.ts';

export const now = (): number => performance.now();
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface TestServer {
  port: number;
  /** The server's side of every connection, in the order they were accepted. */
  sockets: Socket[];
  close(): Promise<void>;
}

/** A server on 127.0.0.1:0 that runs `onSocket` for each connection (Nagle off). */
export async function startServer(onSocket: (socket: Socket) => void): Promise<TestServer> {
  const sockets: Socket[] = [];
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => {});
    sockets.push(socket);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Echoes what it reads, and ends when the client does. */
export const startEcho = () =>
  startServer((socket) => {
    socket.on('data', (chunk: Buffer) => socket.write(chunk));
    socket.on('end', () => socket.end());
  });

/** Notes when each chunk arrived. */
export interface Arrivals {
  chunks: { at: number; data: Buffer }[];
  bytes(): number;
  all(): Buffer;
}

export function record(socket: Socket): Arrivals {
  const chunks: { at: number; data: Buffer }[] = [];
  socket.on('data', (data: Buffer) => chunks.push({ at: now(), data }));
  return {
    chunks,
    bytes: () => chunks.reduce((sum, c) => sum + c.data.length, 0),
    all: () => Buffer.concat(chunks.map((c) => c.data)),
  };
}

/** A client connected through the link (Nagle off), once its connection is accepted. */
export async function connectTo(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  socket.setNoDelay(true);
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

/** Waits until `check` holds, polling every 5 ms; throws after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
  const deadline = now() + timeoutMs;
  while (!check()) {
    if (now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** The time the first byte of `marker` arrived in `arrivals`, if it has. */
export function arrivalOf(arrivals: Arrivals, marker: string): number | undefined {
  let text = '';
  for (const chunk of arrivals.chunks) {
    text += chunk.data.toString('latin1');
    if (text.includes(marker)) return chunk.at;
  }
  return undefined;
}

/** Links and servers a test file started, closed together. */
export class Lab {
  #closers: (() => Promise<void>)[] = [];

  async link(options: LinkOptions): Promise<Link> {
    const link = await startLink(options);
    this.#closers.push(() => link.close());
    return link;
  }

  async server(start: () => Promise<TestServer>): Promise<TestServer> {
    const server = await start();
    this.#closers.push(() => server.close());
    return server;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.#closers.splice(0).map((close) => close()));
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
