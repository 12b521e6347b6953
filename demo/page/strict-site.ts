// The demo page's "strict site": two pages of a shop on the other origin of this server (demo/strict/), framed
// here, each with the failure owners meet and its own "Check this page": a Content-Security-Policy without the
// service, and a frame without allow="microphone". Framed only once asked for: each loads the widget.
import { html } from 'lit';
import { otherHost } from '../strict/hosts.ts';

export interface StrictStrings {
  strictSite: string;
  strictIntro: string;
  showStrictSite: string;
  strictCsp: string;
  strictFrame: string;
}

/** The strict site's section: a button until it is shown, then the two frames. */
export function strictSiteView(shown: boolean, show: () => void, t: StrictStrings, options: { lang: string; agent: string }) {
  const origin = `${location.protocol}//${otherHost(location.host)}`;
  const page = (name: 'csp' | 'frame') => `${origin}/strict/${name}?lang=${options.lang}&agent=${encodeURIComponent(options.agent)}`;
  return html`<section aria-labelledby="strict-title" class="strict-site">
    <h2 id="strict-title">${t.strictSite}</h2>
    <p>${t.strictIntro}</p>
    ${shown
      ? html`<div class="strict-frames">
          <figure>
            <iframe title=${t.strictCsp} src=${page('csp')} data-testid="strict-csp"></iframe>
            <figcaption>${t.strictCsp}</figcaption>
          </figure>
          <figure>
            <!-- No allow="microphone": the point of this frame. -->
            <iframe title=${t.strictFrame} src=${page('frame')} data-testid="strict-frame"></iframe>
            <figcaption>${t.strictFrame}</figcaption>
          </figure>
        </div>`
      : html`<button type="button" data-testid="show-strict-site" @click=${show}>${t.showStrictSite}</button>`}
  </section>`;
}
