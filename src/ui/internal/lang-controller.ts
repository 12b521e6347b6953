import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { LANGS, type Lang } from '../i18n/catalogue.ts';
import { LAUNCHER_STRINGS, type LauncherStrings } from '../i18n/launcher.ts';

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

/**
 * The widget's language and direction, as a reactive controller: the host's `lang` attribute wins, then
 * the agent's language (once the service has said it), then the page's `<html lang>`, then Arabic.
 * Only the launcher's strings live here; the call UI's catalogues are loaded with the call UI.
 */
export class LangController implements ReactiveController {
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
    return this.strings.dir;
  }

  /** The launcher's strings in the current language. */
  get strings(): LauncherStrings {
    return LAUNCHER_STRINGS[this.lang];
  }
}
