import { newToken } from './tokens.ts';

export interface Ticket {
  token: string;
  publicId: string;
  /** Origin the ticket was requested from; the socket must come from the same one. null: no Origin sent. */
  origin: string | null;
  visit: string;
  /** The visit token was one the simulator already knew (the agent greets the visitor back). */
  returningVisit: boolean;
  expiresAt: number;
  used: boolean;
}

export type Redemption = { ok: true; ticket: Ticket } | { ok: false; why: 'unknown' | 'used' | 'expired' | 'origin' };

/** Single-use call tickets with an expiry. */
export class TicketStore {
  readonly #tickets = new Map<string, Ticket>();
  readonly #ttlMs: number;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  issue(fields: Pick<Ticket, 'publicId' | 'origin' | 'visit' | 'returningVisit'>, now: number): Ticket {
    this.#forgetStale(now);
    const ticket: Ticket = { ...fields, token: newToken('tk'), expiresAt: now + this.#ttlMs, used: false };
    this.#tickets.set(ticket.token, ticket);
    return ticket;
  }

  /** Uses the ticket up if it is valid for a socket opened from `origin` (null: no Origin header).
   *  A wrong-origin attempt does not use it up, so another site cannot burn a visitor's ticket. */
  redeem(token: string | null, origin: string | null, now: number): Redemption {
    const ticket = token ? this.#tickets.get(token) : undefined;
    if (!ticket) return { ok: false, why: 'unknown' };
    if (ticket.used) return { ok: false, why: 'used' };
    if (now >= ticket.expiresAt) return { ok: false, why: 'expired' };
    if (ticket.origin !== null && ticket.origin !== origin) return { ok: false, why: 'origin' };
    ticket.used = true;
    return { ok: true, ticket };
  }

  clear(): void {
    this.#tickets.clear();
  }

  /** Used tickets are kept until they expire, so a second use is told "used", not "unknown". */
  #forgetStale(now: number): void {
    for (const [token, ticket] of this.#tickets) if (now >= ticket.expiresAt + this.#ttlMs) this.#tickets.delete(token);
  }
}
