// The element's audio for one call: an AudioEngine (microphone + agent voice on one AudioContext), its
// processors handed to the call's host, which reports the levels.
import { AudioEngine } from '../../../audio/audio-engine.ts';
import type { GestureAudio } from '../../../audio/gesture-audio.ts';
import type { AudioPipe, PipedAudio } from '../../../call/audio-ports.ts';

export interface BrowserAudioOptions {
  audioProcessing: boolean;
  workletBaseUrl?: string | undefined;
  inputDeviceId?: string | undefined;
  outputDeviceId?: string | undefined;
  /** Where the call's host takes the processors over (see AudioEngineOptions.pipe). */
  pipe: AudioPipe;
  /** What the visitor's gesture opened (see GestureAudio). */
  gesture?: GestureAudio | undefined;
  /** The browser holds the call's audio until the visitor taps (see AudioEngine.resumeAudio). */
  onNeedsGesture?: (needsGesture: boolean) => void;
  /** The microphone asked for by `deviceId` ended mid-call (see AudioEngineOptions.onInputDeviceEnded). */
  onInputDeviceEnded?: (deviceId: string | undefined) => void;
  /** The system holds the microphone (see AudioEngineOptions.onInputHeld). */
  onInputHeld?: (held: boolean) => void;
}

export interface BrowserAudio extends PipedAudio {
  engine: AudioEngine;
}

export function createBrowserAudio(options: BrowserAudioOptions): BrowserAudio {
  const engine = new AudioEngine(options);
  return { source: engine.source, sink: engine.sink, engine };
}
