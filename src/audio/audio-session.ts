// Safari 16.4+ has `navigator.audioSession`: its type tells iOS how the page uses audio. A call records and
// plays at once, so it is `play-and-record` (iOS may then route the agent's voice to the earpiece; no web API
// forces the loudspeaker — see docs/widget.md). The type is the whole page's: once the call's audio is let go
// the page gets back the type it had, so its own videos and sounds are not played as a call. Elsewhere this
// does nothing.

interface AudioSessionLike {
  type: string;
}

const session = (): AudioSessionLike | undefined =>
  (globalThis.navigator as { audioSession?: AudioSessionLike } | undefined)?.audioSession;

/** The page's type before the call claimed the session (null: not claimed). */
let pageType: string | null = null;

/** Sets the page's audio session type where the browser has one; never throws. */
export function setAudioSessionType(type: 'play-and-record' | 'playback' | 'auto'): void {
  const current = session();
  if (!current) return;
  try {
    if (type === 'play-and-record' && pageType === null && current.type !== 'play-and-record') pageType = current.type;
    current.type = type;
  } catch {
    // an engine that refuses a type keeps its own
  }
}

/** The call's audio is let go: the page's own type comes back (unless the page changed it meanwhile). */
export function releaseAudioSession(): void {
  const previous = pageType;
  pageType = null;
  const current = session();
  if (previous === null || !current || current.type !== 'play-and-record') return;
  try {
    current.type = previous;
  } catch {
    // kept as it is
  }
}
