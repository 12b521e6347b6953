// What the widget keeps for a visit: the service's visit tokens, the consent notice's acceptance, the agent of
// the last call and the visitor's language, each under a `voice-agent:` key. Kept for a day (the service's
// visit), in the page's memory and, when the widget may remember the visitor (`remember="visit"`), in
// localStorage. Storage may be missing or throw (private mode, sandboxed frames): the page's memory then
// answers. Nothing here throws, and what storage gives back is checked by the caller like a server message.

/** How long anything kept lasts: the service's visit, a day. */
export const VISIT_TTL_MS = 24 * 60 * 60 * 1000;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Where the storage can list its keys (localStorage can), `forgetAll` finds every entry of the widget. */
  readonly length?: number;
  key?(index: number): string | null;
}

/** Everything the widget stores on an origin starts with this. */
const PREFIX = 'voice-agent:';

/** Which agent (service and public id) a value belongs to, in its key. */
export const agentKey = (kind: string, serverUrl: string, publicId: string): string =>
  `${PREFIX}${kind}:${serverUrl}|${publicId}`;

export const LANG_KEY = `${PREFIX}lang`;

interface Entry {
  value: unknown;
  /** When the value was first kept (the wall clock). */
  at: number;
}

/** What a call needs of the store: the session's visit tokens use only this (in a worker, a relay to the
 *  page's store). */
export type VisitValues = Pick<VisitStore, 'get' | 'put' | 'forget' | 'forgetAll'>;

export class VisitStore {
  readonly #memory = new Map<string, Entry>();
  readonly #storage: KeyValueStorage | null;
  /** This tab's storage (sessionStorage): the call the next page may continue is kept there. */
  readonly #tab: KeyValueStorage | null;
  readonly #now: () => number;

  constructor(storage: KeyValueStorage | null = defaultStorage(), now: () => number = Date.now, tab = defaultStorage('sessionStorage')) {
    this.#storage = storage;
    this.#now = now;
    this.#tab = tab;
  }

  /** Something is kept under `key` for this tab. */
  hasForTab(key: string): boolean {
    try {
      return !!this.#tab?.getItem(key);
    } catch {
      return false;
    }
  }

  /** The value kept under `key`, if younger than a day: this page's, else (when `stored` may be read) the
   *  one in storage. */
  get(key: string, stored: boolean): unknown {
    const entry = this.#memory.get(key) ?? (stored ? this.#read(key) : undefined);
    return entry && this.#fresh(entry) ? entry.value : undefined;
  }

  /** Keeps `value` on this page and, when `stored`, in storage (else any earlier stored value is removed).
   *  The same value put again keeps its first time, so a local copy never outlives the service's day. */
  put(key: string, value: unknown, stored: boolean): void {
    const previous = this.#memory.get(key) ?? this.#read(key);
    const same = previous && this.#fresh(previous) && JSON.stringify(previous.value) === JSON.stringify(value);
    const entry: Entry = { value, at: same ? previous.at : this.#now() };
    this.#memory.set(key, entry);
    if (!stored) return this.#remove(key);
    try {
      this.#storage?.setItem(key, JSON.stringify(entry));
    } catch {
      // Storage refused (private mode, quota): kept for this page only.
    }
  }

  /** Removes the value under `key`, here and in storage. */
  forget(key: string): void {
    this.#memory.delete(key);
    this.#remove(key);
  }

  /** Removes everything the widget kept on this page and stored on this origin (any service, any agent),
   *  where the storage can list its keys. */
  forgetAll(): void {
    this.#memory.clear();
    for (const storage of [this.#storage, this.#tab]) {
      if (!storage || typeof storage.key !== 'function') continue;
      try {
        const keys: string[] = [];
        for (let i = 0; i < (storage.length ?? 0); i++) {
          const k = storage.key(i);
          if (k?.startsWith(PREFIX)) keys.push(k);
        }
        keys.forEach((k) => storage.removeItem(k));
      } catch {
        // Storage that cannot be listed or written: nothing more can be removed.
      }
    }
  }

  #fresh(entry: Entry): boolean {
    const age = this.#now() - entry.at;
    return age >= 0 && age < VISIT_TTL_MS;
  }

  #remove(key: string): void {
    try {
      this.#storage?.removeItem(key);
    } catch {
      // Access errors: nothing could have been stored either.
    }
  }

  /** A stored entry, in today's shape `{value, at}` or in the shapes of earlier versions: a visit token as
   *  `{visit, issuedAt}`, a consent as the time it was accepted. */
  #read(key: string): Entry | undefined {
    try {
      const raw = this.#storage?.getItem(key);
      if (!raw) return undefined;
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'number') return { value: true, at: parsed };
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      const { value, at, visit, issuedAt } = parsed as Record<string, unknown>;
      if (typeof at === 'number') return { value, at };
      if (typeof visit === 'string' && typeof issuedAt === 'number') return { value: visit, at: issuedAt };
    } catch {
      // Unreadable entry: treated as absent.
    }
    return undefined;
  }
}

/** `localStorage` (or `sessionStorage`) when the page may use it, else null. */
export function defaultStorage(which: 'localStorage' | 'sessionStorage' = 'localStorage'): KeyValueStorage | null {
  try {
    return globalThis[which] ?? null;
  } catch {
    return null;
  }
}

let pageStore: VisitStore | null = null;

/** The page's one store, shared by every widget on it (a widget re-mounted keeps what was kept). */
export function pageVisitStore(): VisitStore {
  return (pageStore ??= new VisitStore());
}
