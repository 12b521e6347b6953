import { html, noChange } from 'lit/html.js';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';
import { ACTIVE_LOUDNESS, LEVEL_STEPS, loudness } from '../../../worker/meter-canvas.ts';
import { type ElementRef, ref } from './element-ref.ts';

/** Writes a loudness (0–1) to a meter element: one custom property and one class, no re-render. A meter the
 *  call's worker draws (`data-drawn`, see MeterPainter) is left alone. */
export function paintMeter(meter: Element | null, value: number): void {
  if (!(meter instanceof HTMLElement) || meter.hasAttribute('data-drawn')) return;
  const step = Math.round(value * LEVEL_STEPS);
  if (painted.get(meter) === step) return; // nothing visible would change: no style work
  painted.set(meter, step);
  meter.style.setProperty('--level', value.toFixed(3));
  meter.classList.toggle('active', value > ACTIVE_LOUDNESS);
}

const painted = new WeakMap<HTMLElement, number>();

/** Paints the meter at each render too (after the class binding, so `active` survives it). */
class MeterLevelDirective extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('meterLevel() goes in an element position');
  }
  render(_value: number): unknown {
    return noChange;
  }
  override update(part: ElementPart, [value]: [number]): unknown {
    paintMeter(part.element, value);
    return noChange;
  }
}
const meterLevel = directive(MeterLevelDirective);

/**
 * Five bars scaled by the meter's `--level` (a transform: no layout). Decorative (the activity line says who
 * speaks). Between renders `MeterPainter` repaints it with `paintMeter()` as levels arrive (≤ 15 times a
 * second), or hands it to the call's worker, which draws the same bars on a canvas; `off` (a muted microphone)
 * flattens and dims it. With `prefers-reduced-motion: reduce` the bars stop moving and the meter only changes
 * colour when active.
 */
export function levelMeter(rms: number, part: 'input-level' | 'output-level', meter: ElementRef, off = false) {
  return html`<span part=${part} class="meter ${off ? 'off' : ''}" ${meterLevel(off ? 0 : loudness(rms))} ${ref(meter)} aria-hidden="true"
    ><i></i><i></i><i></i><i></i><i></i
  ></span>`;
}
