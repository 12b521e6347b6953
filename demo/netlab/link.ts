// The link emulator: a userspace TCP proxy that puts a network between a browser and a server. Each
// direction has its own delay, jitter, bandwidth cap and loss; outages and handovers hit both. Everything a
// page does (the page itself, the ticket, the call's socket) crosses it when the page is loaded from its URL
// or pointed at it. These machines have no kernel netem, and browsers' own throttling covers neither loss
// nor Firefox and WebKit: a proxy works the same for every engine. See README.md.
import { connect, createServer, isIPv6, type AddressInfo, type Socket } from 'node:net';
import { normaliseConditions, retransmissionTimeoutMs, windowBytes, type LinkConditions, type LinkConditionsInput } from './conditions.ts';
import { DirectionQueue, emptyCounters, type DirectionCounters } from './direction-queue.ts';
import { Pipe } from './pipe.ts';
import { mulberry32, streamSeed } from './random.ts';
import { TimelineRunner, type TimelineStep } from './timeline.ts';

export interface LinkOptions {
  /** The server the link leads to. */
  target: { host: string; port: number };
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** The conditions from the start; default a clean, direct link. */
  conditions?: LinkConditionsInput;
  /** Seed of the jitter and losses: the same seed and traffic give the same draws. Default 1. */
  seed?: number;
}

export interface DirectionStats extends DirectionCounters {
  /** Bytes held now, over every open connection. */
  queueBytes: number;
  /** The window each connection's direction may hold now. */
  windowBytes: number;
}

export interface LinkStats {
  /** Connections accepted so far, open now, and cut off by a handover (still open, never delivering). */
  connections: { opened: number; open: number; dead: number };
  up: DirectionStats;
  down: DirectionStats;
  /** The retransmission timeout a lost segment waits now, ms. */
  rtoMs: number;
  handovers: number;
}

export interface Link {
  /** http://host:port of the link (its port leads to the target). */
  readonly url: string;
  readonly port: number;
  /** The conditions now (complete, with defaults). */
  readonly conditions: LinkConditions;
  /** Replaces the conditions at once; what the link holds is re-timed. A running timeline goes on. */
  set(conditions: LinkConditionsInput): void;
  /** Starts a timeline now, replacing any earlier one; returns its start in epoch ms
   *  (`performance.timeOrigin + performance.now()`), to line measurements up with its steps. */
  schedule(timeline: readonly TimelineStep[]): number;
  /** Every connection open now never delivers again (nothing is closed); new connections work. */
  handover(): void;
  stats(): LinkStats;
  /** Stops listening and cuts every connection. */
  close(): Promise<void>;
}

