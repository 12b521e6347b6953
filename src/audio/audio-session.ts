// Safari 16.4+ has `navigator.audioSession`: its type tells iOS how the page uses audio. A call records and
// plays at once, so it is `play-and-record` (iOS may then route the agent's voice to the earpiece; no web API
// forces the loudspeaker — see docs/widget.md). The type is the whole page's: every user of the microphone
// (the visitor's gesture, then the call's microphone; two widgets' calls) holds a claim on it, and when the last
// claim goes the page gets back the type it had, so its own videos and sounds are not played as a call.
// Elsewhere this does nothing.

interface AudioSessionLike {
  type: string;
}

const session = (): AudioSessionLike | undefined =>
  (globalThis.navigator as { audioSession?: AudioSessionLike } | undefined)?.audioSession;

let claims = 0;
/** The page's type before the first claim. */
let pageType: string | null = null;

function setType(current: AudioSessionLike, type: string): void {
  try {
    current.type = type;
  } catch {
    // an engine that refuses a type keeps its own
  }
}

/** Makes the page's audio session `play-and-record` until the returned function is called (once is enough;
 *  again does nothing). Never throws. */
export function claimAudioSession(): () => void {
  const current = session();
  if (!current) return () => undefined;
  if (claims++ === 0) pageType = current.type;
  setType(current, 'play-and-record');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--claims > 0) return;
    const previous = pageType;
    pageType = null;
    // A type the page set meanwhile is its own decision: left as it is.
    if (previous !== null && current.type === 'play-and-record') setType(current, previous);
  };
}
