// The microphone: one getUserMedia call per call, and the mapping of its failures to CallErrors.
import { CallError } from '../call/errors.ts';

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

export function noMicrophoneApi(): CallError {
  return new CallError('AUDIO_UNSUPPORTED', 'This browser gives no access to a microphone here (a secure https page is needed).');
}

/** Asks for the microphone. Call it synchronously inside the user's gesture; rejects with a CallError. */
export function requestMicrophone(options: MicrophoneOptions): Promise<MediaStream> {
  if (!canRequestMicrophone()) return Promise.reject(noMicrophoneApi());
  try {
    return navigator.mediaDevices.getUserMedia(microphoneConstraints(options)).then(
      (stream) => {
        if (stream.getAudioTracks().length === 0) {
          stopStream(stream);
          throw new CallError('MIC_UNAVAILABLE', 'The browser returned no microphone track.');
        }
        return stream;
      },
      (error: unknown) => {
        throw microphoneError(error);
      },
    );
  } catch (error) {
    return Promise.reject(microphoneError(error));
  }
}

/** Maps a getUserMedia failure (a DOMException, usually) to the contract's error codes. */
export function microphoneError(error: unknown): CallError {
  if (error instanceof CallError) return error;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  const detail = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError': // older Chrome
    case 'SecurityError':
      return new CallError('MIC_DENIED', withDetail('Microphone access was refused.', detail));
    case 'NotFoundError':
    case 'DevicesNotFoundError': // older Chrome
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return new CallError('MIC_UNAVAILABLE', withDetail('No microphone could be opened.', detail));
    case 'TypeError':
    case 'NotSupportedError':
      return new CallError('AUDIO_UNSUPPORTED', withDetail('This browser cannot open the microphone.', detail));
    default:
      return new CallError('MIC_UNAVAILABLE', withDetail('The microphone failed.', detail));
  }
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

function withDetail(message: string, detail: string): string {
  return detail ? `${message} (${detail})` : message;
}
