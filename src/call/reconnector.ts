// Brings a call's line back after it dropped mid-call, so that a moment without network does not end the
// conversation: pause → fresh ticket → new socket → `ready`, within one outage's tickets and deadline
// (ReconnectPolicy), then gives up. While the browser says it is offline no ticket is spent: the pause lasts
// until it is back online, never past the deadline.
// The session decides what is a drop and what a close means; this module only runs the attempts.
import type { Connection } from './connection.ts';
import { CallError } from './errors.ts';
import type { NetworkHints } from './network-hints.ts';
import { GIVE_UP_MESSAGE, isFinalReconnectFailure, ReconnectBudget, type ReconnectPolicy } from './reconnect-policy.ts';
import { Timers } from './timers.ts';

export interface ReconnectorOptions {
  link: Connection;
  policy: ReconnectPolicy;
  network: NetworkHints;
  now: () => number;
  /** The line cannot come back: CONNECTION_LOST once the outage is spent, or the service's own answer (a 4xx
   *  ticket answer). The reconnector has stopped when this is called; the call ends. */
  onFail: (error: CallError) => void;
}

/** One outage: its tickets, when it began, and when the line last came back (Infinity while it is down). */
interface Outage {
  budget: ReconnectBudget;
  droppedAt: number;
  backAt: number;
}

export class Reconnector {
  #outage: Outage | null = null;
  readonly #timers = new Timers();
  #giveUpTimer: ReturnType<typeof setTimeout> | null = null;
  /** Settles the attempt under way: true once `ready` came, false when it failed. */
  #attemptDone: ((ready: boolean) => void) | null = null;
  /** Ends the pause before the next ticket early. */
  #wake: (() => void) | null = null;
  /** The timed end of the pause under way (none while it waits for the browser to be back online). */
  #pauseTimer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;

  readonly #options: ReconnectorOptions;

  constructor(options: ReconnectorOptions) {
    this.#options = options;
  }

  /** The line is being brought back (from a drop until `back()`, or until the call is over). */
  get reconnecting(): boolean {
    return !this.#stopped && this.#outage?.backAt === Infinity;
  }

  /** The line dropped after `ready`: brings it back. Resolves once it is back, or once the call ended. */
  async dropped(): Promise<void> {
    if (this.#stopped) return;
    const { policy, now } = this.#options;
    const at = now();
    // A line that drops again soon after coming back is the same outage: its tickets and its deadline go on.
    if (!this.#outage || at - this.#outage.backAt >= policy.stableMs) {
      this.#outage = { budget: new ReconnectBudget(policy), droppedAt: at, backAt: Infinity };
    }
    const outage = this.#outage;
    outage.backAt = Infinity;
    const left = outage.droppedAt + policy.giveUpMs - at;
    this.#giveUpTimer = this.#timers.after(Math.max(0, left), () => this.#giveUp());
    await this.#retry(outage.budget);
  }

  /** `ready` came on the new socket: the line is back. */
  back(): void {
    if (this.#outage) this.#outage.backAt = this.#options.now();
    this.#timers.clear(this.#giveUpTimer);
    this.#giveUpTimer = null;
    this.#attemptDone?.(true);
  }

  /** The new socket closed (or died) before `ready`: that attempt is spent, the next one follows. */
  attemptFailed(): void {
    this.#attemptDone?.(false);
  }

  /** The browser is back online: the pause before the next ticket ends now. */
  online(): void {
    this.#wake?.();
  }

  /** The browser went offline: the pause under way lasts until it is back online (the deadline still runs),
   *  so no ticket is spent on a network the browser says is down. */
  offline(): void {
    this.#timers.clear(this.#pauseTimer);
    this.#pauseTimer = null;
  }

  /** The call is over: whatever is under way stops and settles. */
  stop(): void {
    this.#stopped = true;
    this.#timers.clearAll();
    this.#giveUpTimer = null;
    this.#wake?.();
    this.#attemptDone?.(false);
  }

  async #retry(budget: ReconnectBudget): Promise<void> {
    const { now } = this.#options;
    let attemptedAt = -Infinity;
    while (!this.#stopped) {
      const delay = budget.nextDelay();
      if (delay === null) return this.#giveUp();
      // The pause counts from the start of the attempt before: one that failed by timing out has waited already.
      await this.#pause(delay - (now() - attemptedAt));
      if (this.#stopped) return;
      const first = attemptedAt === -Infinity;
      attemptedAt = now();
      if ((await this.#attempt(first)) || this.#stopped) return;
      this.#options.link.drop();
    }
  }

  /** One ticket and one socket, up to `ready`: true once it came. The first of an outage may go on a connection
   *  of the dead path (see Connection.openOnce). */
  async #attempt(first: boolean): Promise<boolean> {
    const { link } = this.#options;
    // Settled by `ready` (which may come with the `open`, before openOnce resolves), by a close before it,
    // by the `ready` timeout, or by stop().
    let settled = false;
    let done!: (ready: boolean) => void;
    const ready = new Promise<boolean>((resolve) => {
      done = (value) => {
        settled = true;
        resolve(value);
      };
    });
    this.#attemptDone = done;
    try {
      if (!(await link.openOnce(first)) || this.#stopped) return false;
      if (!settled) link.awaitReady(() => this.attemptFailed());
      return await ready;
    } catch (error) {
      // A 4xx ticket answer is the service saying no; anything else (network, timeout, 5xx) is one spent attempt.
      if (isFinalReconnectFailure(error)) this.#fail(error);
      return false;
    } finally {
      // The line may have come back and dropped again before this runs: the next attempt is not ours to clear.
      if (this.#attemptDone === done) this.#attemptDone = null;
    }
  }

  /** `ms`, or, while the browser says it is offline, until it is back online (the deadline still runs). */
  #pause(ms: number): Promise<void> {
    const { network } = this.#options;
    if (ms <= 0 && network.online) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.#timers.clear(this.#pauseTimer);
        this.#pauseTimer = null;
        this.#wake = null;
        resolve();
      };
      this.#pauseTimer = network.online ? this.#timers.after(ms, wake) : null;
      this.#wake = wake;
    });
  }

  /** The outage's tickets or its deadline are spent. */
  #giveUp(): void {
    this.#fail(new CallError('CONNECTION_LOST', GIVE_UP_MESSAGE));
  }

  #fail(error: CallError): void {
    if (this.#stopped) return;
    this.stop();
    this.#options.onFail(error);
  }
}
