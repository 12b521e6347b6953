// When and how often a call whose line dropped after `ready` tries again: soon enough that the visitor hardly
// notices, bounded so that a line that cannot come back ends in CONNECTION_LOST rather than in tickets spent forever.
// Each try is a fresh ticket (carrying the visit token) and a new socket; on the service it is a new call.
import { CallError } from './errors.ts';
import { TicketAnswerError } from './ticket.ts';

export interface ReconnectPolicy {
  /** Tickets asked for per drop, handshake retries included. */
  maxTickets: number;
  /** From the drop to giving up with `CONNECTION_LOST`, whatever is under way then. */
  giveUpMs: number;
  /** Pause before the n-th ticket of a drop (the last value repeats). Skipped when the browser comes back online. */
  delaysMs: readonly number[];
  /** A line that drops again within this long of coming back is the same outage (same tickets, same
   *  deadline): a service that cuts every call soon after `ready` ends in CONNECTION_LOST, not a loop. */
  stableMs: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  maxTickets: 4,
  giveUpMs: 20_000,
  delaysMs: [0, 1_000, 3_000, 6_000],
  stableMs: 10_000,
};

/** The tickets left to one drop. */
export class ReconnectBudget {
  #ticketsTaken = 0;

  readonly #policy: ReconnectPolicy;

  constructor(policy: ReconnectPolicy) {
    this.#policy = policy;
  }

  /** The pause before the next ticket, or null when none is left. */
  nextDelay(): number | null {
    if (this.#ticketsTaken >= this.#policy.maxTickets) return null;
    const { delaysMs } = this.#policy;
    return delaysMs[Math.min(this.#ticketsTaken++, delaysMs.length - 1)] ?? 0;
  }
}

/**
 * A failed reconnection attempt either ends the call with its own code (a 4xx ticket answer: the service
 * said no, and asking again will not change that) or is one spent attempt (network errors, timeouts, 5xx,
 * a socket that never opened or closed before `ready`).
 */
export function isFinalReconnectFailure(error: unknown): error is CallError {
  return error instanceof TicketAnswerError && error.status >= 400 && error.status < 500;
}

export const GIVE_UP_MESSAGE = 'The connection was lost and could not be restored.';
