// Which language the panel speaks while the one the widget wants (LanguageDecision) is not downloaded yet: its
// own, until the new strings are here; offline, it stays in its language until the visitor picks the new one
// again. Comes with the call's code: before it, only the launcher speaks, and its strings are always here.
import type { Lang } from '../i18n/catalogue.ts';
import { loadCatalogue, loadedCatalogue } from './catalogue-loader.ts';

export class PanelLanguage {
  /** The language the panel last spoke (set by the first render: its strings came with the call's code). */
  spoken: Lang | null = null;
  #downloading: Promise<void> | null = null;
  /** A language whose strings did not download: asked for again once another one was wanted since. */
  #failed: Lang | null = null;
  readonly #changed: () => void;

  /** `changed` runs when strings arrive (or fail): the panel may speak another language now. */
  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** Settles once a new language's strings are here (or failed). */
  get downloading(): Promise<void> | null {
    return this.#downloading;
  }

  /** The language to speak now, the widget wanting `wanted` (its strings are downloaded if need be). */
  speak(wanted: Lang): Lang {
    if (this.#failed !== wanted) this.#failed = null;
    if (loadedCatalogue(wanted)) return (this.spoken = wanted);
    if (!this.#failed && !this.#downloading) {
      this.#downloading = loadCatalogue(wanted)
        .then(() => undefined, () => void (this.#failed = wanted))
        .finally(() => {
          this.#downloading = null;
          this.#changed();
        });
    }
    return this.spoken ?? wanted;
  }

  /** The visitor picked a language: a failed one is asked for again. */
  picked(): void {
    this.#failed = null;
  }
}
