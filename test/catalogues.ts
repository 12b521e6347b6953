// Every language's catalogue at once, for tests, as the widget puts each together: the launcher's strings and
// the language's own chunk. The widget loads one at a time (src/ui/internal/catalogue-loader.ts).
import { strings as ar } from '../src/ui/i18n/ar.ts';
import type { Catalogue, Lang } from '../src/ui/i18n/catalogue.ts';
import { strings as en } from '../src/ui/i18n/en.ts';
import { strings as fr } from '../src/ui/i18n/fr.ts';
import { LAUNCHER_STRINGS } from '../src/ui/i18n/launcher.ts';

export const CATALOGUES: Record<Lang, Catalogue> = {
  ar: { ...LAUNCHER_STRINGS.ar, ...ar },
  fr: { ...LAUNCHER_STRINGS.fr, ...fr },
  en: { ...LAUNCHER_STRINGS.en, ...en },
};
