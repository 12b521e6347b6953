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
  connectMs: 10_000,
  readyMs: 15_000,
  endMs: 3_000,
  drainMs: 20_000,
  pingMs: 2_500,
  livenessMs: 7_000,
};

export interface SessionOptions {
  /** Audio for one call; called at the start of each call, inside the user's gesture. With
   *  `microphone: false` (a typed call) the factory must not create or touch a microphone; its `source`
   *  is then ignored and may be null. */
  createAudio: (request: AudioRequest) => { source: FrameSource | null; sink: AudioSink };
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
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    reconnect: { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect },
    network: options.network ?? browserNetworkHints(),
  };
}
