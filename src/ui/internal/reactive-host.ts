// The base of <voice-agent>: a custom element that hosts Lit's reactive controllers (the call UI is built of
// them) and batches its updates into one microtask, like Lit's ReactiveElement, but without it: the element
// is on every page that embeds the widget, and Lit arrives only with the call's code.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

// Where there is no DOM (server-side rendering in Node), a plain class: importing the module defines nothing
// and throws nothing.
const ElementBase = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

export abstract class ReactiveHost extends ElementBase implements ReactiveControllerHost {
  readonly #controllers = new Set<ReactiveController>();
  #pending: Promise<boolean> | null = null;

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Asks for an update in the next microtask (several requests make one update). */
  requestUpdate(): void {
    this.#pending ??= Promise.resolve().then(() => {
      this.#pending = null;
      this.#controllers.forEach((controller) => controller.hostUpdate?.());
      this.update();
      this.#controllers.forEach((controller) => controller.hostUpdated?.());
      return true;
    });
  }

  /** Resolves once no update is pending (one asked for during an update included). */
  get updateComplete(): Promise<boolean> {
    return this.getUpdateComplete();
  }

  /** What `updateComplete` waits for; a subclass may wait for more first (as in Lit). */
  protected getUpdateComplete(): Promise<boolean> {
    return this.#pending ? this.#pending.then(() => this.getUpdateComplete()) : Promise.resolve(true);
  }

  /** Resolves once the DOM is up to date, without waiting for what a subclass adds to `updateComplete`
   *  (a download): the widget's own focus moves wait for this. */
  protected get renderComplete(): Promise<boolean> {
    return this.#pending ? this.#pending.then(() => this.renderComplete) : Promise.resolve(true);
  }

  connectedCallback(): void {
    this.#controllers.forEach((controller) => controller.hostConnected?.());
    this.requestUpdate();
  }

  disconnectedCallback(): void {
    this.#controllers.forEach((controller) => controller.hostDisconnected?.());
  }

  /** Brings the element's DOM up to date (runs in the microtask after `requestUpdate()`). */
  protected abstract update(): void;
}
