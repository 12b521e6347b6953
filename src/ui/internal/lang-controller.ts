import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LANGS, type Lang } from '../i18n/catalogue.ts';

/** The first supported language among the candidates (matched on the primary subtag, `ar-DZ` → `ar`), else `ar`. */
export function resolveLang(...candidates: (string | null | undefined)[]): Lang {
  for (const candidate of candidates) {
    const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    const match = LANGS.find((lang) => lang === primary);
    if (match) return match;
  }
  return 'ar';
}

type Host = ReactiveControllerHost & HTMLElement;

// One observer of <html lang> for every widget on the page (Shoelace's LocalizeController does the same).
const hosts = new Set<Host>();
let pageLangObserver: MutationObserver | null = null;

function watchPageLang(host: Host): void {
  hosts.add(host);
  if (pageLangObserver) return;
  pageLangObserver = new MutationObserver(() => hosts.forEach((h) => h.requestUpdate()));
  pageLangObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

function unwatchPageLang(host: Host): void {
  hosts.delete(host);
  if (hosts.size === 0) {
    pageLangObserver?.disconnect();
    pageLangObserver = null;
  }
}

export interface LangSources {
  /** The language the visitor picked in the panel, if any (wins). */
  chosen: () => string | null | undefined;
  /** The agent's language remembered from the last call (after the host's and the page's). */
  remembered: () => string | null | undefined;
}

/**
 * The widget's language and direction, decided before a call and kept for the whole of it: the visitor's
 * own choice, else the host's `lang` attribute, else the page's `<html lang>` (when it is ar, fr or en), else
 * the agent's language remembered from the last call, else Arabic. `hold()` keeps the current language while
 * a call is under way, whatever the page or the service then say; `release()` lets it follow them again.
 */
export class LangController implements ReactiveController {
  #held: Lang | null = null;
  readonly #host: Host;
  readonly #sources: LangSources;

  constructor(
    host: Host,
    sources: LangSources,
  ) {
    this.#host = host;
    this.#sources = sources;
    host.addController(this);
  }

  hostConnected(): void {
    watchPageLang(this.#host);
  }

  hostDisconnected(): void {
    unwatchPageLang(this.#host);
  }

  get lang(): Lang {
    return this.#held ?? this.#resolve();
  }

  /** Keeps `lang` (by default the current language) until `release()` (a call started). */
  hold(lang?: Lang): void {
    this.#held ??= lang ?? this.#resolve();
  }

  release(): void {
    this.#held = null;
  }

  #resolve(): Lang {
    const { chosen, remembered } = this.#sources;
    return resolveLang(chosen(), this.#host.getAttribute('lang'), document.documentElement.lang, remembered());
  }
}
