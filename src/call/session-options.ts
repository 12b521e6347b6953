// What a CallSession is built with: its audio factory, where the visit is kept, its network (fakes in tests), its
// clock; and, where a page gives none, the defaults: the global fetch and WebSocket, performance.now and the
// browser's online/offline hints.
import type { AudioRequest, AudioSink, FrameSource } from './audio-ports.ts';
import type { ConnectionTimeouts, SocketLike } from './connection.ts';
import { browserNetworkHints, type NetworkHints } from './network-hints.ts';
import { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from './reconnect-policy.ts';
import type { VisitValues } from './visit-store.ts';

export interface Timeouts extends ConnectionTimeouts {
  /** From sending `end` to the server's `ended`/close. */
  endMs: number;
  /** Longest wait for the agent's last sentence to finish playing after the service ended the call. */
  drainMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  ticketMs: 10_000,
  // The first ticket after a drop: one on a new connection with TLS takes four round trips, so 2 s, or five of the
  // line's last round trips where longer (a satellite's: 3.3 s). Longer, it went on a dead connection
  // (Connection.openOnce), and the next attempt goes on a new one: a handover's call is live again within 12 s.
  reconnectTicketMs: 2_000,
  connectMs: 10_000,
  readyMs: 15_000,
  endMs: 3_000,
  drainMs: 20_000,
  // A ping is a few bytes (with TCP/IP about 3 kbit/s each way at this pace, 1% of the stream): five a second
  // find a line backing up behind the audio soon enough to keep the service from hearing the visitor 2 s late
  // (uplink-pacer.ts; at 500 ms the backlog reached 1.8 s before it was seen), and an outage shows in a second.
  pingMs: 200,
  // Long enough for an outage of 4 s to pass on the same socket (every new socket costs one of the visitor's 20
  // tickets an hour), short enough to find a dead link (a handover) and be live again within 12 s of it.
  livenessMs: 7_000,
};

export interface SessionOptions {
  /** Audio for one call; called at the start of each call, inside the user's gesture. With
   *  `microphone: false` (a typed call) the factory must not create or touch a microphone; its `source`
   *  is then ignored and may be null. */
  createAudio: (request: AudioRequest) => { source: FrameSource | null; sink: AudioSink };
  /** A new microphone for the call under way, when the visitor takes it back (Talk instead; inside their
   *  gesture); null where none can be had. */
  createMicrophone?: () => FrameSource | null;
  fetch?: typeof fetch;
  createSocket?: (url: string) => SocketLike;
  /** Where the visit tokens are kept: the page's store (pageVisitStore()), or in a worker its relay to the
   *  page's. Never a default here: a worker has no localStorage, and its file leaves the store's code out. */
  visits: VisitValues;
  /** A clock that never steps (performance.now): times the call — the link's liveness, the reconnection's
   *  outages, the uplink's pace, the call's length — whatever the visitor's wall clock does. */
  clock?: () => number;
  timeouts?: Partial<Timeouts>;
  reconnect?: Partial<ReconnectPolicy>;
  /** Online/offline hints; the browser's `navigator.onLine` and window events by default. */
  network?: NetworkHints;
  /** Where the browser reports what the page's Content-Security-Policy refused (`securitypolicyviolation`, on
   *  the global scope of the thread that asked: the page's, or the worker's); the global scope by default,
   *  none where it has no events (Node). */
  violations?: EventTarget | null;
}

/** The options with every default filled in. */
export type ResolvedSessionOptions = Required<Omit<SessionOptions, 'timeouts' | 'reconnect'>> & {
  timeouts: Timeouts;
  reconnect: ReconnectPolicy;
};

export function withDefaults(options: SessionOptions): ResolvedSessionOptions {
  return {
    ...options,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
    clock: options.clock ?? (() => performance.now()),
    createMicrophone: options.createMicrophone ?? (() => null),
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    reconnect: { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect },
    network: options.network ?? browserNetworkHints(),
    violations: options.violations !== undefined ? options.violations : globalEvents(),
  };
}

const globalEvents = (): EventTarget | null =>
  typeof (globalThis as Partial<EventTarget>).addEventListener === 'function' ? (globalThis as unknown as EventTarget) : null;
