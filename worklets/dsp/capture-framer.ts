// Capture path core: microphone blocks at the context rate → 16 kHz → s16 frames of exactly
// `frameSamples`, plus the input level. Frames are cut from one continuous resampled stream, so a frame
// boundary is invisible in the audio and the frame count follows the input exactly (⌈N·16000/rate⌉
// samples after N input samples, never drifting).

import { LevelMeter, type Level } from './levels.ts';
import { floatSampleToInt16 } from './pcm.ts';
import { StreamResampler } from './resampler.ts';

export const CAPTURE_RATE = 16_000;
/** Input samples resampled per round: bounds the staging buffer whatever the block length. */
const SLICE = 1024;

export class CaptureFramer {
  readonly frameSamples: number;
  private readonly resampler: StreamResampler;
  private readonly meter = new LevelMeter();
  private readonly slice = new Float32Array(SLICE);
  private readonly staged: Float32Array;
  private frame: Int16Array;
  private filled = 0;

  /** inputRate: the AudioContext rate; frameSamples: 320 (20 ms at 16 kHz, default) or 640. */
  constructor(inputRate: number, frameSamples = 320) {
    if (!Number.isInteger(frameSamples) || frameSamples < 1 || frameSamples > CAPTURE_RATE) {
      throw new RangeError(`frameSamples must be a whole number in [1, ${CAPTURE_RATE}], got ${frameSamples}`);
    }
    this.frameSamples = frameSamples;
    this.resampler = new StreamResampler(inputRate, CAPTURE_RATE);
    // The most a SLICE of input can yield (from the initial state, which has the most room ahead).
    this.staged = new Float32Array(Math.ceil((SLICE * CAPTURE_RATE) / inputRate) + 2);
    this.frame = new Int16Array(frameSamples);
  }

  /** Group delay of the resampling, seconds. */
  get delaySeconds(): number {
    return this.resampler.delaySeconds;
  }

  /**
   * Pushes one block (any length, usually 128) of mono samples at the input rate. For each completed frame
   * calls onFrame with a new Int16Array of exactly frameSamples, which the caller owns (it may transfer
   * its buffer). Nothing else is allocated.
   */
  push(block: Float32Array, onFrame: (frame: Int16Array) => void): void {
    this.meter.add(block);
    if (block.length <= SLICE) {
      this.resampleAndFrame(block, block.length, onFrame);
      return;
    }
    for (let at = 0; at < block.length; at += SLICE) {
      const n = Math.min(SLICE, block.length - at);
      for (let i = 0; i < n; i++) this.slice[i] = block[at + i]!;
      this.resampleAndFrame(this.slice, n, onFrame);
    }
  }

  /** RMS and peak of the input since the last call, then starts over. */
  takeLevel(): Level {
    return this.meter.take();
  }

  private resampleAndFrame(input: Float32Array, length: number, onFrame: (frame: Int16Array) => void): void {
    const produced = this.resampler.process(input, this.staged, length);
    const staged = this.staged;
    const size = this.frameSamples;
    for (let i = 0; i < produced; i++) {
      this.frame[this.filled++] = floatSampleToInt16(staged[i]!);
      if (this.filled === size) {
        const full = this.frame;
        this.frame = new Int16Array(size);
        this.filled = 0;
        onFrame(full);
      }
    }
  }
}
