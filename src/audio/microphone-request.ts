// The parts of a microphone request the visitor's gesture needs (see gesture-audio.ts): small, no errors
// of the call's (microphone.ts maps the browser's failures).

export interface MicrophoneOptions {
  /** Echo cancellation, noise suppression and automatic gain control (default on). */
  audioProcessing: boolean;
  /** A `deviceId` from `enumerateDevices()`; the default microphone when absent. */
  deviceId?: string | undefined;
}

/** Firefox, from its user agent: "Gecko/" and a version is in Firefox's alone (the others say "like Gecko"). */
export const isFirefox = (browser: Navigator | undefined = globalThis.navigator): boolean =>
  !!browser && /Gecko\/\d/.test(browser.userAgent);

/**
 * The constraints asked of getUserMedia: mono, processing on or off as a whole, an exact device if chosen.
 * Firefox's automatic gain control stays off: it raises its gain while the canceller takes the echo out, then
 * lifts whatever echo the canceller lets through for a moment to the level of speech (bursts of the agent's
 * voice at −20 dBFS reached the service in 4 of 6 calls on a busy machine, none with it off:
 * test/devices/echo.spec.ts).
 */
export function microphoneConstraints({ audioProcessing, deviceId }: MicrophoneOptions, firefox = isFirefox()): MediaStreamConstraints {
  const audio: MediaTrackConstraints = {
    channelCount: { ideal: 1 },
    echoCancellation: audioProcessing,
    noiseSuppression: audioProcessing,
    autoGainControl: audioProcessing && !firefox,
  };
  if (deviceId) audio.deviceId = { exact: deviceId };
  return { audio, video: false };
}

/** True when this page can ask for a microphone at all (secure context, API present). */
export function canRequestMicrophone(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Stops every track of `stream` (the browser's recording indicator goes off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  if (!stream) return;
  for (const track of stream.getTracks()) {
    try {
      track.stop();
    } catch {
      // a track that cannot be stopped is already gone
    }
  }
}
