// Energy-based voice activity detection on the caller's 16 kHz frames: a turn starts after a short run of
// loud blocks and ends after a run of quiet ones. Positions are in samples of the caller's stream, so the
// result does not depend on how fast frames arrive.
import { UPLINK_SAMPLE_RATE } from '../../src/protocol/index.ts';
import { measureLevel } from '../../worklets/dsp/levels.ts';

export interface VadOptions {
  sampleRate: number;
  /** Analysis block length. */
  blockMs: number;
  /** Loud audio needed to start a turn. */
  startMs: number;
  /** Quiet audio that ends a turn. */
  endSilenceMs: number;
  /** A turn is closed after this long even if the caller never goes quiet. */
  maxTurnMs: number;
  /** RMS (full scale = 1) below which a block is never speech, however quiet the room. */
  minThreshold: number;
}

export type VadEvent =
  | { type: 'start'; startSample: number }
  | { type: 'end'; startSample: number; endSample: number };

export const defaultVadOptions: VadOptions = {
  sampleRate: UPLINK_SAMPLE_RATE,
  blockMs: 20,
  startMs: 100,
  endSilenceMs: 700,
  maxTurnMs: 15_000,
  minThreshold: 0.01,
};

export class EnergyVad {
  readonly #blockSize: number;
  readonly #startBlocks: number;
  readonly #endBlocks: number;
  readonly #maxTurnSamples: number;
  readonly #minThreshold: number;
  readonly #block: Float32Array;
  #filled = 0;
  /** Samples analysed so far (whole blocks). */
  #position = 0;
  #noiseFloor: number;
  #loudRun = 0;
  #quietRun = 0;
  #turnStart = -1;
  #lastLoudEnd = 0;

  constructor(options: Partial<VadOptions> = {}) {
    const o = { ...defaultVadOptions, ...options };
    this.#blockSize = Math.round((o.sampleRate * o.blockMs) / 1000);
    this.#startBlocks = Math.max(1, Math.round(o.startMs / o.blockMs));
    this.#endBlocks = Math.max(1, Math.round(o.endSilenceMs / o.blockMs));
    this.#maxTurnSamples = Math.round((o.sampleRate * o.maxTurnMs) / 1000);
    this.#minThreshold = o.minThreshold;
    this.#noiseFloor = o.minThreshold / 4;
    this.#block = new Float32Array(this.#blockSize);
  }

  get inTurn(): boolean {
    return this.#turnStart >= 0;
  }

  /** Feeds caller samples (16-bit); returns the turn boundaries they complete, in order. */
  push(samples: Int16Array): VadEvent[] {
    const events: VadEvent[] = [];
    for (let i = 0; i < samples.length; i++) {
      this.#block[this.#filled++] = samples[i]! / 32768;
      if (this.#filled === this.#blockSize) {
        this.#filled = 0;
        this.#analyse(events);
      }
    }
    return events;
  }

  #analyse(events: VadEvent[]): void {
    const { rms } = measureLevel(this.#block, this.#blockSize);
    const loud = rms > Math.max(this.#minThreshold, this.#noiseFloor * 4);
    const blockStart = this.#position;
    this.#position += this.#blockSize;

    if (loud) {
      this.#loudRun++;
      this.#quietRun = 0;
      this.#lastLoudEnd = this.#position;
    } else {
      this.#loudRun = 0;
      this.#quietRun++;
      if (!this.inTurn) this.#noiseFloor = 0.95 * this.#noiseFloor + 0.05 * rms;
    }

    if (!this.inTurn) {
      if (this.#loudRun >= this.#startBlocks) {
        this.#turnStart = blockStart - (this.#startBlocks - 1) * this.#blockSize;
        events.push({ type: 'start', startSample: this.#turnStart });
      }
      return;
    }
    const tooLong = this.#position - this.#turnStart >= this.#maxTurnSamples;
    if (this.#quietRun >= this.#endBlocks || tooLong) {
      events.push({ type: 'end', startSample: this.#turnStart, endSample: this.#lastLoudEnd });
      this.#turnStart = -1;
      this.#loudRun = 0;
    }
  }
}
