// The language the widget speaks. It wants the visitor's own choice, else the host's `lang` attribute, else the
// page's `<html lang>` (when it is ar, fr or en), else the language of the agent of the last call, else Arabic.
// A call keeps the language it started in. Once the panel is loaded, it speaks the wanted language as soon as
// its strings are here (PanelLanguage; until then the whole widget keeps the panel's language).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LANGS, type Lang } from '../i18n/catalogue.ts';
import { loadCatalogue } from './catalogue-loader.ts';

type Host = ReactiveControllerHost & HTMLElement;

// One observer of <html lang> for every widget on the page (Shoelace's LocalizeController does the same).
const hosts = new Set<Host>();
let pageLangObserver: MutationObserver | null = null;

export interface LangSources {
  /** The language the visitor picked in the panel, if any (wins). */
  chosen: () => string | null | undefined;
  /** The agent's language remembered from the last call (after the host's and the page's). */
  remembered: () => string | null | undefined;
}

export class LanguageDecision implements ReactiveController {
  /** The language kept while a call is under way, whatever the page or the service then say. */
  #held: Lang | null = null;
  readonly #host: Host;
  readonly #sources: LangSources;

  constructor(host: Host, sources: LangSources) {
    this.#host = host;
    this.#sources = sources;
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.#host);
    if (pageLangObserver) return;
    pageLangObserver = new MutationObserver(() => hosts.forEach((host) => host.requestUpdate()));
    pageLangObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  }

  hostDisconnected(): void {
    hosts.delete(this.#host);
    if (hosts.size > 0) return;
    pageLangObserver?.disconnect();
    pageLangObserver = null;
  }

  /** The language the widget wants now. */
  get wanted(): Lang {
    const { chosen, remembered } = this.#sources;
    return this.#held ?? resolveLang(chosen(), this.#host.getAttribute('lang'), document.documentElement.lang, remembered());
  }

  /** The strings of the language the widget wants, once they are here (again if it changed meanwhile: the
   *  panel first shows in the language the launcher already speaks). With the call's code. */
  async loadForPanel(): Promise<Lang> {
    let lang: Lang;
    do {
      lang = this.wanted;
      await loadCatalogue(lang);
    } while (lang !== this.wanted);
    return lang;
  }

  /** A call starts: `spoken` (the panel's language) is kept, even while the one picked is still downloading. */
  hold(spoken: Lang | null | undefined): void {
    this.#held ??= spoken ?? this.wanted;
  }

  release(): void {
    this.#held = null;
  }
}

/** The first supported language among the candidates (matched on the primary subtag, `ar-DZ` → `ar`), else `ar`. */
export function resolveLang(...candidates: (string | null | undefined)[]): Lang {
  for (const candidate of candidates) {
    const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    const match = LANGS.find((lang) => lang === primary);
    if (match) return match;
  }
  return 'ar';
}
