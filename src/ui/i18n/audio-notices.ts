// What the panel says when the call's audio is interrupted, the microphone goes away or cannot be used
// here, and how the visitor goes on by typing (each language's words are in its catalogue, as `notices`).
export interface AudioNoticeStrings {
  /** The browser stopped the call's audio (iOS interruption, autoplay rules): one tap resumes it. */
  tapToContinue: string;
  /** Under the Tap to continue button. */
  audioPaused: string;
  /** The system mutes the microphone mid-call (a phone call, another app, a mute key): the agent hears silence meanwhile. */
  micHeld: string;
  /** The microphone went away mid-call and no other one could be opened: the call goes on typed. */
  micLost: string;
  /** A typed call: no microphone is used. */
  typedCall: string;
  /** Starts (or goes on with) a call without a microphone. */
  continueByTyping: string;
  /** Beside Mute in a voice call: lets go of the microphone, the call goes on typed. */
  typeInstead: string;
  /** Beside Mute in a typed call: takes the microphone (again) for the same call. */
  talkInstead: string;
  /** The status line while the call goes on without a microphone. */
  micOff: string;
  /** The microphone sends only digital silence (a mute switch, a wrong device, an input level at zero): the assistant
   *  cannot hear the visitor. The device picker opens below it, and Type instead is beside Mute. */
  silentMic: string;
  /** The microphone is blocked by the page that embeds the widget (an iframe without permission, an in-app
   *  browser): only the site owner can change it. Replaces the MIC_DENIED text there. */
  frameBlocked: { title: string; body: string };
}

