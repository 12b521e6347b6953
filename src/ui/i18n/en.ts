import type { Catalogue } from './catalogue.ts';
import { CHOICE_STRINGS } from './choices.ts';
import { LAUNCHER_STRINGS } from './launcher.ts';

export const en: Catalogue = {
  ...LAUNCHER_STRINGS.en,
  ...CHOICE_STRINGS.en,
  locale: 'en',

  intro: 'Talk with us out loud, any time.',
  micNotice: 'Your browser will ask to use your microphone when you call.',
  notConfigured: 'This assistant is not set up on this page yet.',

  call: 'Call',
  callAgain: 'Call again',
  cancel: 'Cancel',
  endCall: 'End call',
  mute: 'Mute',
  message: 'Message',
  messagePlaceholder: 'Type instead of speaking…',
  send: 'Send',
  messageNotSent: 'This message could not be sent. Try a shorter one.',
  messageWaitsForLine: 'You can send again once the line is back.',
  offline: 'You seem to be offline; the call picks up again if the network is back soon.',

  transcript: 'Conversation',
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
  },
  activity: {
    listening: 'Listening',
    speaking: (agent) => `${agent} is speaking`,
    thinking: (agent) => `${agent} is thinking…`,
  },
  muted: 'Microphone muted',
  tool: (tool) => `Working on it: ${tool}`,

  elapsed: (time) => `Elapsed ${time}`,
  timeLeft: (time) => `${time} left`,
  timeWarning: (time) => `Less than ${time} left in this call`,

  endReasons: {
    caller_hangup: 'You ended the call.',
    agent_ended: 'The assistant ended the call.',
    cancelled: 'The call was cancelled.',
    other: 'The call is over.',
  },
  duration: (duration) => `Duration: ${duration}`,

  errors: {
    ORIGIN: {
      title: 'Not available on this website',
      body: 'This assistant does not take calls from this website.',
    },
    NOT_FOUND: {
      title: 'Assistant unavailable',
      body: 'This assistant is not available at the moment.',
    },
    RATE_LIMITED: {
      title: 'Too many calls',
      body: 'Too many calls were started from your connection. Please wait a little before calling again.',
    },
    MAINTENANCE: {
      title: 'Down for maintenance',
      body: 'The service is being updated. Please try again in a few minutes.',
    },
    QUOTA: {
      title: 'Calls paused',
      body: 'This assistant cannot take calls right now. Please contact the business another way.',
    },
    BUSY: {
      title: 'All lines are busy',
      body: 'Every line is taken right now. You can call again in a minute.',
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
      body: 'The connection to the assistant was lost. Check your internet connection and try again.',
    },
    TICKET_REJECTED: {
      title: 'Call not accepted',
      body: 'The service did not accept the call. Please try again.',
    },
    MIC_DENIED: {
      title: 'Microphone blocked',
      body:
        'The assistant needs your microphone to hear you. Select the icon beside the web address ' +
        '(a padlock or a microphone), allow the microphone for this site, then try again.',
    },
    MIC_UNAVAILABLE: {
      title: 'No microphone available',
      body: 'No microphone was found, or another app is using it. Connect or free a microphone, then try again.',
    },
    AUDIO_UNSUPPORTED: {
      title: 'Browser not supported',
      body: 'This browser cannot make voice calls. Please use a recent version of Chrome, Edge, Firefox or Safari.',
    },
    TIMEOUT: {
      title: 'No answer in time',
      body: 'The service took too long to answer. Please try again.',
    },
    LOAD_FAILED: {
      title: 'Could not load',
      body: 'The assistant could not load. Check your connection, then try again.',
    },
  },
  unknownError: {
    title: 'Something went wrong',
    body: 'The call could not continue. Please try again.',
  },
  retry: 'Try again',
  retryIn: (time) => `Try again in ${time}`,
  retryLater: 'Try again later',
};
