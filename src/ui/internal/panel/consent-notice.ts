import { html } from 'lit/html.js';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';

/** Before the first call of a visit: the owner's notice (slotted: their words, their links) and one
 *  button that accepts it and calls. */
export function consentNotice(t: Catalogue, onAccept: () => void) {
  return html`<div part="consent" class="notice consent" role="group" aria-labelledby="consent-title">
      <p id="consent-title" class="notice-title">${t.consentTitle}</p>
      <slot name="consent"></slot>
    </div>
    <p class="muted">${t.micNotice}</p>
    <button part="consent-button" class="primary wide" type="button" data-primary @click=${onAccept}>
      ${icons.phone}<span>${t.consentAccept}</span>
    </button>`;
}
