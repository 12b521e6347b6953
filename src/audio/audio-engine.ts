// The page's audio of one call: one AudioContext shared by the microphone and the agent's voice, their
// processors handed to the call's host on ports (`pipe`). The element creates one engine per call and hands
// `source` and `sink` to the page's side of the session (WorkerSession), which opens and closes them.
import type { AudioPipe, MicrophoneInput, SpeakerOutput } from '../call/audio-ports.ts';
import type { FrameSamples } from '../../worklets/messages.ts';
import { ContextKeeper } from './context-keeper.ts';
import { canRequestMicrophone, isFirefox } from './microphone.ts';
import { MicrophoneSource } from './microphone-source.ts';
import type { GestureAudio } from './gesture-audio.ts';
import { audioContextConstructor, SharedAudioContext } from './shared-context.ts';
import { SpeakerSink } from './speaker-sink.ts';
import { workletFileName } from './worklet-modules.ts';

export type { FrameSamples };
export { workletFileName };

export interface AudioEngineOptions {
  /** Echo cancellation, noise suppression and auto gain on the microphone (default true). */
  audioProcessing?: boolean;
  /** Microphone `deviceId` (from `navigator.mediaDevices.enumerateDevices()`); default device if absent. */
  inputDeviceId?: string | undefined;
  /** Output `deviceId`, applied with `AudioContext.setSinkId` where the browser has it. */
  outputDeviceId?: string | undefined;
  /** Samples per frame sent to the service: 320 (20 ms, default) or 640 (40 ms). */
  frameSamples?: FrameSamples;
  /** Base URL the worklet modules are loaded from instead of beside the bundle (see worklet-modules.ts). */
  workletBaseUrl?: string | undefined;
  /** True while the browser keeps the call's audio stopped until the visitor taps (`resumeAudio()` in that
   *  tap); false once it runs again. */
  onNeedsGesture?: ((needsGesture: boolean) => void) | undefined;
  /** The microphone asked for by `deviceId` (undefined: the default one) ended mid-call; the default device
   *  takes over when there is one. */
  onInputDeviceEnded?: ((deviceId: string | undefined) => void) | undefined;
  /** The system holds the microphone (another app, a phone call) and the call hears silence, or gives it back. */
  onInputHeld?: ((held: boolean) => void) | undefined;
  /** What the visitor's gesture opened before the call's code was loaded (the context, the microphone
   *  request): adopted instead of opening them again. */
  gesture?: GestureAudio | undefined;
  /** Where the call's host takes the frames and plays the agent's voice: each processor is handed over on a
   *  port, and its levels and status go there too. */
  pipe: AudioPipe;
  /** Playback tuning; the DSP core's defaults when absent. */
  playback?: { capacitySeconds?: number; prebufferMs?: number; fadeMs?: number };
}

/** The echo cancellers of Chromium and Firefox let the agent's first seconds through when the call's output was
 *  already playing as the microphone opened. Chromium's: the agent hears its greeting and stops
 *  (test/devices/self-interruption.spec.ts). Firefox's started with the echo only 40–55 dB down for 3–4 s in
 *  about 1 call in 3 (test/devices/echo.spec.ts; docs/testing.md). With processing on, their context is held
 *  suspended until the microphone is open. WebKit is left as it was: nothing measured there asks for the wait. */
export function outputWaitsForMicrophone(audioProcessing: boolean, browser: Navigator | undefined = globalThis.navigator): boolean {
  // `userAgentData` is Chromium's alone (every Chromium browser shares the canceller).
  return audioProcessing && !!browser && ('userAgentData' in browser || isFirefox(browser));
}

/**
 * Usage: `const engine = new AudioEngine({ audioProcessing: true, pipe })`, then inside the click handler
 * `engine.source.open(); engine.sink.open()` (both synchronously: the context is created in the first
 * call, so the gesture counts). Failures reject with CallErrors (`MIC_DENIED`, `MIC_UNAVAILABLE`,
 * `AUDIO_UNSUPPORTED`). A microphone that fails lets go of itself only: the agent's voice plays on (a call whose
 * line is already open goes on typed; the session decides). An output that fails releases everything. `close()`
 * (or closing both ends) stops the microphone's tracks, disconnects every node and closes the context.
 */
export class AudioEngine {
  /** The microphone; its 16 kHz s16le mono frames go to `pipe.capture`. */
  readonly source: MicrophoneInput;
  /** The agent's voice; its 24 kHz s16le mono chunks come from `pipe.playback`. */
  readonly sink: SpeakerOutput;

