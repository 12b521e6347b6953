import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CATALOGUES, LANGS, type Catalogue, type Lang } from './i18n/index.ts';
import { Formatter } from './i18n/format.ts';

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

const formatters = new Map<Lang, Formatter>();

/**
 * The widget's language and direction, as a reactive controller: the host's `lang` attribute wins, then
 * the agent's language (once the service has said it), then the page's `<html lang>`, then Arabic.
 */
export class LocalizeController implements ReactiveController {
  constructor(
    private readonly host: Host,
    private readonly agentLanguage: () => string | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    watchPageLang(this.host);
  }

  hostDisconnected(): void {
    unwatchPageLang(this.host);
  }

  get lang(): Lang {
    return resolveLang(this.host.getAttribute('lang'), this.agentLanguage(), document.documentElement.lang);
  }

  get dir(): 'ltr' | 'rtl' {
    return this.t.dir;
  }

  /** The current language's strings. */
  get t(): Catalogue {
    return CATALOGUES[this.lang];
  }

  get format(): Formatter {
    const { lang } = this;
    let formatter = formatters.get(lang);
    if (!formatter) formatters.set(lang, (formatter = new Formatter(CATALOGUES[lang].locale)));
    return formatter;
  }
}
