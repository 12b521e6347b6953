// The meters as the call's worker draws them (src/worker/meter-canvas.ts), on an OffscreenCanvas here: the bars'
// heights follow the level as the CSS bars' do (0.2 + 0.8 × loudness × each bar's weight), muted bars are flat
// and dim, and the reduced-motion bars stand at half height and only light up when the level is active.
import { expect, it } from 'vitest';
import { loudness, MeterCanvas, METER_HEIGHT, METER_WIDTH, type MeterLook } from '../../src/worker/meter-canvas.ts';

const SCALE = 2;
const LOUD = 0.1; // −20 dBFS: loudness 0.75
/** Each bar's share of the level, left to right, as controls.styles.ts gives the CSS bars. */
const CSS_WEIGHTS = [0.55, 0.8, 1, 0.8, 0.55];
const look = (changes: Partial<MeterLook> = {}): MeterLook => ({ color: 'rgb(0, 0, 255)', off: false, still: false, scale: SCALE, ...changes });

/** Heights within a CSS pixel: the bars' rounded ends are smoothed over a row or two. */
const expectHeight = (height: number, expected: number) => expect(Math.abs(height - expected)).toBeLessThanOrEqual(1);

function meter(initial: MeterLook = look()) {
  const canvas = new OffscreenCanvas(300, 150); // a new canvas's size: the worker sizes it to the look
  const drawn = new MeterCanvas(canvas, initial);
  const pixels = () => canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  /** Each bar's painted height (CSS px, from the column through its middle) and its opacity (0–1). */
  const bars = (scale = SCALE) => {
    const data = pixels();
    return [0, 1, 2, 3, 4].map((bar) => {
      const x = Math.round((bar * 5 + 1.5) * scale);
      let rows = 0;
      let alpha = 0;
      for (let y = 0; y < canvas.height; y++) {
        const a = data[(y * canvas.width + x) * 4 + 3]!;
        if (a > 0) rows++;
        alpha = Math.max(alpha, a / 255);
      }
      return { height: rows / scale, alpha };
    });
  };
  return { canvas, drawn, bars, pixels };
}

it('draws five bars whose heights follow the level with the CSS bars’ weights, in the look’s colour', () => {
  const { canvas, drawn, bars, pixels } = meter();
  expect([canvas.width, canvas.height]).toEqual([METER_WIDTH * SCALE, METER_HEIGHT * SCALE]);
  drawn.draw(0);
  const quiet = bars();
  for (const bar of quiet) expectHeight(bar.height, 0.2 * METER_HEIGHT);
  drawn.draw(LOUD);
  const level = loudness(LOUD);
  const loud = bars();
  CSS_WEIGHTS.forEach((weight, index) => {
    expectHeight(loud[index]!.height, (0.2 + 0.8 * level * weight) * METER_HEIGHT);
    expect(loud[index]!.alpha).toBe(1);
  });
  // The colour asked for, and nothing between the bars.
  const data = pixels();
  const middle = ((METER_HEIGHT * SCALE) / 2) * METER_WIDTH * SCALE * 4 + Math.round(11.5 * SCALE) * 4;
  expect([...data.slice(middle, middle + 4)]).toEqual([0, 0, 255, 255]);
  const gap = ((METER_HEIGHT * SCALE) / 2) * METER_WIDTH * SCALE * 4 + Math.round(4 * SCALE) * 4;
  expect(data[gap + 3]).toBe(0);
});

it('muted, the bars are flat and dim whatever the level; told a new look, it draws it at once', () => {
  const { drawn, bars } = meter();
  drawn.draw(LOUD);
  drawn.look = look({ off: true });
  for (const bar of bars()) {
    expectHeight(bar.height, 0.15 * METER_HEIGHT);
    expect(bar.alpha).toBeCloseTo(0.45, 1);
  }
});

it('with reduced motion, the bars stand at half height and light up only while the level is active', () => {
  const { drawn, bars } = meter(look({ still: true }));
  drawn.draw(0.001); // −60 dBFS: below the active loudness
  for (const bar of bars()) {
    expectHeight(bar.height, 0.5 * METER_HEIGHT);
    expect(bar.alpha).toBeCloseTo(0.4, 1);
  }
  drawn.draw(LOUD);
  for (const bar of bars()) {
    expectHeight(bar.height, 0.5 * METER_HEIGHT);
    expect(bar.alpha).toBe(1);
  }
});

it('a new scale (the page zoomed) resizes the canvas and draws the same bars at it', () => {
  const { canvas, drawn, bars } = meter();
  drawn.draw(LOUD);
  drawn.look = look({ scale: 3 });
  expect([canvas.width, canvas.height]).toEqual([METER_WIDTH * 3, METER_HEIGHT * 3]);
  const level = loudness(LOUD);
  bars(3).forEach((bar, index) => expectHeight(bar.height, (0.2 + 0.8 * level * CSS_WEIGHTS[index]!) * METER_HEIGHT));
});
