/** Every event the widget sends: bubbling, composed (crosses shadow roots), a CustomEvent with `detail`. */
export function emit<T>(target: EventTarget, name: string, detail: T): void {
  target.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true }));
}
