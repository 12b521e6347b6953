// The panel's sign of a weak or lost connection during a call: shown only while the quality is not `good`
// (link-quality.ts holds each level a few seconds, so it does not flicker), said politely once as it appears or
// changes. While the line is being set up again the status line says so already: the sign is then only seen.
import { html, nothing } from 'lit/html.js';
import type { Quality } from '../../../call/types.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';

export function qualitySign(t: Catalogue, quality: Quality, reconnecting: boolean) {
  if (quality === 'good') return nothing;
  return html`<p part="quality" class="line-notice quality" role=${reconnecting ? nothing : 'status'} data-quality=${quality}>
    ${icons.warning}<span>${quality === 'lost' ? t.connectionLost : t.weakConnection}</span>
  </p>`;
}
