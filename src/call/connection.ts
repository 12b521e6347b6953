// The link to the service for one call: ticket, socket, handshake retry, the wait for `ready`, pings while
// live (whether the link is alive is Liveness's rule, how long they take RoundTrips') and which frames a thin
// uplink still carries in time (UplinkPacer's). It knows nothing of the call's states; the session decides what
// a close or a silent link means.
import { encodeMessage, type ClientMessage } from '../protocol/index.ts';
import { sweepDeadPath } from './dead-path-sweep.ts';
import { CallError, describeError } from './errors.ts';
import type { LinkReading } from './link-quality.ts';
import { Liveness, type LivenessTimeouts } from './liveness.ts';
import { RoundTrips } from './round-trips.ts';
import { PageBlocks } from './page-block.ts';
import { requestTicket, ticketUrl, type Ticket } from './ticket.ts';
import { Timers } from './timers.ts';
import { UplinkPacer } from './uplink-pacer.ts';

/** What the connection needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  binaryType: BinaryType;
  readonly readyState: number;
  readonly bufferedAmount: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
}

export interface CallTarget {
  serverUrl: string;
  publicId: string;
}

export interface ConnectionTimeouts extends LivenessTimeouts {
  /** Ticket request. */
  ticketMs: number;
  /** The first ticket request after a drop (see openOnce). */
  reconnectTicketMs: number;
  /** From creating the socket to its `open`. */
  connectMs: number;
  /** From the socket's `open` to the service's `ready`. */
  readyMs: number;
}

/** The visit token of the latest ticket answer: kept in memory for reconnection, and stored when allowed. */
export interface VisitKeeper {
  get(): string | undefined;
  put(visit: string): void;
}

/** The counters the connection keeps up to date. */
export interface LinkStats {
  framesDropped: number;
  rttMs: number | null;
}

export interface ConnectionOptions {
  target: CallTarget;
  fetch: typeof fetch;
  createSocket: (url: string) => SocketLike;
  timeouts: ConnectionTimeouts;
  /** Milliseconds on a clock that never steps (the session's `clock`). */
  now: () => number;
  visits: VisitKeeper;
  stats: LinkStats;
  /** A new socket opened: what the session learnt from an earlier one (an `error` message) is stale. */
  onOpen?: () => void;
  /** Every message of the open socket, as received. */
  onMessage: (data: unknown) => void;
  /** The open socket closed (or dropped: 1006). */
  onClose: (code: number, reason: string) => void;
  /** The link was found dead (see Liveness) while liveness was watched. */
  onSilent: () => void;
  /** Where the browser reports the page's Content-Security-Policy refusing a request (page-block.ts). */
  violations?: EventTarget | null;
}

/** Nothing heard for the ping interval plus this (and a ping waiting this long): the link is silent for now. */
const SILENT_MS = 2000;

export class Connection {
  #socket: SocketLike | null = null;
  /** Timers of the current socket (open timeout, `ready` wait, liveness), cleared when it is let go. */
  readonly #timers = new Timers();
  #readyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Settles the open under way (false) when the socket is let go before it opened. */
  #abandonOpen: (() => void) | null = null;
  readonly #abort = new AbortController();
  /** The current socket's (new ones at each `open`). */
  #liveness: Liveness;
  #trips = new RoundTrips();
  #pacer = new UplinkPacer(this.#trips);
  #closed = false;
  /** The page's policy refusing the ticket or the socket while the link opens: BLOCKED_BY_PAGE. */
  readonly #blocks: PageBlocks;

