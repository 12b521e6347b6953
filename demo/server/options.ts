import { MAX_MESSAGE_BYTES } from '../../src/protocol/index.ts';
import type { Clock } from './clock.ts';
import type { AgentsData } from './agents.ts';
import type { Synthesiser } from './synthesiser.ts';

/** The service's limits (spec §8), overridable so tests need no two-minute sleeps. */
export interface Limits {
  ticketTtlMs: number;
  visitTtlMs: number;
  /** Visits remembered at once; past it, the oldest are forgotten (their tokens start new visits). */
  maxVisits: number;
  /** Typed turns remembered per visit (the latest ones). */
  maxTypedTurns: number;
  /** Typed characters remembered per visit (the latest turns whose total fits). */
  maxTypedChars: number;
  /** Tickets one IP address may obtain per `rateWindowMs`. */
  ticketsPerWindow: number;
  rateWindowMs: number;
  /** Running calls per account, for accounts whose data gives no `maxCalls`. */
  maxRunningCalls: number;
  /** A call needs at least this much of the account's time left to start. */
  minSecondsToStart: number;
  /** Calls shorter than this are not billed. */
  freeCallSeconds: number;
  /** Largest socket message accepted; a larger one closes the socket with 1009. */
  maxMessageBytes: number;
  /** Largest ticket request body read. */
  maxBodyBytes: number;
  /** A connection whose request (headers and body) or upgrade request has not fully arrived this long
   *  after it opened, or after its previous answer, is closed. */
  incompleteRequestMs: number;
  /** A kept-alive connection idle this long between requests is closed. Node's own default is 5 s, short
   *  enough that a page's warm-up request (GET /health) was often wasted: the connection was gone when the
   *  ticket request came. 60 s is what common fronts keep (a cloud load balancer's idle timeout; nginx's 75 s). */
  keepAliveMs: number;
}

/** Real-time durations of the simulated service. */
export interface Timings {
  /** Delay between the socket opening and `ready` (or the set-up `error`). */
  setupDelayMs: number;
  /** WebSocket-level ping period; a connection that has not answered the previous ping is dropped. */
  pingIntervalMs: number;
  /** How often a live call checks its clock against `maxSeconds`. */
  durationCheckMs: number;
  /** Caller silence that ends a caller turn. */
  endOfTurnSilenceMs: number;
  /** A caller turn longer than this is closed anyway (a microphone that never goes quiet). */
  maxTurnMs: number;
  /** Agent audio is sent this many times faster than real time. */
  audioPace: number;
  /** How fast the simulated caller is assumed to play agent audio (1 = real time). Only tests raise it,
   *  to hear a long answer in a fraction of its length; it must stay below `audioPace`. */
  playbackSpeed: number;
  /** Agent audio chunk lengths are drawn between these bounds. */
  minChunkMs: number;
  maxChunkMs: number;
  /** Time a tool takes to run. */
  toolDelayMs: number;
  /** Margin after the goodbye has had time to play before the agent hangs up. */
  hangupMarginMs: number;
}

export const defaultLimits: Limits = {
  ticketTtlMs: 2 * 60_000,
  visitTtlMs: 24 * 3_600_000,
  maxVisits: 1000,
  maxTypedTurns: 20,
  maxTypedChars: 4000,
  ticketsPerWindow: 20,
  rateWindowMs: 3_600_000,
  maxRunningCalls: 5,
  minSecondsToStart: 30,
  freeCallSeconds: 3,
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxBodyBytes: 64 * 1024,
  incompleteRequestMs: 10_000,
  keepAliveMs: 60_000,
};

export const defaultTimings: Timings = {
  // Spec §3.5: set-up takes one to a few seconds; the demo shows a realistic connecting phase.
  setupDelayMs: 1000,
  pingIntervalMs: 15_000,
  durationCheckMs: 250,
  endOfTurnSilenceMs: 700,
  maxTurnMs: 15_000,
  audioPace: 3,
  playbackSpeed: 1,
  minChunkMs: 40,
  maxChunkMs: 200,
  toolDelayMs: 400,
  hangupMarginMs: 300,
};

export interface SimulatorOptions {
  /** Path of an agents file (JSON, see agents.json); default: demo/server/agents.json. */
  agentsFile?: string;
  /** Agents data given directly (wins over `agentsFile`). */
  agents?: AgentsData;
  clock?: Clock;
  limits?: Partial<Limits>;
  timings?: Partial<Timings>;
  /** Origin of the agents' public pages, which every agent allows. Default: the origin the simulator is
   *  reached at (from the Host header), as on the real service. null: no public page — under
   *  `npm run demo` the page you load plays a customer's site, so it must not count as one. */
  publicPageOrigin?: string | null;
  /** The origin visitors reach the service at (`https://voice.example`): ticket answers' `wsUrl` and
   *  avatar URLs are built from it. Default: the request's Host header, once it has passed the check below. */
  publicOrigin?: string;
  /** Host names the simulator answers to besides localhost names and IP literals, with Vite's
   *  `server.allowedHosts` syntax (`.example.com` allows the name and its subdomains; `true`: any host).
   *  Requests and upgrades with another Host get 403 before any simulator route answers (DNS rebinding).
   *  The public origin's host is always allowed. */
  allowedHosts?: readonly string[] | true;
  /** Path of the call socket; default `/api/agents/socket`. */
  socketPath?: string;
  /** Synthesise the demo agents' fixed phrases right away instead of on the first ticket. */
  prewarm?: boolean;
  /** Where diagnostics go; default: nowhere. */
  log?: (message: string) => void;
  /** Speech synthesiser; default: a new espeak-ng one with its own cache (tests share one). */
  synthesiser?: Synthesiser;
  /** Source of randomness for chunk lengths (tests may fix it). */
  random?: () => number;
}
