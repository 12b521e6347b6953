import type { Lang } from './catalogue.ts';

/** Strings of the owner's optional pieces: the consent notice, the device pickers, the call rating. */
export interface ChoiceStrings {
  /** The consent notice's heading (the owner's text follows it, from the `consent` slot). */
  consentTitle: string;
  /** Accepts the notice and starts the call in the same click. */
  consentAccept: string;
  /** The group holding the device pickers. */
  devices: string;
  microphone: string;
  speaker: string;
  /** A device the browser names only after permission (numbered). */
  unnamedMicrophone: (n: number) => string;
  unnamedSpeaker: (n: number) => string;
  /** The browser's default device. */
  defaultDevice: string;
  /** Switching failed; the call keeps the device it had. */
  deviceFailed: string;
  feedbackQuestion: string;
  feedbackUp: string;
  feedbackDown: string;
  feedbackThanks: string;
}

export const CHOICE_STRINGS: Record<Lang, ChoiceStrings> = {
  ar: {
    consentTitle: 'قبل أن تتصل',
    consentAccept: 'أوافق وأتصل',
    devices: 'أجهزة الصوت',
    microphone: 'الميكروفون',
    speaker: 'مكبّر الصوت',
    unnamedMicrophone: (n) => `ميكروفون ${n}`,
    unnamedSpeaker: (n) => `مكبّر صوت ${n}`,
    defaultDevice: 'الجهاز الافتراضي',
    deviceFailed: 'تعذّر استعمال هذا الجهاز؛ المكالمة مستمرة بالجهاز السابق.',
    feedbackQuestion: 'كيف كانت المكالمة؟',
    feedbackUp: 'جيدة',
    feedbackDown: 'سيئة',
    feedbackThanks: 'شكرًا على رأيك.',
  },
  fr: {
    consentTitle: 'Avant d’appeler',
    consentAccept: 'J’accepte et j’appelle',
    devices: 'Appareils audio',
    microphone: 'Micro',
    speaker: 'Haut-parleur',
    unnamedMicrophone: (n) => `Micro ${n}`,
    unnamedSpeaker: (n) => `Haut-parleur ${n}`,
    defaultDevice: 'Appareil par défaut',
    deviceFailed: 'Cet appareil n’a pas pu être utilisé ; l’appel continue avec le précédent.',
    feedbackQuestion: 'Comment s’est passé l’appel ?',
    feedbackUp: 'Bien',
    feedbackDown: 'Pas bien',
    feedbackThanks: 'Merci pour votre avis.',
  },
  en: {
    consentTitle: 'Before you call',
    consentAccept: 'Accept and call',
    devices: 'Audio devices',
    microphone: 'Microphone',
    speaker: 'Speaker',
    unnamedMicrophone: (n) => `Microphone ${n}`,
    unnamedSpeaker: (n) => `Speaker ${n}`,
    defaultDevice: 'Default device',
    deviceFailed: 'This device could not be used; the call goes on with the previous one.',
    feedbackQuestion: 'How was this call?',
    feedbackUp: 'Good',
    feedbackDown: 'Not good',
    feedbackThanks: 'Thank you for your feedback.',
  },
};
