import type { Lang } from './catalogue.ts';

/** The few strings the launcher and the page-facing wrapper need before the call UI is loaded (what its name says
 *  during a call comes with the call's code: ActiveLauncherStrings). */
export interface LauncherStrings {
  /** Text direction of the language. */
  dir: 'ltr' | 'rtl';
  widgetName: string;
  /** The call's code could not be downloaded. */
  loadFailed: string;
  /** The page's security policy forbids what the call's code needs (Trusted Types without Lit's policy). */
  pageForbids: string;
  tryAgain: string;
}

export const LAUNCHER_STRINGS: Record<Lang, LauncherStrings> = {
  ar: {
    dir: 'rtl',
    widgetName: 'المساعد الصوتي',
    loadFailed: 'تعذّر تحميل المساعد. تحقّق من اتصالك بالشبكة ثم أعد المحاولة.',
    pageForbids: 'إعدادات أمان هذه الصفحة تمنع المساعد.',
    tryAgain: 'إعادة المحاولة',
  },
  fr: {
    dir: 'ltr',
    widgetName: 'Assistant vocal',
    loadFailed: 'L’assistant n’a pas pu se charger. Vérifiez votre connexion puis réessayez.',
    pageForbids: 'La sécurité de cette page bloque l’assistant.',
    tryAgain: 'Réessayer',
  },
  en: {
    dir: 'ltr',
    widgetName: 'Voice assistant',
    loadFailed: 'The assistant could not load. Check your connection, then try again.',
    pageForbids: 'This page’s security settings block the assistant.',
    tryAgain: 'Try again',
  },
};
