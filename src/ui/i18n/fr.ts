import type { PanelStrings } from './catalogue.ts';

// French typography: a no-break space (\u00a0) before « : » and « … » stays on the same line.
export const strings: PanelStrings = {
  locale: 'fr',

  intro: 'Parlez-nous de vive voix, à tout moment.',
  micNotice: 'Votre navigateur vous demandera l’accès au micro au moment de l’appel.',
  notConfigured: 'Cet assistant n’est pas encore configuré sur cette page.',

  call: 'Appeler',
  callAgain: 'Rappeler',
  continueCall: 'Continuer l’appel',
  continueOffer: 'Votre appel de la page précédente peut continuer ici.',
  cancel: 'Annuler',
  close: 'Fermer',
  endCall: 'Raccrocher',
  mute: 'Couper le micro',
  message: 'Message',
  messagePlaceholder: 'Écrivez au lieu de parler…',
  send: 'Envoyer',
  messageNotSent: 'Ce message n’a pas pu être envoyé. Essayez un message plus court.',
  messageUnsent: 'Ce message n’a pas pu être envoyé. Renvoyez-le.',
  messageWaitsForLine: 'Vous pourrez envoyer dès que la ligne sera rétablie.',
  offline: 'Vous semblez hors ligne ; l’appel reprend si le réseau revient vite.',
  weakConnection: 'Connexion faible : l’assistant peut vous entendre en retard. Vous pouvez aussi écrire.',
  connectionLost: 'Connexion perdue : en attente de son retour…',
  callInProgress: 'appel en cours',
  audioPaused: 'son en pause, ouvrez pour continuer',

  transcript: 'Conversation',
  saveConversation: 'Garder la conversation',
  copy: 'Copier',
  copied: 'Copié.',
  download: 'Télécharger',
  jumpToLatest: 'Aller au plus récent',
  lineDropped: 'La ligne a été coupée ici',
  you: 'Vous',
  assistant: 'Assistant',

  status: {
    idle: 'Prêt à discuter',
    connecting: 'Connexion…',
    reconnecting: 'Ligne coupée, reconnexion…',
    live: (agent) => `En ligne avec ${agent}`,
    ending: 'Fin de l’appel…',
    ended: 'Appel terminé',
    error: 'Non connecté',
  },
  activity: {
    listening: 'À l’écoute',
    speaking: (agent) => `${agent} parle`,
    thinking: (agent) => `${agent} réfléchit…`,
  },
  muted: 'Micro coupé',
  tool: (tool) => `Action en cours\u00a0: ${tool}`,
  toolUnnamed: 'Action en cours…',

  elapsed: (time) => `Durée ${time}`,
  timeLeft: (time) => `Reste ${time}`,
  timeWarning: (time) => `Moins de ${time} restantes pour cet appel`,

  endReasons: {
    caller_hangup: 'Vous avez raccroché.',
    agent_ended: 'L’assistant a mis fin à l’appel.',
    max_duration: 'L’appel a atteint sa durée maximale.',
    cancelled: 'L’appel a été annulé.',
    another_call: 'Un appel a commencé avec un autre assistant sur cette page.',
  },
  duration: (duration) => `Durée\u00a0: ${duration}`,

  errors: {
    ORIGIN: {
      title: 'Indisponible sur ce site',
      body: 'Son propriétaire n’autorise pas les appels depuis ce site web.',
    },
    NOT_FOUND: {
      title: 'Assistant indisponible',
      body: 'Son propriétaire l’a peut-être retiré ou désactivé.',
    },
    RATE_LIMITED: {
      title: 'Trop d’appels',
      body: 'Votre connexion a atteint sa limite d’appels pour le moment.',
    },
    MAINTENANCE: {
      title: 'Maintenance en cours',
      body: 'Le service est en cours de mise à jour.',
    },
    QUOTA: {
      title: 'Appels suspendus',
      body: 'Cette entreprise a épuisé son temps d’appel. Contactez-la par un autre moyen.',
    },
    BUSY: {
      title: 'Toutes les lignes sont occupées',
      body: 'L’assistant répond à d’autres appels en ce moment.',
    },
    MODEL: {
      title: 'Voix indisponible',
      body: 'La voix de l’assistant est injoignable. Veuillez réessayer.',
    },
    OWNER: {
      title: 'Assistant fermé',
      body: 'Cet assistant n’est plus disponible.',
    },
    AGENT_GONE: {
      title: 'Assistant supprimé',
      body: 'Cet assistant a été supprimé pendant l’appel et ne peut plus être joint.',
    },
    SERVER_ERROR: {
      title: 'Un problème est survenu',
      body: 'Le service a rencontré un problème pendant l’appel. Veuillez réessayer.',
    },
    CONNECTION_LOST: {
      title: 'Connexion perdue',
      body: 'Vérifiez votre connexion internet, puis réessayez.',
    },
    TICKET_REJECTED: {
      title: 'Appel refusé',
      body: 'La ligne n’a pas pu être ouverte, même au second essai. Veuillez réessayer.',
    },
    MIC_DENIED: {
      title: 'Micro bloqué',
      body:
        'L’assistant a besoin de votre micro pour vous entendre. Cliquez sur l’icône à côté de l’adresse du site ' +
        '(un cadenas ou un micro), autorisez le micro pour ce site, puis réessayez.',
    },
    MIC_UNAVAILABLE: {
      title: 'Aucun micro disponible',
      body: 'Le navigateur n’en a trouvé aucun, ou une autre application l’utilise. Branchez ou libérez un micro, puis réessayez.',
    },
    AUDIO_UNSUPPORTED: {
      title: 'Navigateur non compatible',
      body: 'Ce navigateur ne permet pas les appels vocaux. Utilisez une version récente de Chrome, Edge, Firefox ou Safari.',
    },
    TIMEOUT: {
      title: 'Pas de réponse à temps',
      body: 'Le service est peut-être surchargé, ou votre connexion lente. Veuillez réessayer.',
    },
    BLOCKED_BY_PAGE: {
      title: 'Bloqué par ce site',
      body: 'Les réglages de ce site bloquent l’assistant. Votre connexion n’y est pour rien\u00a0: c’est au site de les modifier.',
    },
  },
  unknownError: {
    title: 'Un problème est survenu',
    body: 'L’appel n’a pas pu continuer. Veuillez réessayer.',
  },
  retry: 'Réessayer',
  retryIn: (time) => `Réessayer dans ${time}`,
  retryLater: 'Réessayer plus tard',

  // The owner's optional pieces: the consent notice, the device pickers, the call rating.
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

  notices: {
    tapToContinue: 'Touchez pour continuer',
    audioPaused: 'Le navigateur a mis le son en pause. Touchez pour entendre à nouveau l’assistant.',
    micHeld: 'Le micro est suspendu par votre appareil ou une autre application : l’assistant ne vous entend plus jusqu’à son retour. Vous pouvez écrire en attendant.',
    micLost: 'Le micro s’est arrêté. L’appel continue par écrit : tapez votre message, l’assistant vous répond à voix haute.',
    typedCall: 'Appel écrit : le micro n’est pas utilisé. Tapez votre message, l’assistant vous répond à voix haute.',
    continueByTyping: 'Continuer par écrit',
    typeInstead: 'Écrire plutôt',
    talkInstead: 'Parler plutôt',
    micOff: 'Micro éteint',
    silentMic: 'L’assistant ne vous entend pas : votre micro n’envoie que du silence.',
    frameBlocked: {
      title: 'Micro non autorisé ici',
      body: 'La page qui affiche cet assistant ne lui permet pas d’utiliser le micro, et votre navigateur ne peut rien y changer. Le propriétaire du site doit autoriser le micro. Vous pouvez continuer par écrit.',
    },
  },
};
