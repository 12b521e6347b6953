/** The timers of one call or one connection, cleared together when it is over. */
export class Timers {
  readonly #pending = new Set<ReturnType<typeof setTimeout>>();

  after(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.#pending.delete(timer);
      fn();
    }, ms);
    this.#pending.add(timer);
    return timer;
  }

  /** Runs `fn` every `ms` until it returns false or the timers are cleared. */
  every(ms: number, fn: () => boolean | void): void {
    const tick = () => {
      if (fn() !== false) this.after(ms, tick);
    };
    this.after(ms, tick);
  }

  clear(timer: ReturnType<typeof setTimeout> | null | undefined): void {
    if (timer === null || timer === undefined) return;
    clearTimeout(timer);
    this.#pending.delete(timer);
  }

  clearAll(): void {
    for (const timer of this.#pending) clearTimeout(timer);
    this.#pending.clear();
  }
}
