// The order phrases are synthesised in: one at a time (a call's newest answer waits behind one phrase at most),
// a caller's phrase before any phrase prepared ahead (the demo agents' phrases, prepared at start), and a
// prepared phrase that a caller asks for moved up to the callers' turn.
type Job = () => Promise<void>;

export class SynthesisQueue {
  readonly #callers: Job[] = [];
  readonly #ahead: { key: string; job: Job }[] = [];
  #running = false;

  /** Runs `work` in its turn; `ahead`: only once no caller waits. */
  add<T>(key: string, work: () => Promise<T>, ahead = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job = () => work().then(resolve, reject);
      if (ahead) this.#ahead.push({ key, job });
      else this.#callers.push(job);
      void this.#run();
    });
  }

  /** A caller waits for the phrase `key` prepared ahead: it goes with the callers' phrases. */
  hurry(key: string): void {
    const index = this.#ahead.findIndex((waiting) => waiting.key === key);
    if (index >= 0) this.#callers.push(this.#ahead.splice(index, 1)[0]!.job);
  }

  async #run(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    for (let job = this.#next(); job; job = this.#next()) await job();
    this.#running = false;
  }

  #next(): Job | undefined {
    return this.#callers.shift() ?? this.#ahead.shift()?.job;
  }
}
