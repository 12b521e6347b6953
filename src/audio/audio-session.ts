// Safari 16.4+ has `navigator.audioSession`: its type tells iOS how the page uses audio. A call records and
// plays at once, so it is `play-and-record` (iOS may then route the agent's voice to the earpiece; no web API
// forces the loudspeaker — see docs/widget.md). Elsewhere this does nothing.

interface AudioSessionLike {
  type: string;
}

/** Sets the page's audio session type where the browser has one; never throws. */
export function setAudioSessionType(type: 'play-and-record' | 'playback' | 'auto'): void {
  const session = (globalThis.navigator as { audioSession?: AudioSessionLike } | undefined)?.audioSession;
  if (!session) return;
  try {
    session.type = type;
  } catch {
    // an engine that refuses a type keeps its own
  }
}
