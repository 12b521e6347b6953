// Every language's catalogue at once, for tests. The widget loads one at a time
// (src/ui/internal/catalogue-loader.ts).
import { catalogue as ar } from '../src/ui/i18n/ar.ts';
import type { Catalogue, Lang } from '../src/ui/i18n/catalogue.ts';
import { catalogue as en } from '../src/ui/i18n/en.ts';
import { catalogue as fr } from '../src/ui/i18n/fr.ts';

export const CATALOGUES: Record<Lang, Catalogue> = { ar, fr, en };
