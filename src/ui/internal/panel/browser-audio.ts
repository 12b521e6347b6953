// The element's audio for one call: an AudioEngine (microphone + agent voice on one AudioContext), with
// its levels coalesced to one update per animation frame for the view.
import { AudioEngine } from '../../../audio/audio-engine.ts';
import type { AudioSink, FrameSource } from '../../../call/audio-ports.ts';

export interface BrowserAudioOptions {
  audioProcessing: boolean;
  workletBaseUrl?: string | undefined;
  inputDeviceId?: string | undefined;
  outputDeviceId?: string | undefined;
  /** Microphone level, agent-voice level (RMS 0–1) and whether the agent's voice is playing. */
  onLevels?: (input: number, output: number, agentSpeaking: boolean) => void;
  /** The browser holds the call's audio until the visitor taps (see AudioEngine.resumeAudio). */
  onNeedsGesture?: (needsGesture: boolean) => void;
}

export interface BrowserAudio {
  source: FrameSource;
  sink: AudioSink;
  engine: AudioEngine;
}

export function createBrowserAudio(options: BrowserAudioOptions): BrowserAudio {
  let frame = 0;
  const report = () => {
    frame = 0;
    const playback = engine.playback;
    const speaking = playback !== null && !playback.drained;
    options.onLevels?.(engine.inputLevel.rms, speaking ? engine.outputLevel.rms : 0, speaking);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(report);
  };
  const engine = new AudioEngine({
    audioProcessing: options.audioProcessing,
    workletBaseUrl: options.workletBaseUrl,
    inputDeviceId: options.inputDeviceId,
    outputDeviceId: options.outputDeviceId,
    onInputLevel: schedule,
    onOutputLevel: schedule,
    onNeedsGesture: options.onNeedsGesture,
  });
  return { source: engine.source, sink: engine.sink, engine };
}
