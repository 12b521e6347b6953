import type { ErrorCode } from '../../call/types.ts';
import type { AudioNoticeStrings } from './audio-notices.ts';
import type { ChoiceStrings } from './choices.ts';
import type { EndReason } from './end-reasons.ts';
import type { LauncherStrings } from './launcher.ts';

/** The error codes the call's panel shows (the call's code is loaded, so LOAD_FAILED is not one of them). */
export type PanelErrorCode = Exclude<ErrorCode, 'LOAD_FAILED'>;

/** The languages the widget speaks. The first is the default. */
export const LANGS = ['ar', 'fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export type { EndReason } from './end-reasons.ts';

export interface ErrorText {
  title: string;
  /** What happened and what the visitor can do, in plain words. */
  body: string;
}

/**
 * Every string the widget shows, for one language: one chunk per language, loaded by
 * src/ui/internal/catalogue-loader.ts. A language file that misses a key (or an error code)
 * fails the typecheck. Functions receive values already formatted for the language (names, durations).
 */
export interface Catalogue extends LauncherStrings, ChoiceStrings {
  /** BCP 47 locale handed to Intl (Arabic pins its digits, see docs/widget.md). */
  locale: string;

  intro: string;
  micNotice: string;
  notConfigured: string;

  call: string;
  callAgain: string;
  /** The button that continues the call of the previous page (its words say "continue"). */
  continueCall: string;
  /** Said above the previous page's conversation, before it is continued. */
  continueOffer: string;
  cancel: string;
  close: string;
  endCall: string;
  mute: string;
  message: string;
  messagePlaceholder: string;
  send: string;
  /** The call would not take the message (too long). */
  messageNotSent: string;
  /** The call took the message, but it was lost on its way out (the line went as it was sent). */
  messageUnsent: string;
  /** Under the text box while the line is being restored (sending waits for it). */
  messageWaitsForLine: string;
  /** The browser says it has no network (a hint; the call may still recover). */
  offline: string;
  /** The connection is fair or poor (link-quality.ts): what it means, and what the visitor can do. */
  weakConnection: string;
  /** Nothing arrives from the service, or the line is being set up again. */
  connectionLost: string;
  /** Added to the launcher's name during a call. */
  callInProgress: string;
  /** Added to the launcher's name while the call's audio waits for a tap (the panel says how). */
  audioPaused: string;

  transcript: string;
  /** The small menu that holds Copy and Download during a call. */
  saveConversation: string;
  copy: string;
  /** Said once the conversation is on the clipboard. */
  copied: string;
  download: string;
  jumpToLatest: string;
  /** The quiet marker in the transcript where the line dropped and was set up again. */
  lineDropped: string;
  you: string;
  /** The agent's name when the service gives none. */
  assistant: string;

  status: {
    idle: string;
    connecting: string;
    /** The line dropped mid-call; a new one is being set up (the transcript stays). */
    reconnecting: string;
    live: (agent: string) => string;
    ending: string;
    ended: string;
    /** Under the agent's name while an error shows (the error card carries the title). */
    error: string;
  };
  activity: {
    listening: string;
    speaking: (agent: string) => string;
    thinking: (agent: string) => string;
  };
  /** The status line while the visitor's microphone is muted. */
  muted: string;
  tool: (tool: string) => string;
  /** A running tool whose name has no words to show. */
  toolUnnamed: string;

  elapsed: (time: string) => string;
  timeLeft: (time: string) => string;
  timeWarning: (time: string) => string;

  /** Why the call ended, as the ended card's title; each says the call is over in its own words. */
  endReasons: Record<EndReason, string>;
  duration: (duration: string) => string;

  /** Every code the panel can show (LOAD_FAILED is said by the launcher itself: the panel is not loaded). */
  errors: Record<PanelErrorCode, ErrorText>;
  /** For a code the widget does not know (never expected: codes are validated before they get here). */
  unknownError: ErrorText;
  retry: string;
  retryIn: (time: string) => string;
  /** The service asked for a wait of more than a day: no figure, just "later". */
  retryLater: string;

  notices: AudioNoticeStrings;
}

/** What a language's own chunk holds: the rest of its catalogue is the launcher's (LAUNCHER_STRINGS), which the
 *  page already has. With no import of its own, the chunk is the same file in both builds. */
export type PanelStrings = Omit<Catalogue, keyof LauncherStrings>;
