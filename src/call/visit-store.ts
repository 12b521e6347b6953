// The visit token lets the agent remember what the visitor said earlier in the day (spec §4.9).
// Stored per service and public id; storage may be missing or throw (private mode, sandboxed frames).

import { defaultStorage, forgetStoredVisits, type KeyValueStorage, VISIT_TTL_MS } from './widget-storage.ts';

export { defaultStorage, forgetStoredVisits, type KeyValueStorage, VISIT_TTL_MS };

interface StoredVisit {
  visit: string;
  issuedAt: number;
}

export class VisitStore {
  readonly #storage: KeyValueStorage | null;
  readonly #now: () => number;

  constructor(storage: KeyValueStorage | null, now: () => number = Date.now) {
    this.#storage = storage;
    this.#now = now;
  }

  /** The stored visit token for this agent if it is younger than a day. */
  get(serverUrl: string, publicId: string): string | undefined {
    const stored = this.#read(key(serverUrl, publicId));
    if (!stored) return undefined;
    const age = this.#now() - stored.issuedAt;
    return age >= 0 && age < VISIT_TTL_MS ? stored.visit : undefined;
  }

  /** Remembers the token the service answered with. The same token keeps its first issue time,
   *  so the local copy never outlives the service's day. */
  put(serverUrl: string, publicId: string, visit: string): void {
    const k = key(serverUrl, publicId);
    const previous = this.#read(k);
    const issuedAt = previous?.visit === visit ? previous.issuedAt : this.#now();
    try {
      this.#storage?.setItem(k, JSON.stringify({ visit, issuedAt } satisfies StoredVisit));
    } catch {
      // Quota or access errors: the call works without remembering the visit.
    }
  }

  /** Removes the stored visit of this agent. */
  forget(serverUrl: string, publicId: string): void {
    this.#remove(key(serverUrl, publicId));
  }

  /** Removes everything the widget stored on this origin (see `forgetStoredVisits`). */
  forgetAll(): void {
    forgetStoredVisits(this.#storage);
  }

  #remove(k: string): void {
    try {
      this.#storage?.removeItem(k);
    } catch {
      // Access errors: nothing could have been stored either.
    }
  }

  #read(k: string): StoredVisit | undefined {
    try {
      const raw = this.#storage?.getItem(k);
      if (!raw) return undefined;
      const value = JSON.parse(raw) as Partial<StoredVisit>;
      if (typeof value.visit === 'string' && typeof value.issuedAt === 'number') {
        return { visit: value.visit, issuedAt: value.issuedAt };
      }
    } catch {
      // Unreadable entry: treated as absent.
    }
    return undefined;
  }
}

const PREFIX = 'voice-agent:visit:';
const key = (serverUrl: string, publicId: string) => `${PREFIX}${serverUrl}|${publicId}`;
