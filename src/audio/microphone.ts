// The microphone: one getUserMedia call per call, and the mapping of its failures to CallErrors.
import { CallError } from '../call/errors.ts';
import { canRequestMicrophone, type MicrophoneOptions, microphoneConstraints, stopStream } from './microphone-request.ts';

export { canRequestMicrophone, isFirefox, microphoneConstraints, stopStream, type MicrophoneOptions } from './microphone-request.ts';

export function noMicrophoneApi(): CallError {
  return new CallError('AUDIO_UNSUPPORTED', 'This browser gives no access to a microphone here (a secure https page is needed).');
}

/** Asks for the microphone. Call it synchronously inside the user's gesture; rejects with a CallError. */
export function requestMicrophone(options: MicrophoneOptions): Promise<MediaStream> {
  if (!canRequestMicrophone()) return Promise.reject(noMicrophoneApi());
  try {
    return checkedMicrophone(navigator.mediaDevices.getUserMedia(microphoneConstraints(options)));
  } catch (error) {
    return Promise.reject(microphoneError(error));
  }
}

/** The browser's answer to a microphone request, with its failures as CallErrors (a stream without an audio
 *  track is one). */
export function checkedMicrophone(request: Promise<MediaStream>): Promise<MediaStream> {
  return request.then(
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

function withDetail(message: string, detail: string): string {
  return detail ? `${message} (${detail})` : message;
}
