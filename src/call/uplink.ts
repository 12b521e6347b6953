// The caller's side of the audio: frames at real-time pace, whatever the frame source does.
// The service expects 16 kHz audio at real-time pace for the whole call (spec §6.1). A microphone can stall
// (the browser suspended the AudioContext, the track ended) or be absent (a typed call): the uplink then
// sends silent frames. How many is computed from what is due (time since the uplink started ÷ frame
// duration), never from counting timer ticks, so a throttled timer still keeps the average.
import { BYTES_PER_SAMPLE, FRAME_MS, FRAME_SAMPLES, UPLINK_SAMPLE_RATE } from '../protocol/index.ts';
import type { Timers } from './timers.ts';

export interface UplinkOptions {
  now: () => number;
  timers: Timers;
  /** Hands one frame to the link (it may drop it behind a slow uplink). */
  send: (frame: ArrayBuffer) => void;
  /** The source stalled (no frame for `stallMs`) or came back. */
  onStall?: (stalled: boolean) => void;
  /** How often the uplink looks at what is due. */
  tickMs?: number;
  /** No frame from the source for this long: it is stalled and silence fills in. */
  stallMs?: number;
}

const SILENT_FRAME_BYTES = FRAME_SAMPLES * BYTES_PER_SAMPLE;
const msOf = (bytes: number) => (bytes / BYTES_PER_SAMPLE / UPLINK_SAMPLE_RATE) * 1000;

export class Uplink {
  /** While true, silent frames replace the source's, at the same pace. */
  muted = false;
  #startedAt = 0;
  #sentMs = 0;
  #lastFrameAt: number | null = null;
  #running = false;
  /** Each start runs its own tick loop; a stale loop sees a newer generation and ends. */
  #generation = 0;
  #hasSource = true;
  #stalled = false;
  readonly #silence = new Map<number, ArrayBuffer>();
  readonly #tickMs: number;
  readonly #stallMs: number;

  readonly #options: UplinkOptions;

  constructor(options: UplinkOptions) {
    this.#options = options;
    this.#tickMs = options.tickMs ?? 50;
    this.#stallMs = options.stallMs ?? 500;
  }

  /** Starts (or, after a reconnection, restarts) the pace from now. `withSource: false`: silence only. */
  start(withSource: boolean): void {
    this.#startedAt = this.#options.now();
    this.#sentMs = 0;
    this.#hasSource = withSource;
    this.#lastFrameAt = withSource ? this.#startedAt : null;
    this.#running = true;
    const generation = ++this.#generation;
    this.#options.timers.every(this.#tickMs, () => {
      if (generation !== this.#generation) return false;
      this.#fill();
    });
  }

  /** Stops sending (a dropped line, the end of the call); `start` resumes. */
  stop(): void {
    this.#running = false;
    this.#generation++;
  }

  /** The source is gone for the rest of the call (a typed call from now on): silence only. */
  withoutSource(): void {
    this.#hasSource = false;
    this.#fill();
  }

  /** The source joins (a microphone that opened after `ready`): its frames replace the silence from now on. */
  withSource(): void {
    if (this.#hasSource) return;
    this.#hasSource = true;
    this.#lastFrameAt = this.#options.now();
  }

  /** A frame from the source. */
  push(frame: ArrayBuffer): void {
    if (!this.#running || !this.#hasSource) return;
    this.#lastFrameAt = this.#options.now();
    this.#setStalled(false);
    this.#sentMs += msOf(frame.byteLength);
    this.#options.send(this.muted ? this.#silentFrame(frame.byteLength) : frame);
  }

  /** Sends the silent frames that are due when the source has delivered nothing for a while. */
  #fill(): void {
    if (!this.#running) return;
    const now = this.#options.now();
    if (this.#hasSource && this.#lastFrameAt !== null && now - this.#lastFrameAt < this.#stallMs) return;
    if (this.#hasSource) this.#setStalled(true);
    // A stalled source is filled up to `stallMs` short of what is due: frames that were only late (a busy
    // main thread) then still fit in when they arrive, instead of pushing the uplink ahead of real time.
    const dueMs = now - this.#startedAt - (this.#hasSource ? this.#stallMs : 0);
    while (this.#sentMs + FRAME_MS <= dueMs) {
      this.#sentMs += FRAME_MS;
      this.#options.send(this.#silentFrame(SILENT_FRAME_BYTES));
    }
  }

  #setStalled(stalled: boolean): void {
    if (stalled === this.#stalled) return;
    this.#stalled = stalled;
    this.#options.onStall?.(stalled);
  }

  #silentFrame(bytes: number): ArrayBuffer {
    let frame = this.#silence.get(bytes);
    if (!frame) this.#silence.set(bytes, (frame = new ArrayBuffer(bytes)));
    return frame;
  }
}
