// Each language's strings are a chunk of their own: a visitor downloads the catalogue of the language the
// widget speaks, with the call's code, and another one only if the language changes.
import type { Catalogue, Lang, PanelStrings } from '../i18n/catalogue.ts';
import { LAUNCHER_STRINGS } from '../i18n/launcher.ts';
import { chunkLoader } from './chunk-loader.ts';

const DEV = import.meta.env.DEV;

// One import() per language, written out: the bundler makes a chunk of each.
const loaders: Record<Lang, () => Promise<{ strings: PanelStrings }>> = {
  ar: chunkLoader(() => import('../i18n/ar.ts'), DEV ? '../i18n/ar.ts' : '__VOICE_AGENT_CHUNK__:src/ui/i18n/ar.ts'),
  fr: chunkLoader(() => import('../i18n/fr.ts'), DEV ? '../i18n/fr.ts' : '__VOICE_AGENT_CHUNK__:src/ui/i18n/fr.ts'),
  en: chunkLoader(() => import('../i18n/en.ts'), DEV ? '../i18n/en.ts' : '__VOICE_AGENT_CHUNK__:src/ui/i18n/en.ts'),
};

const loaded = new Map<Lang, Catalogue>();

/** The language's catalogue, downloaded once; after a failure the next call tries again. */
export async function loadCatalogue(lang: Lang): Promise<Catalogue> {
  const { strings } = await loaders[lang]();
  const catalogue: Catalogue = { ...LAUNCHER_STRINGS[lang], ...strings };
  loaded.set(lang, catalogue);
  return catalogue;
}

/** The language's catalogue if it has arrived. */
export function loadedCatalogue(lang: Lang): Catalogue | undefined {
  return loaded.get(lang);
}
