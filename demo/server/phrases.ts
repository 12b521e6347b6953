// Everything the talking agent says or writes, per language.
import type { Language } from './agents.ts';

export interface Phrases {
  greeting(name: string): string;
  welcomeBack(name: string, lastTyped: string | undefined): string;
  /** Caller transcript while a spoken turn is in progress. */
  listening: string;
  /** Caller transcript of a finished spoken turn: honest, there is no recogniser. */
  userSpeech(seconds: number): string;
  heard(seconds: number): string;
  /** Transcript stand-in for the caller's own audio played back. */
  echoLabel: string;
  youWrote(text: string): string;
  time(hours: string, minutes: string): string;
  goodbye: string;
}

const decimal = (seconds: number, separator: string) => seconds.toFixed(1).replace('.', separator);

export const PHRASES: Record<Language, Phrases> = {
  en: {
    greeting: (name) =>
      `Hello, I am ${name}, the demo agent of the local simulator. Talk to me, or type a message. Ask me the time, or type bye to end the call.`,
    welcomeBack: (name, lastTyped) =>
      `Welcome back! ${name} here again, nice to hear from you.` +
      (lastTyped ? ` Last time you wrote: ${lastTyped}.` : ' What can I do for you?'),
    listening: '(speaking…)',
    userSpeech: (s) => `(speech, ${decimal(s, '.')} s — no speech recogniser in the simulator)`,
    heard: (s) => `I heard you speak for ${decimal(s, '.')} seconds. Here is what I heard:`,
    echoLabel: '[your words, played back]',
    youWrote: (text) => `You wrote: ${text}`,
    time: (h, m) => `It is ${h}:${m}.`,
    goodbye: 'Goodbye, and thank you for calling!',
  },
  fr: {
    greeting: (name) =>
      `Bonjour, je suis ${name}, l'agent de démonstration du simulateur local. Parlez-moi, ou écrivez un message. Demandez-moi l'heure, ou écrivez au revoir pour raccrocher.`,
    welcomeBack: (name, lastTyped) =>
      `Re-bonjour ! C'est encore ${name}, ravie de vous entendre.` +
      (lastTyped ? ` La dernière fois, vous avez écrit : ${lastTyped}.` : ' Que puis-je faire pour vous ?'),
    listening: '(parole…)',
    userSpeech: (s) => `(parole, ${decimal(s, ',')} s — pas de reconnaissance vocale dans le simulateur)`,
    heard: (s) => `Je vous ai entendu parler ${decimal(s, ',')} secondes. Voici ce que j'ai entendu :`,
    echoLabel: '[vos paroles, rejouées]',
    youWrote: (text) => `Vous avez écrit : ${text}`,
    time: (h, m) => `Il est ${Number(h)} heures ${m}.`,
    goodbye: 'Au revoir, et merci de votre appel !',
  },
  ar: {
    greeting: (name) =>
      `مرحبا، أنا ${name}، الوكيلة التجريبية في المحاكي المحلي. تكلم معي أو اكتب رسالة. اسألني عن الوقت، أو اكتب مع السلامة لإنهاء المكالمة.`,
    welcomeBack: (name, lastTyped) =>
      `أهلا بعودتك! معك ${name} من جديد، سعيدة بسماعك.` +
      (lastTyped ? ` في المرة السابقة كتبت: ${lastTyped}.` : ' كيف أساعدك؟'),
    listening: '(كلام…)',
    userSpeech: (s) => `(كلام، ${decimal(s, '.')} ث — لا يوجد تعرّف على الكلام في المحاكي)`,
    heard: (s) => `سمعتك تتكلم ${decimal(s, '.')} ثانية. هذا ما سمعته:`,
    echoLabel: '[كلامك، يُعاد تشغيله]',
    youWrote: (text) => `كتبت: ${text}`,
    time: (h, m) => `الساعة الآن ${h}:${m}.`,
    goodbye: 'مع السلامة، وشكرا على اتصالك!',
  },
};

/** Typed goodbyes in any of the three languages. Spoken ones cannot be understood: no recogniser. */
export function isGoodbye(text: string): boolean {
  return /\b(good)?bye\b|au revoir|بسلامة|مع السلامة/i.test(text);
}

/** Asking for the time in any of the three languages. */
export function asksTime(text: string): boolean {
  return /\btime\b|\bheure\b|الوقت|ساعة/i.test(text);
}