  readonly #options: ConnectionOptions;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#liveness = new Liveness(options.timeouts, options.now);
    this.#blocks = new PageBlocks(options.violations ?? null);
  }

  get isOpen(): boolean {
    return this.#socket?.readyState === 1;
  }

  /** A socket is open or opening (not while a ticket is on its way, nor between attempts). */
  get hasSocket(): boolean {
    return this.#socket !== null;
  }

  /**
   * Takes a ticket and opens the socket; a handshake refusal (the socket closes before it opens) gets one
   * retry with a fresh ticket. Resolves true once open, false when closed meanwhile; rejects with a CallError.
   */
  async open(): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.openOnce()) return true;
      if (this.#closed) return false;
    }
    throw new CallError('TICKET_REJECTED', 'The service refused the call ticket twice.');
  }

  /** One ticket and one socket: true once open, false when the socket closed before opening (or the link
   *  was closed meanwhile); rejects with a CallError when the ticket or the socket failed otherwise.
   *  `afterDrop`: the first after a dropped line, which the browser may send on a connection it opened before
   *  (its pool keeps idle ones), dead with the rest of the old path (Wi-Fi → 4G). The path is swept first
   *  (dead-path-sweep.ts); the sweep, and the ticket after it, are given `reconnectTicketMs`, or five of the
   *  line's last round trips where that is longer (a new connection with TLS takes four). */
  async openOnce(afterDrop = false): Promise<boolean> {
    const ticket = await this.#fetchTicket(afterDrop);
    if (this.#closed) return false;
    return this.#openSocket(ticket);
  }

  /** Lets the current socket go (a dropped or dead line), so that the link can open again: `end` is sent
   *  if it still looks open (the service then frees the line at once), and it is closed. */
  drop(): void {
    this.#letGo(true);
  }

  /** Sends a JSON message; false when the socket is not open. */
  send(message: ClientMessage): boolean {
    const socket = this.#socket;
    if (!socket || socket.readyState !== 1) return false;
    try {
      const text = encodeMessage(message);
      socket.send(text);
      this.#pacer.written += text.length;
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Hands one audio frame to the socket, or drops it (counted in `framesDropped`) when the line is so backed up
   * that the service would hear it too late (see UplinkPacer). Nothing waits here: what goes out is always the
   * newest audio, and pings are never stuck behind frames of ours. Returns how many frames went out (0 or 1).
   */
  sendFrame(frame: ArrayBuffer): number {
    const socket = this.#socket;
    if (!socket || socket.readyState !== 1) return 0;
    if (!this.#pacer.admit(frame, this.#options.now(), socket.bufferedAmount)) {
      this.#options.stats.framesDropped++;
      return 0;
    }
    socket.send(frame);
    return 1;
  }

  /** What the current socket says of the link now, for LinkQuality. */
  reading(): Pick<LinkReading, 'roundTrips' | 'waitingMs' | 'silent'> {
    return {
      roundTrips: this.#trips.recent,
      waitingMs: this.#trips.waiting(this.#options.now())?.ms ?? 0,
      silent: this.#liveness.silentFor(this.#options.timeouts.pingMs + SILENT_MS),
    };
  }

  /** Waits `readyMs` for `ready` on the socket just opened; `late` runs if it does not come. The wait belongs
   *  to the socket: letting the socket go ends it. */
  awaitReady(late: () => void): void {
    this.#timers.clear(this.#readyTimer);
    this.#readyTimer = this.#timers.after(this.#options.timeouts.readyMs, () => {
      this.#readyTimer = null;
      late();
    });
  }

  /** The service said `ready` on this socket: the wait for it ends, and from now on the socket is pinged at once
   *  (before any audio, the line's own round trip) and every `pingMs` while `wanted()`; `onSilent` reports it
   *  once Liveness finds the link dead. */
  ready(wanted: () => boolean): void {
    this.#timers.clear(this.#readyTimer);
    this.#readyTimer = null;
    this.#ping();
    this.#timers.every(this.#options.timeouts.pingMs, () => {
      if (!this.isOpen) return false;
      if (wanted()) return this.#ping();
    });
  }

  /** Sends a ping; false when the link is found dead instead (`onSilent` is told). */
  #ping(): boolean {
    if (!this.#liveness.tick()) {
      this.#options.onSilent();
      return false;
    }
    if (this.send({ type: 'ping' })) this.#trips.sent({ at: this.#options.now(), bytes: this.#pacer.written });
    return true;
  }

  /** The service answered a ping. */
  ponged(): void {
    const now = this.#options.now();
    const ping = this.#trips.answered(now);
    if (!ping) return;
    this.#options.stats.rttMs = ping.ms;
    this.#pacer.answered(ping, now);
  }

  /** Closes the link for good (1000). `sayEnd` sends `end` first when the socket is open. */
  close(sayEnd: boolean): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort();
    this.#blocks.stop();
    this.#letGo(sayEnd);
  }

  /** Lets the current socket go with its timers, its queued frames and the open that waits for it. */
  #letGo(sayEnd: boolean): void {
    this.#abandonOpen?.();
    this.#timers.clearAll();
    this.#readyTimer = null;
    const socket = this.#socket;
    this.#socket = null;
    if (socket) letGo(socket, sayEnd);
  }

  async #fetchTicket(afterDrop: boolean): Promise<Ticket> {
    const { ticketMs, reconnectTicketMs } = this.#options.timeouts;
    const { serverUrl, publicId } = this.#options.target;
    const { fetch, stats } = this.#options;
    const signal = this.#abort.signal;
    const timeoutMs = afterDrop ? Math.max(reconnectTicketMs, 5 * (stats.rttMs ?? 0)) : ticketMs;
    this.#blocks.expect(serverUrl);
    if (afterDrop) await sweepDeadPath(fetch, ticketUrl(serverUrl, publicId), timeoutMs, signal);
    const visit = this.#options.visits.get();
    const ticket = await requestTicket({ serverUrl, publicId, visit, fetch, timeoutMs, signal }).catch(async (error: CallError) => {
      // Refused by the page's policy, or the network's failure?
      throw (error.code === 'CONNECTION_LOST' && (await this.#blocks.report())) || error;
    });
    if (ticket.visit) this.#options.visits.put(ticket.visit);
    return ticket;
  }

  /** Resolves true with the socket open, false when it closed before opening (handshake refused) or was let go
   *  meanwhile; rejects when it could not be created or did not open in time. */
  #openSocket(ticket: Ticket): Promise<boolean> {
    const url = new URL(ticket.wsUrl);
    url.searchParams.set('token', ticket.token);
    this.#blocks.expect(url.href);
    return new Promise((resolve, reject) => {
      let socket: SocketLike;
      try {
        socket = this.#options.createSocket(url.href);
      } catch (error) {
        // Firefox throws for a socket the page's policy refuses (its report follows).
        const lost = new CallError('CONNECTION_LOST', `The call socket could not be opened (${describeError(error)}).`);
        return void this.#blocks.report().then((blocked) => reject(blocked ?? lost));
      }
      socket.binaryType = 'arraybuffer';
      this.#socket = socket;
      let opened = false;
      const timer = this.#timers.after(this.#options.timeouts.connectMs, () => {
        refused();
        socket.close();
        reject(new CallError('TIMEOUT', 'The call socket did not open in time.'));
      });
      const stopWaiting = () => {
        this.#timers.clear(timer);
        if (this.#abandonOpen === abandon) this.#abandonOpen = null;
      };
      const refused = () => {
        stopWaiting();
        detach(socket);
        if (this.#socket === socket) this.#socket = null;
      };
      // Let go before it opened (drop or close): whoever waits for this open hears `false` (letGo closes it).
      const abandon = () => {
        stopWaiting();
        resolve(false);
      };
      this.#abandonOpen = abandon;
      socket.onopen = () => {
        opened = true;
        this.#blocks.stop();
        stopWaiting();
        this.#liveness = new Liveness(this.#options.timeouts, this.#options.now);
        this.#trips = new RoundTrips();
        this.#pacer = new UplinkPacer(this.#trips);
        this.#options.onOpen?.();
        resolve(true);
      };
      socket.onclose = (event) => {
        if (opened) {
          if (this.#socket === socket) this.#socket = null;
          return this.#options.onClose(event.code, event.reason);
        }
        refused();
        resolve(false);
      };
      // A close event follows and carries what we need; but not for a socket the page's policy refused (Chromium).
      socket.onerror = () =>
        void this.#blocks.report().then((blocked) => {
          if (!blocked || this.#abandonOpen !== abandon) return;
          refused();
          reject(blocked);
        });
      socket.onmessage = (event) => {
        this.#liveness.heard();
        this.#options.onMessage(event.data);
      };
    });
  }
}

function letGo(socket: SocketLike, sayEnd: boolean): void {
  detach(socket);
  // Closing (2) or closed (3) already: nothing to say or close.
  if (socket.readyState > 1) return;
  if (socket.readyState === 1 && sayEnd) {
    try {
      socket.send(encodeMessage({ type: 'end' }));
    } catch {
      // The socket is going away anyway.
    }
  }
  socket.close(1000);
}

function detach(socket: SocketLike): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
}
