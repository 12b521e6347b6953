import { noChange } from 'lit/html.js';
import { Directive, directive, type ElementPart, type PartInfo, PartType } from 'lit/directive.js';

/**
 * Sets inline style properties through the CSSOM (`style.setProperty`) on every render, including the
 * first. Lit's styleMap writes a `style="…"` attribute on first render, which a page's
 * `Content-Security-Policy: style-src 'self'` blocks; CSSOM writes are not subject to it.
 * Usage: `<span ${cssProps({ '--level': '0.5', 'background-image': '…' })}>`.
 */
class CssPropsDirective extends Directive {
  #previous = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssProps() goes in an element position');
  }

  render(_props: Readonly<Record<string, string>>): unknown {
    return noChange;
  }

  override update(part: ElementPart, [props]: [Readonly<Record<string, string>>]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const name of this.#previous) if (!(name in props)) style.removeProperty(name);
    for (const [name, value] of Object.entries(props)) style.setProperty(name, value);
    this.#previous = new Set(Object.keys(props));
    return noChange;
  }
}

export const cssProps = directive(CssPropsDirective);
