import type { Lang } from './catalogue.ts';

/** The few strings the launcher and the page-facing wrapper need before the call UI is loaded. */
export interface LauncherStrings {
  /** Text direction of the language. */
  dir: 'ltr' | 'rtl';
  widgetName: string;
  callInProgress: string;
  close: string;
}

export const LAUNCHER_STRINGS: Record<Lang, LauncherStrings> = {
  ar: { dir: 'rtl', widgetName: 'المساعد الصوتي', callInProgress: 'مكالمة جارية', close: 'إغلاق' },
  fr: { dir: 'ltr', widgetName: 'Assistant vocal', callInProgress: 'appel en cours', close: 'Fermer' },
  en: { dir: 'ltr', widgetName: 'Voice assistant', callInProgress: 'call in progress', close: 'Close' },
};
