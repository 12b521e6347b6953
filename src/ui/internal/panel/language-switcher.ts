// The visitor's own choice of language (ar, fr, en), offered outside a call: the language is decided before
// a call and kept for the whole of it. Each option is named in its own language and marked with it.
import { html } from 'lit/html.js';
import { live } from 'lit/directives/live.js';
import { LANGS, type Lang } from '../../i18n/catalogue.ts';
import { LANGUAGE_LABEL, LANGUAGE_NAMES } from '../../i18n/languages.ts';

export function languageSwitcher(current: Lang, onChoose: (lang: Lang) => void) {
  const choose = (event: Event) => onChoose((event.target as HTMLSelectElement).value as Lang);
  return html`<label class="device-field language-field">
    <span>${LANGUAGE_LABEL[current]}</span>
    <select part="lang-select" @change=${choose} .value=${live(current)}>
      ${LANGS.map((lang) => html`<option value=${lang} lang=${lang} ?selected=${lang === current}>${LANGUAGE_NAMES[lang]}</option>`)}
    </select>
  </label>`;
}
