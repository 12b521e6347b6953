// What the panel says when the call's audio is interrupted, the microphone goes away or cannot be used
// here, and how the visitor goes on by typing. Kept apart from the main catalogues (one job per file).
import type { Lang } from './catalogue.ts';

export interface AudioNoticeStrings {
  /** The browser stopped the call's audio (iOS interruption, autoplay rules): one tap resumes it. */
  tapToContinue: string;
  /** Under the Tap to continue button. */
  audioPaused: string;
  /** The microphone went away mid-call and no other one could be opened: the call goes on typed. */
  micLost: string;
  /** A typed call: no microphone is used. */
  typedCall: string;
  /** Starts (or goes on with) a call without a microphone. */
  continueByTyping: string;
  /** The microphone is blocked by the page that embeds the widget (an iframe without permission, an in-app
   *  browser): only the site owner can change it. Replaces the MIC_DENIED text there. */
  frameBlocked: { title: string; body: string };
}

export const AUDIO_NOTICES: Record<Lang, AudioNoticeStrings> = {
  ar: {
    tapToContinue: 'اضغط للمتابعة',
    audioPaused: 'أوقف المتصفح الصوت مؤقتًا. اضغط لسماع المساعد من جديد.',
    micLost: 'توقف الميكروفون. تستمر المكالمة كتابةً: اكتب رسالتك وسيرد عليك المساعد بصوته.',
    typedCall: 'مكالمة كتابية: لا يُستخدم الميكروفون. اكتب رسالتك وسيرد عليك المساعد بصوته.',
    continueByTyping: 'المتابعة كتابةً',
    frameBlocked: {
      title: 'الميكروفون غير مسموح به هنا',
      body: 'الصفحة التي تعرض هذا المساعد لا تسمح له باستخدام الميكروفون، ولا يمكنك تغيير ذلك من المتصفح. على صاحب الموقع السماح بالميكروفون. يمكنك المتابعة كتابةً.',
    },
  },
  fr: {
    tapToContinue: 'Touchez pour continuer',
    audioPaused: 'Le navigateur a mis le son en pause. Touchez pour entendre à nouveau l’assistant.',
    micLost: 'Le micro s’est arrêté. L’appel continue par écrit : tapez votre message, l’assistant vous répond à voix haute.',
    typedCall: 'Appel écrit : le micro n’est pas utilisé. Tapez votre message, l’assistant vous répond à voix haute.',
    continueByTyping: 'Continuer par écrit',
    frameBlocked: {
      title: 'Micro non autorisé ici',
      body: 'La page qui affiche cet assistant ne lui permet pas d’utiliser le micro, et votre navigateur ne peut rien y changer. Le propriétaire du site doit autoriser le micro. Vous pouvez continuer par écrit.',
    },
  },
  en: {
    tapToContinue: 'Tap to continue',
    audioPaused: 'The browser paused the sound. Tap to hear the assistant again.',
    micLost: 'The microphone stopped. The call goes on by typing: type your message and the assistant answers aloud.',
    typedCall: 'Typed call: no microphone is used. Type your message and the assistant answers aloud.',
    continueByTyping: 'Continue by typing',
    frameBlocked: {
      title: 'Microphone not allowed here',
      body: 'The page showing this assistant does not let it use the microphone, and your browser settings cannot change that. The site owner has to allow the microphone. You can continue by typing.',
    },
  },
};
