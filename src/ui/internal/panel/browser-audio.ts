// The element's audio for one call: an AudioEngine (microphone + agent voice on one AudioContext), with
// its levels coalesced to at most 15 updates a second for the view.
import { AudioEngine } from '../../../audio/audio-engine.ts';
import type { GestureAudio } from '../../../audio/gesture-audio.ts';
import type { AudioPipe, AudioSink, FrameSource } from '../../../call/audio-ports.ts';

export interface BrowserAudioOptions {
  audioProcessing: boolean;
  workletBaseUrl?: string | undefined;
  inputDeviceId?: string | undefined;
  outputDeviceId?: string | undefined;
  /** Set when the call runs in a worker: the processors are handed over to it (see AudioEngineOptions.pipe). */
  pipe?: AudioPipe | undefined;
  /** What the visitor's gesture opened (see GestureAudio). */
  gesture?: GestureAudio | undefined;
  /** Microphone level, agent-voice level (RMS 0–1) and whether the agent's voice is playing. */
  onLevels?: (input: number, output: number, agentSpeaking: boolean) => void;
  /** The browser holds the call's audio until the visitor taps (see AudioEngine.resumeAudio). */
  onNeedsGesture?: (needsGesture: boolean) => void;
  /** The microphone asked for by `deviceId` ended mid-call (see AudioEngineOptions.onInputDeviceEnded). */
  onInputDeviceEnded?: (deviceId: string | undefined) => void;
  /** The system holds the microphone (see AudioEngineOptions.onInputHeld). */
  onInputHeld?: (held: boolean) => void;
}

export interface BrowserAudio {
  source: FrameSource;
  sink: AudioSink;
  engine: AudioEngine;
}

/** Shortest time between two level updates of the view: 15 a second (the goal allows 30; each one costs the page a frame). */
export const LEVELS_INTERVAL_MS = 1000 / 15;

export function createBrowserAudio(options: BrowserAudioOptions): BrowserAudio {
  // Levels reach the view at most 15 times a second, on an animation frame (none while the tab is hidden).
  let pending = false;
  let last = -Infinity;
  const report = (now: number) => {
    pending = false;
    last = now;
    const playback = engine.playback;
    const speaking = playback !== null && !playback.drained;
    options.onLevels?.(engine.inputLevel.rms, speaking ? engine.outputLevel.rms : 0, speaking);
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    const wait = last + LEVELS_INTERVAL_MS - performance.now();
    if (wait <= 0) requestAnimationFrame(report);
    else setTimeout(() => requestAnimationFrame(report), wait);
  };
  const engine = new AudioEngine({
    audioProcessing: options.audioProcessing,
    workletBaseUrl: options.workletBaseUrl,
    inputDeviceId: options.inputDeviceId,
    outputDeviceId: options.outputDeviceId,
    gesture: options.gesture,
    pipe: options.pipe,
    onInputLevel: schedule,
    onOutputLevel: schedule,
    onNeedsGesture: options.onNeedsGesture,
    onInputDeviceEnded: options.onInputDeviceEnded,
    onInputHeld: options.onInputHeld,
  });
  return { source: engine.source, sink: engine.sink, engine };
}
