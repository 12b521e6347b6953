// The link to the service for one call: ticket, socket, handshake retry, the wait for `ready`, pings while
// live (whether the link is alive is Liveness's rule) and the bound on audio queued behind a slow uplink. It
// knows nothing of the call's states; the session decides what a close or a silent link means.
import { encodeMessage, type ClientMessage } from '../protocol/index.ts';
import { CallError, describeError } from './errors.ts';
import { Liveness, type LivenessTimeouts } from './liveness.ts';
import { requestTicket, type Ticket } from './ticket.ts';
import { Timers } from './timers.ts';

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
}

/** Frames are held back while the socket has more than this unsent (0.5 s of 16 kHz audio). */
export const MAX_BUFFERED_BYTES = 16 * 1024;
/** Frames held back behind a slow uplink, at most (0.5 s of 20 ms frames); older ones are dropped. */
export const MAX_QUEUED_FRAMES = 25;

export class Connection {
  #socket: SocketLike | null = null;
  /** Timers of the current socket (open timeout, `ready` wait, liveness), cleared when it is let go. */
  readonly #timers = new Timers();
  #readyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Settles the open under way (false) when the socket is let go before it opened. */
  #abandonOpen: (() => void) | null = null;
  readonly #abort = new AbortController();
  /** The current socket's (a new one at each `open`). */
  #liveness: Liveness;
  /** Frames waiting for the socket to drain (see sendFrame). */
  #queued: ArrayBuffer[] = [];
  #closed = false;

  readonly #options: ConnectionOptions;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#liveness = new Liveness(options.timeouts, options.now);
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
   *  was closed meanwhile); rejects with a CallError when the ticket or the socket failed otherwise. */
  async openOnce(): Promise<boolean> {
    const ticket = await this.#fetchTicket();
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
      socket.send(encodeMessage(message));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Hands one audio frame to the socket; returns how many frames went out. Behind a slow uplink (the socket
   * has more than MAX_BUFFERED_BYTES unsent) frames wait here, at most MAX_QUEUED_FRAMES of them: the oldest
   * is dropped (counted) for each new one, so what goes out when the link catches up is the newest audio,
   * and pings are never stuck behind seconds of it.
   */
  sendFrame(frame: ArrayBuffer): number {
    const socket = this.#socket;
    if (!socket || socket.readyState !== 1) return 0;
    this.#queued.push(frame);
    if (this.#queued.length > MAX_QUEUED_FRAMES) {
      this.#queued.shift();
      this.#options.stats.framesDropped++;
    }
    let sent = 0;
    while (this.#queued.length && socket.bufferedAmount <= MAX_BUFFERED_BYTES) {
      socket.send(this.#queued.shift()!);
      sent++;
    }
    return sent;
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

  /** The service said `ready` on this socket: the wait for it ends, and from now on the socket is pinged every
   *  `pingMs` while `wanted()`; `onSilent` reports it once Liveness finds the link dead. */
  ready(wanted: () => boolean): void {
    this.#timers.clear(this.#readyTimer);
    this.#readyTimer = null;
    this.#timers.every(this.#options.timeouts.pingMs, () => {
      if (!this.isOpen) return false;
      if (!wanted()) return;
      if (!this.#liveness.tick()) {
        this.#options.onSilent();
        return false;
      }
      this.send({ type: 'ping' });
    });
  }

  /** The service answered a ping. */
  ponged(): void {
    const rttMs = this.#liveness.ponged();
    if (rttMs !== null) this.#options.stats.rttMs = rttMs;
  }

  /** Closes the link for good (1000). `sayEnd` sends `end` first when the socket is open. */
  close(sayEnd: boolean): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#abort.abort();
    this.#letGo(sayEnd);
  }

  /** Lets the current socket go with its timers, its queued frames and the open that waits for it. */
  #letGo(sayEnd: boolean): void {
    this.#abandonOpen?.();
    this.#timers.clearAll();
    this.#readyTimer = null;
    this.#queued = [];
    const socket = this.#socket;
    this.#socket = null;
    if (socket) letGo(socket, sayEnd);
  }

  async #fetchTicket(): Promise<Ticket> {
    const { serverUrl, publicId } = this.#options.target;
    const ticket = await requestTicket({
      serverUrl,
      publicId,
      visit: this.#options.visits.get(),
      fetch: this.#options.fetch,
      timeoutMs: this.#options.timeouts.ticketMs,
      signal: this.#abort.signal,
    });
    if (ticket.visit) this.#options.visits.put(ticket.visit);
    return ticket;
  }

  /** Resolves true with the socket open, false when it closed before opening (handshake refused) or was let go
   *  meanwhile; rejects when it could not be created or did not open in time. */
  #openSocket(ticket: Ticket): Promise<boolean> {
    const url = new URL(ticket.wsUrl);
    url.searchParams.set('token', ticket.token);
    return new Promise((resolve, reject) => {
      let socket: SocketLike;
      try {
        socket = this.#options.createSocket(url.href);
      } catch (error) {
        return reject(new CallError('CONNECTION_LOST', `The call socket could not be opened (${describeError(error)}).`));
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
        stopWaiting();
        this.#liveness = new Liveness(this.#options.timeouts, this.#options.now);
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
      socket.onerror = () => {}; // a close event always follows; it carries what we need
      socket.onmessage = (event) => {
        this.#liveness.heard();
        this.#options.onMessage(event.data);
      };
    });
  }
}

function letGo(socket: SocketLike, sayEnd: boolean): void {
  detach(socket);
  if (socket.readyState === 0 || socket.readyState === 1) {
    if (socket.readyState === 1 && sayEnd) trySend(socket, encodeMessage({ type: 'end' }));
    socket.close(1000);
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
}

function trySend(socket: SocketLike, message: string): void {
  try {
    socket.send(message);
  } catch {
    // The socket is going away anyway.
  }
}
