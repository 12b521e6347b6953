/** A small typed event emitter; a listener that throws is reported, never breaks the emitter's caller. */
export class Emitter<Events extends object> {
  #listeners = new Map<keyof Events, Set<(detail: never) => void>>();

  on<K extends keyof Events>(name: K, listener: (detail: Events[K]) => void): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as (detail: never) => void);
    return () => set.delete(listener as (detail: never) => void);
  }

  protected emit<K extends keyof Events>(name: K, detail: Events[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        (listener as (detail: Events[K]) => void)(detail);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
