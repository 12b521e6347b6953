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

