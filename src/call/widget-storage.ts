// What the widget keeps on an origin, all under one prefix: the visit tokens (visit-store.ts), the consent
// notice's acceptance, the agent and language remembered for the visit. Storage may be missing or throw
// (private mode, sandboxed frames); nothing here throws.

/** How long anything stored lasts: the service's visit, a day. */
export const VISIT_TTL_MS = 24 * 60 * 60 * 1000;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Where the storage can list its keys (localStorage can), `forgetStoredVisits` finds every entry of the widget. */
  readonly length?: number;
  key?(index: number): string | null;
}

/** Everything the widget stores on an origin starts with this. */
const WIDGET_PREFIX = 'voice-agent:';

/** Removes everything the widget stored on this origin (visits, consents, the agent and language it
 *  remembers: any service, any agent), where the storage can list its keys. */
export function forgetStoredVisits(storage: KeyValueStorage | null = defaultStorage()): void {
  if (!storage || typeof storage.key !== 'function') return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < (storage.length ?? 0); i++) {
      const k = storage.key(i);
      if (k?.startsWith(WIDGET_PREFIX)) keys.push(k);
    }
    for (const k of keys) storage.removeItem(k);
  } catch {
    // Storage that cannot be listed or written: nothing more can be removed.
  }
}

/** `localStorage` when the page may use it, else null. */
export function defaultStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
