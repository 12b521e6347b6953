import { ar } from './ar.ts';
import type { Catalogue, Lang } from './catalogue.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';

export { END_REASONS, LANGS, type Catalogue, type EndReason, type ErrorText, type Lang } from './catalogue.ts';

export const CATALOGUES: Record<Lang, Catalogue> = { ar, fr, en };
