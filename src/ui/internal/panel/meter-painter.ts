import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { loudness, type MeterHost, type MeterLook, type MeterName } from '../../../worker/meter-canvas.ts';
import { ElementRef } from './element-ref.ts';
import { paintMeter } from './level-meter.ts';

/**
 * The panel's two meters. Where the call runs in a worker and the browser can hand a canvas to it, each meter
 * gets a canvas the worker draws on (meter-canvas.ts): the page's main thread then does nothing per level. Else
 * they are painted here between renders, as levels arrive, while the panel shows: not `hidden`, in a visible
 * page, and on screen (an IntersectionObserver follows the panel across renders; until it has looked, the panel
 * counts as on screen). Each repaint costs the page a frame, most of what a talking call asks of its main
 * thread, and nobody sees the meters of an inline panel the visitor scrolled away, or of a widget the page hides.
 */
export class MeterPainter implements ReactiveController {
  readonly input = new ElementRef();
  readonly output = new ElementRef();
  #onScreen = true;
  #observer: IntersectionObserver | null = null;
  #observed: Element | undefined;
  /** The meters handed to a worker: which call's, and the look it was last told. */
  readonly #drawn = new WeakMap<HTMLElement, { host: MeterHost; canvas: HTMLCanvasElement; look: string }>();
  readonly #panel: () => HTMLElement | undefined;
  readonly #meterHost: () => MeterHost | null;

  constructor(host: ReactiveControllerHost, panel: () => HTMLElement | undefined, meterHost: () => MeterHost | null) {
    this.#panel = panel;
    this.#meterHost = meterHost;
    host.addController(this);
  }

  /** Levels as RMS (0–1). */
  paint(input: number, output: number): void {
    const panel = this.#panel();
    if (!panel || panel.hidden || !this.#onScreen || document.hidden) return;
    paintMeter(this.input.value ?? null, loudness(input));
    paintMeter(this.output.value ?? null, loudness(output));
  }

  hostUpdated(): void {
    this.#handOver('input', this.input.value);
    this.#handOver('output', this.output.value);
    const panel = this.#panel();
    if (panel === this.#observed || typeof IntersectionObserver !== 'function') return;
    this.#observer ??= new IntersectionObserver((entries) => {
      for (const entry of entries) if (entry.target === this.#observed) this.#onScreen = entry.isIntersecting;
    });
    if (this.#observed) this.#observer.unobserve(this.#observed);
    this.#observed = panel;
    this.#onScreen = true;
    if (panel) this.#observer.observe(panel);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#observed = undefined;
    this.#onScreen = true;
  }

  /** Gives `meter` a canvas drawn by the call's worker, once per call; tells the worker when its look changes
   *  (the worker sizes the canvas to the look's scale). */
  #handOver(name: MeterName, meter: HTMLElement | undefined): void {
    if (!meter) return;
    const host = this.#meterHost();
    let drawn = this.#drawn.get(meter);
    if (drawn && drawn.host !== host) {
      // The call it was drawn for is over: a canvas moves to one worker only.
      drawn.canvas.remove();
      meter.removeAttribute('data-drawn');
      this.#drawn.delete(meter);
      drawn = undefined;
    }
    if (!host || !canDrawInWorker()) return;
    const look = lookOf(meter);
    const key = JSON.stringify(look);
    if (drawn) {
      if (drawn.look !== key) host.restyle(name, look);
      drawn.look = key;
      return;
    }
    const canvas = document.createElement('canvas');
    try {
      host.draw(name, canvas.transferControlToOffscreen(), look);
    } catch {
      return; // the page keeps painting this one
    }
    meter.append(canvas);
    meter.setAttribute('data-drawn', '');
    this.#drawn.set(meter, { host, canvas, look: key });
  }
}

function lookOf(meter: HTMLElement): MeterLook {
  return {
    color: getComputedStyle(meter).color,
    off: meter.classList.contains('off'),
    still: matchMedia('(prefers-reduced-motion: reduce)').matches,
    scale: Math.max(1, globalThis.devicePixelRatio || 1),
  };
}

const canDrawInWorker = () =>
  typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function' && typeof OffscreenCanvasRenderingContext2D === 'function';
