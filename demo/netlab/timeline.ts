// A script of link changes at offsets from a start the caller chooses (a call going live, a bench run):
// steady 4 s then jitter, an outage from 6 s to 10 s, a handover at 5 s. One timer, re-armed for the next
// step, so that steps at the same offset run in the order they are listed.
import { normaliseConditions, type LinkConditionsInput } from './conditions.ts';

export interface TimelineStep {
  /** Offset from the timeline's start, ms. */
  atMs: number;
  /** The link's conditions from then on (they replace the earlier ones; what is left out is the default). */
  set?: LinkConditionsInput;
  /** The connections open then never deliver again; later ones work (Wi-Fi → 4G). */
  handover?: boolean;
}

/** The steps checked (a bad one throws before anything runs) and in time order, equal offsets as listed. */
export function checkTimeline(steps: readonly TimelineStep[]): TimelineStep[] {
  if (!Array.isArray(steps as unknown)) throw new RangeError('a timeline is an array of steps');
  return steps
    .map((step, index) => {
      if (typeof step !== 'object' || step === null) throw new RangeError(`timeline[${index}] must be an object`);
      if (typeof step.atMs !== 'number' || !Number.isFinite(step.atMs) || step.atMs < 0) {
        throw new RangeError(`timeline[${index}].atMs must be a finite number ≥ 0`);
      }
      if (step.set !== undefined) normaliseConditions(step.set);
      if (step.handover !== undefined && typeof step.handover !== 'boolean') throw new RangeError(`timeline[${index}].handover must be a boolean`);
      return { step, index };
    })
    .sort((a, b) => a.step.atMs - b.step.atMs || a.index - b.index)
    .map(({ step }) => step);
}

/** Runs one timeline at a time; starting another cancels the first. */
export class TimelineRunner {
  #apply: (step: TimelineStep) => void;
  #now: () => number;
  #steps: TimelineStep[] = [];
  #next = 0;
  #startedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(apply: (step: TimelineStep) => void, now: () => number = () => performance.now()) {
    this.#apply = apply;
    this.#now = now;
  }

  /** Starts `steps` now (steps at offset 0 run at once); returns the start, on the `now` clock. */
  start(steps: readonly TimelineStep[]): number {
    const checked = checkTimeline(steps);
    this.cancel();
    this.#steps = checked;
    this.#next = 0;
    this.#startedAt = this.#now();
    this.#run();
    return this.#startedAt;
  }

  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#steps = [];
  }

  /** Offsets of the steps still to come. */
  get pendingMs(): number[] {
    return this.#steps.slice(this.#next).map((s) => s.atMs);
  }

  #run(): void {
    this.#timer = undefined;
    const elapsed = this.#now() - this.#startedAt;
    while (this.#next < this.#steps.length && this.#steps[this.#next]!.atMs <= elapsed) {
      this.#apply(this.#steps[this.#next++]!);
    }
    const upcoming = this.#steps[this.#next];
    if (upcoming) this.#timer = setTimeout(() => this.#run(), Math.max(0, Math.ceil(upcoming.atMs - elapsed)));
  }
}
