import type { PanelStrings } from './catalogue.ts';

export const strings: PanelStrings = {
  locale: 'en',

  intro: 'Talk with us out loud, any time.',
  micNotice: 'Your browser will ask to use your microphone when you call.',
  notConfigured: 'This assistant is not set up on this page yet.',

  call: 'Call',
  callAgain: 'Call again',
  continueCall: 'Continue the call',
  continueOffer: 'Your call on the previous page can go on here.',
  cancel: 'Cancel',
  close: 'Close',
  endCall: 'End call',
  mute: 'Mute',
  message: 'Message',
  messagePlaceholder: 'Type instead of speaking…',
  send: 'Send',
  messageNotSent: 'This message could not be sent. Try a shorter one.',
  messageUnsent: 'This message could not be sent. Send it again.',
  messageWaitsForLine: 'You can send again once the line is back.',
  offline: 'You seem to be offline; the call picks up again if the network is back soon.',
  weakConnection: 'Weak connection: the assistant may hear you late. Typing works too.',
  connectionLost: 'Connection lost: waiting for it to come back…',
  callInProgress: 'call in progress',
  audioPaused: 'audio paused, open to continue',

  transcript: 'Conversation',
  saveConversation: 'Save the conversation',
  copy: 'Copy',
  copied: 'Copied.',
  download: 'Download',
  jumpToLatest: 'Jump to latest',
  lineDropped: 'The line dropped here',
  you: 'You',
  assistant: 'Assistant',

  status: {
    idle: 'Ready to talk',
    connecting: 'Connecting…',
    reconnecting: 'Line dropped, reconnecting…',
    live: (agent) => `Live with ${agent}`,
    ending: 'Ending the call…',
    ended: 'Call ended',
    error: 'Not connected',
  },
  activity: {
    listening: 'Listening',
    speaking: (agent) => `${agent} is speaking`,
    thinking: (agent) => `${agent} is thinking…`,
  },
  muted: 'Microphone muted',
  tool: (tool) => `Working on it: ${tool}`,
  toolUnnamed: 'Working on it…',

  elapsed: (time) => `Elapsed ${time}`,
  timeLeft: (time) => `${time} left`,
  timeWarning: (time) => `Less than ${time} left in this call`,

  endReasons: {
    caller_hangup: 'You ended the call.',
    agent_ended: 'The assistant ended the call.',
    max_duration: 'The call reached its time limit.',
    cancelled: 'The call was cancelled.',
    another_call: 'A call started with another assistant on this page.',
  },
  duration: (duration) => `Duration: ${duration}`,

  errors: {
    ORIGIN: {
      title: 'Not available on this website',
      body: 'Its owner has not allowed calls from this website.',
    },
    NOT_FOUND: {
      title: 'Assistant unavailable',
      body: 'Its owner may have unpublished it or switched it off.',
    },
    RATE_LIMITED: {
      title: 'Too many calls',
      body: 'Your connection has reached its limit of calls for now.',
    },
    MAINTENANCE: {
      title: 'Down for maintenance',
      body: 'The service is being updated.',
    },
    QUOTA: {
      title: 'Calls paused',
      body: 'This business has used up its call time. Please contact it another way.',
    },
    BUSY: {
      title: 'All lines are busy',
      body: 'The assistant is answering other callers right now.',
    },
    MODEL: {
      title: 'Voice unavailable',
      body: 'The assistant’s voice could not be reached. Please try again.',
    },
    OWNER: {
      title: 'Assistant closed',
      body: 'This assistant is no longer available.',
    },
    AGENT_GONE: {
      title: 'Assistant removed',
      body: 'This assistant was removed during the call and can no longer be reached.',
    },
    SERVER_ERROR: {
      title: 'Something went wrong',
      body: 'The service had a problem starting or running the call. Please try again.',
    },
    CONNECTION_LOST: {
      title: 'Connection lost',
      body: 'Check your internet connection, then try again.',
    },
    TICKET_REJECTED: {
      title: 'Call not accepted',
      body: 'The line could not be opened, even at a second attempt. Please try again.',
    },
    MIC_DENIED: {
      title: 'Microphone blocked',
      body:
        'The assistant needs your microphone to hear you. Select the icon beside the web address ' +
        '(a padlock or a microphone), allow the microphone for this site, then try again.',
    },
    MIC_UNAVAILABLE: {
      title: 'No microphone available',
      body: 'The browser found none, or another app is using it. Connect or free a microphone, then try again.',
    },
    AUDIO_UNSUPPORTED: {
      title: 'Browser not supported',
      body: 'This browser cannot make voice calls. Please use a recent version of Chrome, Edge, Firefox or Safari.',
    },
    TIMEOUT: {
      title: 'No answer in time',
      body: 'The service may be overloaded, or your connection slow. Please try again.',
    },
    BLOCKED_BY_PAGE: {
      title: 'Blocked by this website',
      body: 'This website’s settings block the assistant. Your connection is fine: the site owner has to change them.',
    },
  },
  unknownError: {
    title: 'Something went wrong',
    body: 'The call could not continue. Please try again.',
  },
  retry: 'Try again',
  retryIn: (time) => `Try again in ${time}`,
  retryLater: 'Try again later',

  // The owner's optional pieces: the consent notice, the device pickers, the call rating.
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

  notices: {
    tapToContinue: 'Tap to continue',
    audioPaused: 'The browser paused the sound. Tap to hear the assistant again.',
    micHeld: 'The microphone is paused by your device or another app: the assistant cannot hear you until it is back. You can type meanwhile.',
    micLost: 'The microphone stopped. The call goes on by typing: type your message and the assistant answers aloud.',
    typedCall: 'Typed call: no microphone is used. Type your message and the assistant answers aloud.',
    continueByTyping: 'Continue by typing',
    typeInstead: 'Type instead',
    talkInstead: 'Talk instead',
    micOff: 'Microphone off',
    silentMic: 'The assistant cannot hear you: your microphone sends only silence.',
    frameBlocked: {
      title: 'Microphone not allowed here',
      body: 'The page showing this assistant does not let it use the microphone, and your browser settings cannot change that. The site owner has to allow the microphone. You can continue by typing.',
    },
  },
};
