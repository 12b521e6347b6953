import { sanitizeColour, sanitizeImageUrl } from '../../call/avatar.ts';
import type { AgentAvatar } from '../../call/types.ts';

/**
 * The agent's face, one element kept for the widget's life (the launcher's and the panel header's): its image
 * when the URL is http(s), else a gradient of its colours with its initial (a microphone before the agent is
 * known, in the panel's header). Built with DOM calls so the launcher needs no template library.
 * Values are checked again here (the session already did): a colour that is not a colour never reaches a
 * style, and the gradient is set as one property through the CSSOM, never as style text (a page's
 * `style-src` allows CSSOM writes).
 */
export class AvatarView {
  readonly element: HTMLSpanElement;
  #shown = '';
  readonly #unknown: (() => Node) | undefined;

  /** `unknown` draws the face of an agent not known yet (the launcher never shows one). */
  constructor(size: 'small' | 'large', unknown?: () => Node) {
    this.#unknown = unknown;
    this.element = document.createElement('span');
    this.element.setAttribute('part', 'avatar');
    this.element.className = `avatar ${size}`;
    this.element.setAttribute('aria-hidden', 'true');
  }

  /** Shows this agent (nothing changes when it is the one already shown); returns the element. */
  show(name: string | undefined, avatar: AgentAvatar | undefined): HTMLSpanElement {
    const from = sanitizeColour(avatar?.from);
    const to = sanitizeColour(avatar?.to) ?? from;
    const url = sanitizeImageUrl(avatar?.url);
    const key = JSON.stringify([name, from, to, url]);
    if (key === this.#shown) return this.element;
    this.#shown = key;
    const style = this.element.style;
    if (from && to) style.setProperty('background-image', `linear-gradient(135deg, ${from}, ${to})`);
    else style.removeProperty('background-image');
    const face: Node[] = [];
    if (name) {
      const initial = document.createElement('span');
      initial.className = 'initial';
      initial.textContent = initialOf(name);
      face.push(initial);
    } else if (this.#unknown) {
      face.push(this.#unknown());
    }
    if (url) {
      const image = document.createElement('img');
      image.alt = '';
      image.referrerPolicy = 'no-referrer';
      image.decoding = 'async';
      image.addEventListener('error', () => (image.hidden = true));
      image.src = url;
      face.push(image);
    }
    this.element.replaceChildren(...face);
    return this.element;
  }
}

/** The first character (grapheme) of the name, upper-cased where the script has case. */
function initialOf(name: string): string {
  const first = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim())[Symbol.iterator]().next();
  return first.done ? '' : first.value.segment.toLocaleUpperCase();
}
