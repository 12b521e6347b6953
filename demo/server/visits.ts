import { newToken } from './tokens.ts';

export interface Visit {
  token: string;
  publicId: string;
  expiresAt: number;
  /** What the visitor typed during the visit, oldest first (the agent "knows what was said"). */
  typed: string[];
  /** The agent's scripted failure has happened in one of this visit's calls. */
  failed: boolean;
  /** Ticket requests carrying this visit's token are cut at the network level (failure.thenUnreachable). */
  unreachable: boolean;
}

/** Visit tokens: valid one day from their creation, one agent each. */
export class VisitStore {
  readonly #visits = new Map<string, Visit>();
  readonly #ttlMs: number;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The visit named by `token` if it is still valid for this agent, otherwise a new one. */
  resolve(token: string | undefined, publicId: string, now: number): { visit: Visit; returning: boolean } {
    const known = token === undefined ? undefined : this.#visits.get(token);
    if (known && known.publicId === publicId && now < known.expiresAt) return { visit: known, returning: true };
    for (const [key, old] of this.#visits) if (now >= old.expiresAt) this.#visits.delete(key);
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
}