/** Starts a link in front of `options.target`. */
export async function startLink(options: LinkOptions): Promise<Link> {
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? 1;
  let conditions = normaliseConditions(options.conditions);
  const totals = { up: emptyCounters(), down: emptyCounters() };
  const connections = new Set<Connection>();
  let opened = 0;
  let handovers = 0;
  const now = () => performance.now();

  const server = createServer({ allowHalfOpen: true }, (client) => {
    const index = opened++;
    const connection = new Connection(client, options.target, {
      conditions,
      now,
      seed: (direction) => streamSeed(seed, index, direction),
      totals,
      onClosed: () => connections.delete(connection),
    });
    connections.add(connection);
  });
  server.on('error', () => {}); // after listening, only accept errors (EMFILE): the link carries on

  const apply = (next: LinkConditions) => {
    conditions = next;
    for (const connection of connections) connection.update(conditions);
  };
  const handover = () => {
    handovers += 1;
    for (const connection of connections) connection.kill();
  };
  const timeline = new TimelineRunner((step) => {
    if (step.set) apply(normaliseConditions(step.set));
    if (step.handover) handover();
  }, now);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${isIPv6(host) ? `[${host}]` : host}:${port}`,
    port,
    get conditions() {
      return conditions;
    },
    set: (input) => apply(normaliseConditions(input)),
    schedule: (steps) => performance.timeOrigin + timeline.start(steps),
    handover,
    stats: () => {
      const live = [...connections];
      const direction = (name: 'up' | 'down'): DirectionStats => ({
        ...totals[name],
        queueBytes: live.reduce((sum, c) => sum + c.heldBytes(name), 0),
        windowBytes: windowBytes(conditions[name]),
      });
      return {
        connections: { opened, open: live.length, dead: live.filter((c) => c.dead).length },
        up: direction('up'),
        down: direction('down'),
        rtoMs: retransmissionTimeoutMs(conditions),
        handovers,
      };
    },
    close: () => {
      timeline.cancel();
      for (const connection of connections) connection.destroy();
      connections.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface ConnectionContext {
  conditions: LinkConditions;
  now: () => number;
  seed: (direction: 'up' | 'down') => number;
  totals: { up: DirectionCounters; down: DirectionCounters };
  onClosed: () => void;
}

/** One browser connection and its own connection to the target, with a pipe each way. */
class Connection {
  #client: Socket;
  #server: Socket;
  #up: Pipe;
  #down: Pipe;
  #dead = false;
  #closed = 0;
  #onClosed: () => void;

  constructor(client: Socket, target: { host: string; port: number }, context: ConnectionContext) {
    const { conditions, now } = context;
    this.#client = client;
    this.#onClosed = context.onClosed;
    const server = connect({ host: target.host, port: target.port, allowHalfOpen: true });
    this.#server = server;
    for (const socket of [client, server]) {
      socket.setNoDelay(true); // Nagle would add delays of its own
      socket.on('error', () => {}); // a reset shows as 'close' with an error, which the pipe passes on
      socket.once('close', () => {
        if (++this.#closed === 2) this.#onClosed();
      });
    }
    // The target refusing the connection looks to the browser like the server resetting it.
    let connected = false;
    server.once('connect', () => (connected = true));
    server.once('error', () => {
      if (!connected && !client.destroyed) client.resetAndDestroy();
    });
    const rtoMs = retransmissionTimeoutMs(conditions);
    const queue = (direction: 'up' | 'down', readyAt?: number) =>
      new DirectionQueue({
        conditions: conditions[direction],
        rtoMs,
        outage: conditions.outage,
        random: mulberry32(context.seed(direction)),
        counters: context.totals[direction],
        ...(readyAt === undefined ? {} : { readyAt }),
      });
    // A new connection pays its handshake: the client's first bytes leave one round trip after it opened.
    const handshakeDone = now() + conditions.up.delayMs + conditions.down.delayMs;
    const onSourceDone = () => this.#tidyDead();
    this.#up = new Pipe(client, server, queue('up', handshakeDone), now, onSourceDone);
    this.#down = new Pipe(server, client, queue('down'), now, onSourceDone);
  }

  get dead(): boolean {
    return this.#dead;
  }

  heldBytes(direction: 'up' | 'down'): number {
    return (direction === 'up' ? this.#up : this.#down).queue.bytes;
  }

  update(conditions: LinkConditions): void {
    const rtoMs = retransmissionTimeoutMs(conditions);
    this.#up.update(conditions.up, rtoMs, conditions.outage);
    this.#down.update(conditions.down, rtoMs, conditions.outage);
  }

  /** A handover: this path never delivers again. */
  kill(): void {
    if (this.#dead) return;
    this.#dead = true;
    this.#up.kill();
    this.#down.kill();
    this.#tidyDead();
  }

  destroy(): void {
    this.#up.stop();
    this.#down.stop();
    this.#client.destroy();
    this.#server.destroy();
  }

  /** A dead path forwards no FIN: its sockets go once both ends have given up on it themselves. */
  #tidyDead(): void {
    if (this.#dead && this.#up.sourceDone && this.#down.sourceDone) this.destroy();
  }
}
