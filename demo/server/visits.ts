import { newToken } from './tokens.ts';

export interface Visit {
  token: string;
  publicId: string;
  expiresAt: number;
  /** What the visitor typed during the visit, oldest first (the agent "knows what was said"); only the
   *  latest turns are kept (see VisitBounds). Add to it with `rememberTyped`. */
  typed: string[];
  /** The agent's scripted failure has happened in one of this visit's calls. */
  failed: boolean;
  /** Ticket requests carrying this visit's token are cut at the network level (failure.thenUnreachable). */
  unreachable: boolean;
}

/** Adds a typed turn to the visit, forgetting its oldest turns past the bounds (Limits.maxTypedTurns,
 *  maxTypedChars), so a flood of typed text cannot grow the simulator without bound. */
export function rememberTyped(visit: Visit, text: string, bounds: { maxTypedTurns: number; maxTypedChars: number }): void {
  visit.typed.push(text.slice(0, bounds.maxTypedChars));
  let chars = visit.typed.reduce((sum, turn) => sum + turn.length, 0);
  while (visit.typed.length > bounds.maxTypedTurns || chars > bounds.maxTypedChars) chars -= visit.typed.shift()!.length;
}

/** Visit tokens: valid one day from their creation, one agent each. */
export class VisitStore {
  /** In creation order, which is also expiry order (one validity for all). */
  readonly #visits = new Map<string, Visit>();
  readonly #ttlMs: number;
  readonly #maxVisits: number;

  /** `maxVisits`: visits kept at once; past it, the oldest are forgotten first. */
  constructor(ttlMs: number, maxVisits: number) {
    this.#ttlMs = ttlMs;
    this.#maxVisits = maxVisits;
  }

  get size(): number {
    return this.#visits.size;
  }

  /** The visit named by `token` if it is still valid for this agent, otherwise a new one. */
  resolve(token: string | undefined, publicId: string, now: number): { visit: Visit; returning: boolean } {
    const known = token === undefined ? undefined : this.#visits.get(token);
    if (known && known.publicId === publicId && now < known.expiresAt) return { visit: known, returning: true };
    this.#forgetOld(now);
    const visit: Visit = { token: newToken('vs'), publicId, expiresAt: now + this.#ttlMs, typed: [], failed: false, unreachable: false };
    this.#visits.set(visit.token, visit);
    return { visit, returning: false };
  }

  get(token: string): Visit | undefined {
    return this.#visits.get(token);
  }

  clear(): void {
    this.#visits.clear();
  }

  /** Expired visits, then the oldest ones past the bound (room for one more). */
  #forgetOld(now: number): void {
    for (const [key, visit] of this.#visits) {
      if (now < visit.expiresAt && this.#visits.size < this.#maxVisits) break;
      this.#visits.delete(key);
    }
  }
}
