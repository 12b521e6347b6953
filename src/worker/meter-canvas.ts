// The level meters as the call's worker draws them: the page hands each meter's canvas over once
// (`transferControlToOffscreen`), and the worker redraws its five bars as the levels change. The page's
// compositor shows a worker's canvas frames without a frame of the main thread: painted there, the meters were
// most of what a talking call cost the page (docs/performance.md). The look is the CSS bars' (the page paints
// those where no worker draws: level-meter.ts, controls.styles.ts), and both read the level through `loudness`.

const FLOOR_DB = -50;
const CEILING_DB = -10;
/** Above this loudness the meter counts as active (the reduced-motion look lights up, and nothing moves). */
export const ACTIVE_LOUDNESS = 0.15;

/** RMS (0–1) to a perceived loudness 0–1 on a -50…-10 dBFS scale; anything not a positive number is 0. */
export function loudness(rms: number): number {
  if (!(rms > 0) || !Number.isFinite(rms)) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / (CEILING_DB - FLOOR_DB)));
}

/** What the page's styles say about a meter: its colour, muted (flat and dim), the reduced-motion look, and the
 *  device pixels per CSS pixel it is drawn at (the page's zoom). */
export interface MeterLook {
  color: string;
  off: boolean;
  still: boolean;
  scale: number;
}

export type MeterName = 'input' | 'output';

/** Where the page hands its meters to the call's worker (one per call: a canvas moves to one worker only). */
export interface MeterHost {
  draw(name: MeterName, canvas: OffscreenCanvas, look: MeterLook): void;
  restyle(name: MeterName, look: MeterLook): void;
}

/** The meter's size in CSS pixels (five 3 px bars, 2 px apart, 18 px tall), and each bar's share of the level
 *  from left to right: controls.styles.ts draws the same. */
export const METER_WIDTH = 23;
export const METER_HEIGHT = 18;
const BAR = 3;
const GAP = 2;
const WEIGHTS = [0.55, 0.8, 1, 0.8, 0.55];

/** Steps of a meter's level, drawn here or painted by the page (an 18 px meter shows no finer difference). */
export const LEVEL_STEPS = 40;

export class MeterCanvas {
  #look: MeterLook;
  #step = -1;
  readonly #canvas: OffscreenCanvas;
  readonly #context: OffscreenCanvasRenderingContext2D | null;

  constructor(canvas: OffscreenCanvas, look: MeterLook) {
    this.#canvas = canvas;
    this.#context = canvas.getContext('2d');
    this.#look = look;
    this.#size();
  }

  set look(look: MeterLook) {
    this.#look = look;
    this.#size();
    this.#redraw(this.#step);
  }

  /** As many device pixels as the meter covers (a page zoomed mid-call gets sharp bars at its next render). */
  #size(): void {
    const width = Math.round(METER_WIDTH * this.#look.scale);
    const height = Math.round(METER_HEIGHT * this.#look.scale);
    if (this.#canvas.width !== width) this.#canvas.width = width;
    if (this.#canvas.height !== height) this.#canvas.height = height;
  }

  /** Draws the level (RMS 0–1) where it shows a change. */
  draw(rms: number): void {
    const step = Math.round(loudness(rms) * LEVEL_STEPS);
    if (step !== this.#step) this.#redraw(step);
  }

  #redraw(step: number): void {
    this.#step = step;
    const context = this.#context;
    if (!context) return;
    const level = Math.max(0, step) / LEVEL_STEPS;
    const { color, off, still, scale: unit } = this.#look;
    const { width, height } = context.canvas;
    context.clearRect(0, 0, width, height);
    context.fillStyle = color;
    context.globalAlpha = off ? 0.45 : still && level <= ACTIVE_LOUDNESS ? 0.4 : 1;
    WEIGHTS.forEach((weight, index) => {
      const scaled = off ? 0.15 : still ? 0.5 : 0.2 + 0.8 * level * weight;
      const barHeight = Math.max(unit, height * scaled);
      context.beginPath();
      context.roundRect(index * (BAR + GAP) * unit, (height - barHeight) / 2, BAR * unit, barHeight, Math.min(2 * unit, barHeight / 2));
      context.fill();
    });
  }
}
