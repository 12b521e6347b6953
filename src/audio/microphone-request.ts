// The parts of a microphone request the visitor's gesture needs (see gesture-audio.ts): small, no errors
// of the call's (microphone.ts maps the browser's failures).

export interface MicrophoneOptions {
  /** Echo cancellation, noise suppression and automatic gain control (default on). */
  audioProcessing: boolean;
  /** A `deviceId` from `enumerateDevices()`; the default microphone when absent. */
  deviceId?: string | undefined;
}

/** The constraints asked of getUserMedia: mono, processing on or off as a whole, an exact device if chosen. */
export function microphoneConstraints({ audioProcessing, deviceId }: MicrophoneOptions): MediaStreamConstraints {
  const audio: MediaTrackConstraints = {
    channelCount: { ideal: 1 },
    echoCancellation: audioProcessing,
    noiseSuppression: audioProcessing,
    autoGainControl: audioProcessing,
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
