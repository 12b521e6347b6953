import type { Lang } from './catalogue.ts';

/** Each language by its own name (a visitor looks for the one they read). */
export const LANGUAGE_NAMES: Record<Lang, string> = { ar: 'العربية', fr: 'Français', en: 'English' };

/** The language switcher's label, in the widget's current language. */
export const LANGUAGE_LABEL: Record<Lang, string> = { ar: 'اللغة', fr: 'Langue', en: 'Language' };
