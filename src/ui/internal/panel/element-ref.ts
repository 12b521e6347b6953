// References to elements the panel renders, for the code that moves the focus, scrolls and paints the meters:
// the `part`s are the page's styling API, not selectors for the widget's code. Lit's ref() would do, but it
// brings AsyncDirective into the call's download (about 1 KB); an element left out of a later render is
// disconnected, so a reference answers only while its element is on the page.
import { noChange } from 'lit/html.js';
import { Directive, directive, type ElementPart } from 'lit/directive.js';

export class ElementRef<E extends Element = HTMLElement> {
  #element: E | undefined;

  /** The element while it is rendered. */
  get value(): E | undefined {
    return this.#element?.isConnected ? this.#element : undefined;
  }

  set(element: E): void {
    this.#element = element;
  }
}

class RefDirective extends Directive {
  render(_ref: ElementRef<Element>): unknown {
    return noChange;
  }
  override update(part: ElementPart, [ref]: [ElementRef<Element>]): unknown {
    ref.set(part.element);
    return noChange;
  }
}

/** In an element position: `<input ${ref(this.#input)}>`. */
export const ref = directive(RefDirective);