  readonly #shared: SharedAudioContext;
  #keeper: ContextKeeper | null = null;
  readonly #onNeedsGesture: AudioEngineOptions['onNeedsGesture'];
  readonly #outputWaitsForMicrophone: boolean;
  readonly #microphone: MicrophoneSource;
  readonly #speaker: SpeakerSink;

  constructor(options: AudioEngineOptions) {
    this.#shared = new SharedAudioContext(
      { created: (context) => this.#keep(context), closed: () => this.#stopKeeping() },
      options.gesture ?? null,
    );
    this.#onNeedsGesture = options.onNeedsGesture;
    this.#outputWaitsForMicrophone = outputWaitsForMicrophone(options.audioProcessing ?? true);
    this.#microphone = new MicrophoneSource(this.#shared, {
      audioProcessing: options.audioProcessing ?? true,
      inputDeviceId: options.inputDeviceId,
      frameSamples: options.frameSamples,
      workletBaseUrl: options.workletBaseUrl,
      gesture: options.gesture,
      onDeviceEnded: (deviceId) => options.onInputDeviceEnded?.(deviceId),
      onHeld: (held) => options.onInputHeld?.(held),
      pipe: (port) => options.pipe.capture(port),
    });
    this.#speaker = new SpeakerSink(this.#shared, {
      ...options.playback,
      workletBaseUrl: options.workletBaseUrl,
      outputDeviceId: options.outputDeviceId,
      microphoneOpened: () => this.#microphone.opened,
      onOpenFailed: () => this.close(),
      pipe: (port, outputLatencyMs) => options.pipe.playback(port, outputLatencyMs),
    });
    this.source = this.#microphone;
    this.sink = this.#speaker;
  }

  /** True when this browser can run a call's audio at all (Web Audio and a microphone API). */
  static isSupported(): boolean {
    return audioContextConstructor() !== null && canRequestMicrophone();
  }

  /** The call's AudioContext while either end is open. */
  get context(): AudioContext | null {
    return this.#shared.current;
  }

  /** The agent's voice once the sink is open (connect an AnalyserNode to draw it). */
  get outputNode(): AudioNode | null {
    return this.#speaker.output;
  }

  /** The microphone's stream once the source is open. */
  get inputStream(): MediaStream | null {
    return this.#microphone.mediaStream;
  }

  /** Switches the microphone mid-call without restarting the capture (see MicrophoneSource.switchDevice). */
  setInputDevice(deviceId: string): Promise<void> {
    return this.#microphone.switchDevice(deviceId);
  }

  /** Switches the output device mid-call; rejects where the browser cannot (no `AudioContext.setSinkId`). */
  setOutputDevice(deviceId: string): Promise<void> {
    return this.#speaker.setOutputDevice(deviceId);
  }

  /** Resumes the call's audio; call it synchronously inside the visitor's tap. */
  resumeAudio(): void {
    this.#keeper?.resumeInGesture();
  }

  /** Releases everything (the same as closing both ends). Safe to call more than once. */
  close(): void {
    this.#stopKeeping();
    this.#microphone.close();
    this.#speaker.close();
  }

  /** Watches the new context for the rest of the call, from the moment the microphone is open: suspended or
   *  interrupted, it is resumed (on a tap when nothing else works), and looked at again whenever the page is
   *  shown. Before that the context may wait behind the permission prompt, and Tap to continue would flash
   *  there; a context already held when taken over (created outside a gesture under autoplay rules, or
   *  interrupted while the call's code downloaded) sends no `statechange`, so the keeper looks at it once. */
  #keep(context: AudioContext): void {
    this.#stopKeeping();
    if (this.#outputWaitsForMicrophone) context.suspend().catch(() => undefined);
    // Once the microphone is open, or failed to open while the agent's voice plays on.
    const keep = () => {
      if (this.#shared.current !== context) return;
      this.#keeper = new ContextKeeper(context, {
        onNeedsGesture: (needsGesture) => this.#onNeedsGesture?.(needsGesture),
      });
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.#pageShown);
      this.#keeper.check();
    };
    void Promise.resolve()
      .then(() => this.#microphone.opened)
      .then(keep, keep);
  }

  readonly #pageShown = (): void => {
    if (document.visibilityState === 'visible') this.#keeper?.check();
  };

  #stopKeeping(): void {
    if (!this.#keeper) return;
    const wasWaiting = this.#keeper.waitingForGesture;
    this.#keeper.dispose();
    this.#keeper = null;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.#pageShown);
    if (wasWaiting) this.#onNeedsGesture?.(false);
  }
}
