// The demo page's own words (the widget has its own catalogues).
import type { CallState } from '../../src/call/types.ts';

export type PageLanguage = 'en' | 'fr' | 'ar';

const en = {
  title: 'Try your voice agent',
  intro:
    'This page runs the widget against a local simulator of the agent-call service. Pick a scenario, set the attributes, copy the snippet into your site.',
  pageLanguage: 'Page language',
  scenarios: 'Scenarios',
  widget: 'The widget',
  state: 'State',
  states: {
    idle: 'Ready',
    connecting: 'Connecting',
    live: 'In a call',
    reconnecting: 'Reconnecting',
    ending: 'Ending',
    ended: 'Call ended',
    error: 'Error',
  } satisfies Record<CallState, string>,
  attributes: 'Attributes',
  widgetLanguage: 'Widget language (lang)',
  auto: 'automatic',
  audioProcessing: 'Echo cancellation, noise suppression, auto gain (audio-processing)',
  layout: 'Layout (layout)',
  layouts: { inline: 'Inline, in the page', floating: 'Floating, behind a round button' },
  snippet: 'Embed snippet',
  copy: 'Copy',
  copied: 'Copied',
  events: 'Events',
  clear: 'Clear',
  noEvents: 'No event yet: start a call.',
  duringCall: 'During a call, try what a site does to the widget:',
  rerender: 'Re-render it (a single-page app’s route change)',
  nextPage: 'Go to another page of the site',
};
type Strings = typeof en;

const fr: Strings = {
  title: 'Essayez votre agent vocal',
  intro:
    "Cette page fait tourner le widget contre un simulateur local du service d'appel. Choisissez un scénario, réglez les attributs, copiez l'extrait dans votre site.",
  pageLanguage: 'Langue de la page',
  scenarios: 'Scénarios',
  widget: 'Le widget',
  state: 'État',
  states: {
    idle: 'Prêt',
    connecting: 'Connexion',
    live: 'En appel',
    reconnecting: 'Reconnexion',
    ending: 'Fin de l’appel',
    ended: 'Appel terminé',
    error: 'Erreur',
  },
  attributes: 'Attributs',
  widgetLanguage: 'Langue du widget (lang)',
  auto: 'automatique',
  audioProcessing: "Annulation d'écho, réduction de bruit, gain automatique (audio-processing)",
  layout: 'Disposition (layout)',
  layouts: { inline: 'Intégré à la page', floating: 'Flottant, derrière un bouton rond' },
  snippet: "Extrait d'intégration",
  copy: 'Copier',
  copied: 'Copié',
  events: 'Événements',
  clear: 'Effacer',
  noEvents: 'Aucun événement : lancez un appel.',
  duringCall: 'Pendant un appel, essayez ce qu’un site fait au widget :',
  rerender: 'Le redessiner (un changement de route d’une application monopage)',
  nextPage: 'Aller sur une autre page du site',
};

const ar: Strings = {
  title: 'جرّب وكيلك الصوتي',
  intro:
    'هذه الصفحة تشغّل الأداة مع محاكٍ محلي لخدمة المكالمات. اختر سيناريو، اضبط الخصائص، وانسخ الشيفرة إلى موقعك.',
  pageLanguage: 'لغة الصفحة',
  scenarios: 'السيناريوهات',
  widget: 'الأداة',
  state: 'الحالة',
  states: {
    idle: 'جاهز',
    connecting: 'جارٍ الاتصال',
    live: 'مكالمة جارية',
    reconnecting: 'جارٍ إعادة الاتصال',
    ending: 'جارٍ إنهاء المكالمة',
    ended: 'انتهت المكالمة',
    error: 'خطأ',
  },
  attributes: 'الخصائص',
  widgetLanguage: 'لغة الأداة (lang)',
  auto: 'تلقائي',
  audioProcessing: 'إلغاء الصدى، تقليل الضجيج، التحكم التلقائي في الصوت (audio-processing)',
  layout: 'التخطيط (layout)',
  layouts: { inline: 'مدمج في الصفحة', floating: 'عائم، خلف زر دائري' },
  snippet: 'شيفرة التضمين',
  copy: 'نسخ',
  copied: 'تم النسخ',
  events: 'الأحداث',
  clear: 'مسح',
  noEvents: 'لا أحداث بعد: ابدأ مكالمة.',
  duringCall: 'أثناء مكالمة، جرّب ما يفعله الموقع بالأداة:',
  rerender: 'إعادة رسمها (تغيير مسار في تطبيق صفحة واحدة)',
  nextPage: 'الانتقال إلى صفحة أخرى من الموقع',
};

export const STRINGS: Record<PageLanguage, Strings> = { en, fr, ar };

/** Each language in its own name (the page's and the widget's language pickers). */
export const LANGUAGE_NAMES: Record<PageLanguage, string> = { en: 'English', fr: 'Français', ar: 'العربية' };
