import type { IncomingMessage } from 'node:http';
import type { AccountState } from './accounts.ts';
import type { AgentData } from './agents.ts';
import type { Clock } from './clock.ts';
import type { Limits, Timings } from './options.ts';
import type { SlidingWindowLimiter } from './rate-limit.ts';
import type { Synthesiser } from './synthesiser.ts';
import type { TicketStore } from './tickets.ts';
import type { UplinkMeters } from './uplink-meter.ts';
import type { VisitStore } from './visits.ts';

/** What one finished call left behind (GET /__simulator/calls lists them). */
export interface CallRecord {
  conversationId: string;
  publicId: string;
  account: string;
  /** Clock times (ms since the epoch) of the socket opening and the call ending. */
  connectedAt: number;
  endedAt: number;
  /** Why it ended: caller_hangup (`end`, or closed without it), agent_ended, max_duration,
   *  agent_deleted, connection_lost, server_error, setup_failed, message_too_big, server_shutdown. */
  reason: string;
  /** The caller sent `end` (a polite hang-up) rather than just closing. */
  endMessage: boolean;
  /** The set-up error code when reason is setup_failed. */
  errorCode?: string;
  /** Whether the call reached `ready`. Only live calls are billed. */
  wentLive: boolean;
  durationSeconds: number;
  billedSeconds: number;
  freeSeconds: number;
}

/** The simulated service's state, shared by its HTTP routes, its socket gate and its calls. */
export interface SimulatorContext {
  readonly agents: ReadonlyMap<string, AgentData>;
  accounts: Map<string, AccountState>;
  readonly tickets: TicketStore;
  readonly visits: VisitStore;
  readonly ticketLimiter: SlidingWindowLimiter;
  readonly clock: Clock;
  readonly limits: Limits;
  readonly timings: Timings;
  readonly synth: Synthesiser;
  readonly random: () => number;
  readonly log: (message: string) => void;
  /** Clock time the simulator was created (maintenance deadlines count from it). */
  readonly startedAt: number;
  readonly socketPath: string;
  /** Whether the request's Host header is one the simulator answers to (SimulatorOptions.allowedHosts). */
  hostAllowed(req: IncomingMessage): boolean;
  /** The origin the service is reached at: the configured public origin, or the request's (checked) Host. */
  serviceOrigin(req: IncomingMessage): string;
  /** See SimulatorOptions.publicPageOrigin (undefined: the service origin). */
  readonly publicPageOrigin: string | null | undefined;
  recordCall(record: CallRecord): void;
  /** The uplink levels of the latest calls (uplink-meter.ts). */
  readonly uplinkMeters: UplinkMeters;
}
