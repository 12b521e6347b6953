import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ElementRef } from './element-ref.ts';
import { loudness, paintMeter } from './level-meter.ts';

/**
 * Paints the panel's two meters between renders, as levels arrive, while the panel shows: not `hidden`, in a
 * visible page, and on screen. Each repaint costs the page a frame, most of what a talking call asks of its main
 * thread, and nobody sees the meters of an inline panel the visitor scrolled away to read on, or of a widget the
 * page hides (`display: none`). An IntersectionObserver follows the panel across renders; until it has
 * looked, the panel counts as on screen.
 */
export class MeterPainter implements ReactiveController {
  readonly input = new ElementRef();
  readonly output = new ElementRef();
  #onScreen = true;
  #observer: IntersectionObserver | null = null;
  #observed: Element | undefined;
  readonly #panel: () => HTMLElement | undefined;

  constructor(host: ReactiveControllerHost, panel: () => HTMLElement | undefined) {
    this.#panel = panel;
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
}
