import type { PanelStrings } from './catalogue.ts';

// Modern Standard Arabic. Phrases about the agent avoid gendered verbs (the agent's name may be a man's
// or a woman's): "جارٍ + verbal noun" for activities, "المساعد" where a subject is needed.
// Digits are Latin (locale ar-u-nu-latn): see docs/widget.md, "Languages".
export const strings: PanelStrings = {
  locale: 'ar-u-nu-latn',

  intro: 'تحدّث معنا بصوتك في أي وقت.',
  micNotice: 'سيطلب منك المتصفح الإذن باستخدام الميكروفون عند بدء المكالمة.',
  notConfigured: 'لم يُضبط هذا المساعد على هذه الصفحة بعد.',

  call: 'اتصال',
  callAgain: 'اتصال من جديد',
  continueCall: 'متابعة المكالمة',
  continueOffer: 'يمكن متابعة مكالمتك من الصفحة السابقة هنا.',
  cancel: 'إلغاء',
  close: 'إغلاق',
  endCall: 'إنهاء المكالمة',
  mute: 'كتم الميكروفون',
  message: 'رسالة',
  messagePlaceholder: 'اكتب بدلًا من الكلام…',
  send: 'إرسال',
  messageNotSent: 'تعذّر إرسال هذه الرسالة. جرّب رسالة أقصر.',
  messageUnsent: 'تعذّر إرسال هذه الرسالة. أرسلها مرة أخرى.',
  messageWaitsForLine: 'يمكنك الإرسال من جديد بعد عودة الخط.',
  offline: 'يبدو أنك غير متصل بالشبكة؛ تُستأنف المكالمة إذا عادت الشبكة قريبًا.',
  weakConnection: 'الاتصال ضعيف: قد يسمعك المساعد متأخرًا. يمكنك الكتابة أيضًا.',
  connectionLost: 'انقطع الاتصال: في انتظار عودته…',
  callInProgress: 'مكالمة جارية',
  audioPaused: 'الصوت متوقف، افتح للمتابعة',

  transcript: 'المحادثة',
  saveConversation: 'حفظ المحادثة',
  copy: 'نسخ',
  copied: 'تم النسخ.',
  download: 'تنزيل',
  jumpToLatest: 'الانتقال إلى الأحدث',
  lineDropped: 'انقطع الخط هنا',
  you: 'أنت',
  assistant: 'المساعد',

  status: {
    idle: 'جاهز للحديث',
    connecting: 'جارٍ الاتصال…',
    reconnecting: 'انقطع الخط، جارٍ إعادة الاتصال…',
    live: (agent) => `المكالمة جارية مع ${agent}`,
    ending: 'جارٍ إنهاء المكالمة…',
    ended: 'انتهت المكالمة',
    error: 'غير متصل',
  },
  activity: {
    listening: 'جارٍ الاستماع',
    speaking: (agent) => `${agent}: جارٍ الرد`,
    thinking: (agent) => `${agent}: جارٍ التفكير…`,
  },
  muted: 'الميكروفون مكتوم',
  tool: (tool) => `جارٍ التنفيذ: ${tool}`,
  toolUnnamed: 'جارٍ التنفيذ…',

  elapsed: (time) => `المدة ${time}`,
  timeLeft: (time) => `المتبقي ${time}`,
  timeWarning: (time) => `بقي أقل من ${time} على نهاية المكالمة`,

  endReasons: {
    caller_hangup: 'أُنهيت المكالمة من جهتك.',
    agent_ended: 'أنهى المساعد المكالمة.',
    max_duration: 'انتهى الوقت المخصص للمكالمة.',
    cancelled: 'أُلغيت المكالمة.',
    another_call: 'بدأت مكالمة مع مساعد آخر في هذه الصفحة.',
  },
  duration: (duration) => `المدة: ${duration}`,

  errors: {
    ORIGIN: {
      title: 'غير متاح على هذا الموقع',
      body: 'لم يسمح صاحبه بالمكالمات من هذا الموقع.',
    },
    NOT_FOUND: {
      title: 'المساعد غير متاح',
      body: 'ربما سحبه صاحبه أو أوقفه.',
    },
    RATE_LIMITED: {
      title: 'مكالمات كثيرة',
      body: 'بلغ اتصالك حدّه من المكالمات في الوقت الحالي.',
    },
    MAINTENANCE: {
      title: 'الخدمة قيد الصيانة',
      body: 'يجري تحديث الخدمة حاليًا.',
    },
    QUOTA: {
      title: 'المكالمات متوقفة',
      body: 'استنفدت هذه الجهة رصيد مكالماتها. يُرجى التواصل معها بطريقة أخرى.',
    },
    BUSY: {
      title: 'كل الخطوط مشغولة',
      body: 'يرد المساعد على متصلين آخرين الآن.',
    },
    MODEL: {
      title: 'الصوت غير متاح',
      body: 'تعذّر الوصول إلى صوت المساعد. يُرجى المحاولة من جديد.',
    },
    OWNER: {
      title: 'المساعد مغلق',
      body: 'لم يعد هذا المساعد متاحًا.',
    },
    AGENT_GONE: {
      title: 'حُذف المساعد',
      body: 'حُذف هذا المساعد أثناء المكالمة ولم يعد بالإمكان الوصول إليه.',
    },
    SERVER_ERROR: {
      title: 'حدث خطأ',
      body: 'واجهت الخدمة مشكلة أثناء المكالمة. يُرجى المحاولة من جديد.',
    },
    CONNECTION_LOST: {
      title: 'انقطع الاتصال',
      body: 'تحقّق من اتصالك بالإنترنت، ثم حاول من جديد.',
    },
    TICKET_REJECTED: {
      title: 'لم تُقبل المكالمة',
      body: 'تعذّر فتح الخط حتى في المحاولة الثانية. يُرجى المحاولة من جديد.',
    },
    MIC_DENIED: {
      title: 'الميكروفون محظور',
      body:
        'يحتاج المساعد إلى الميكروفون ليسمعك. اضغط على الرمز المجاور لعنوان الموقع ' +
        '(قفل أو ميكروفون)، واسمح باستخدام الميكروفون لهذا الموقع، ثم حاول من جديد.',
    },
    MIC_UNAVAILABLE: {
      title: 'لا يوجد ميكروفون متاح',
      body: 'لم يعثر المتصفح على أي ميكروفون، أو أن تطبيقًا آخر يستخدمه. وصّل ميكروفونًا أو حرّره، ثم حاول من جديد.',
    },
    AUDIO_UNSUPPORTED: {
      title: 'المتصفح غير مدعوم',
      body: 'لا يدعم هذا المتصفح المكالمات الصوتية. يُرجى استخدام إصدار حديث من Chrome أو Edge أو Firefox أو Safari.',
    },
    TIMEOUT: {
      title: 'لا رد في الوقت المحدد',
      body: 'ربما تكون الخدمة مزدحمة، أو اتصالك بطيئًا. يُرجى المحاولة من جديد.',
    },
    BLOCKED_BY_PAGE: {
      title: 'محظور من هذا الموقع',
      body: 'إعدادات هذا الموقع تمنع المساعد. اتصالك سليم: على صاحب الموقع تعديلها.',
    },
  },
  unknownError: {
    title: 'حدث خطأ',
    body: 'تعذّر استمرار المكالمة. يُرجى المحاولة من جديد.',
  },
  retry: 'حاول من جديد',
  retryIn: (time) => `حاول من جديد بعد ${time}`,
  retryLater: 'حاول من جديد لاحقًا',

  // The owner's optional pieces: the consent notice, the device pickers, the call rating.
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

  notices: {
    tapToContinue: 'اضغط للمتابعة',
    audioPaused: 'أوقف المتصفح الصوت مؤقتًا. اضغط لسماع المساعد من جديد.',
    micHeld: 'أوقف جهازك أو تطبيق آخر الميكروفون مؤقتًا: لن يسمعك المساعد حتى يعود. يمكنك الكتابة في هذه الأثناء.',
    micLost: 'توقف الميكروفون. تستمر المكالمة كتابةً: اكتب رسالتك وسيرد عليك المساعد بصوته.',
    typedCall: 'مكالمة كتابية: لا يُستخدم الميكروفون. اكتب رسالتك وسيرد عليك المساعد بصوته.',
    continueByTyping: 'المتابعة كتابةً',
    typeInstead: 'الكتابة بدل الكلام',
    talkInstead: 'الكلام بدل الكتابة',
    micOff: 'الميكروفون متوقف',
    silentMic: 'لا يسمعك المساعد: الميكروفون لا يرسل إلا الصمت.',
    frameBlocked: {
      title: 'الميكروفون غير مسموح به هنا',
      body: 'الصفحة التي تعرض هذا المساعد لا تسمح له باستخدام الميكروفون، ولا يمكنك تغيير ذلك من المتصفح. على صاحب الموقع السماح بالميكروفون. يمكنك المتابعة كتابةً.',
    },
  },
};
