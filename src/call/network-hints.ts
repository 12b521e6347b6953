// The browser's idea of whether it is online. Only a hint: `navigator.onLine` can be true on a dead
// network and `offline` can fire on a link that still works, so it never ends a call by itself.

export interface NetworkHints {
  readonly online: boolean;
  /** Calls `listener` on each change; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

interface EventSourceLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Hints from `navigator.onLine` and the window's `online`/`offline` events; always online where there are none. */
export function browserNetworkHints(scope: unknown = globalThis): NetworkHints {
  const target = scope as Partial<EventSourceLike> & { navigator?: { onLine?: unknown } };
  const read = () => target.navigator?.onLine !== false;
  return {
    get online() {
      return read();
    },
    subscribe(listener) {
      if (typeof target.addEventListener !== 'function' || typeof target.removeEventListener !== 'function') {
        return () => {};
      }
      const online = () => listener(true);
      const offline = () => listener(false);
      target.addEventListener('online', online);
      target.addEventListener('offline', offline);
      return () => {
        target.removeEventListener?.('online', online);
        target.removeEventListener?.('offline', offline);
      };
    },
  };
}
