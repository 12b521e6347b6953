import type { AudioFactory } from './call-controller.ts';
import { CallError } from '../call/errors.ts';

export interface BrowserAudioOptions {
  audioProcessing: boolean;
}

export function createBrowserAudio(_options: BrowserAudioOptions): ReturnType<AudioFactory> {
  throw new CallError('AUDIO_UNSUPPORTED', 'audio engine not wired yet');
}
