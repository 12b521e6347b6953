// The language the widget speaks. It wants the visitor's own choice, else the host's `lang` attribute, else the
// page's `<html lang>` (when it is ar, fr or en), else the language of the agent of the last call, else Arabic;
// it speaks that language once its strings are here. Until then the whole widget (words, direction, the
// launcher's name) keeps the language the panel spoke, and the new strings download; offline, it stays in its
// language until the visitor picks the new one again. A call keeps the language it started in.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LANGS, type Lang } from '../i18n/catalogue.ts';
import { loadCatalogue, loadedCatalogue } from './catalogue-loader.ts';

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
  /** The language the panel last spoke. */
  #spoken: Lang | null = null;
  #downloading: Promise<void> | null = null;
  /** A language whose strings did not download: asked for again once another one was wanted since. */
  #failed: Lang | null = null;
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

  /** Settles once a new language's strings are here (or failed). */
  get downloading(): Promise<void> | null {
    return this.#downloading;
  }

  /** The strings of the language the widget wants, once they are here (again if it changed meanwhile: the
   *  panel first shows in the language the launcher already speaks). With the call's code. */
  async loadForPanel(): Promise<Lang> {
    let lang: Lang;
    do {
      lang = this.wanted;
      await loadCatalogue(lang);
    } while (lang !== this.wanted);
    return (this.#spoken = lang);
  }

  /** The language to speak now. Before the call's code is loaded only the launcher speaks, and its strings
   *  are always here. */
  speak(panelLoaded: boolean): Lang {
    const wanted = this.wanted;
    if (this.#failed !== wanted) this.#failed = null;
    if (loadedCatalogue(wanted)) return (this.#spoken = wanted);
    if (!panelLoaded) return wanted;
    if (!this.#failed && !this.#downloading) {
      this.#downloading = loadCatalogue(wanted)
        .then(() => undefined, () => void (this.#failed = wanted))
        .finally(() => {
          this.#downloading = null;
          this.#host.requestUpdate();
        });
    }
    return this.#spoken!; // set with the call's code
  }

  /** The visitor picked a language: a failed one is asked for again. */
  picked(): void {
    this.#failed = null;
  }

  /** A call starts: the language the panel speaks is kept, even while the one picked is still downloading. */
  hold(): void {
    this.#held ??= this.#spoken ?? this.wanted;
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
