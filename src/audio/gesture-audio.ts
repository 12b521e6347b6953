// What must happen inside the visitor's gesture, before any `await` (the call's code is loaded after it):
// the page's audio session type is set, the microphone is asked for, and the call's AudioContext is created
// and resumed (where the call's code is here, by the call as it starts, in the same task: after its ticket is
// asked for, since creating a context holds the main thread some 40 ms in Chromium). Part of the launcher every
// page downloads, so it only starts things: the audio engine adopts
// them (AudioEngineOptions.gesture) and turns their failures into the call's errors.
import { claimAudioSession } from './audio-session.ts';
import { canRequestMicrophone, microphoneConstraints, stopStream } from './microphone-request.ts';

type ContextConstructor = new (options?: AudioContextOptions) => AudioContext;

/** The page's AudioContext constructor (prefixed in old Safari), if any. */
export function audioContextConstructor(): ContextConstructor | null {
  const scope = globalThis as { AudioContext?: ContextConstructor; webkitAudioContext?: ContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

/** Creates a context at the browser's default rate (never forced: Firefox refuses a microphone whose rate
 *  differs from its context's) and resumes it at once; null without Web Audio. May throw. */
export function newCallContext(): AudioContext | null {
  const Constructor = audioContextConstructor();
  if (!Constructor) return null;
  const context = new Constructor({ latencyHint: 'interactive' });
  // Safari may create it suspended even in a gesture: resuming now, before any await, keeps the gesture.
  if (context.state !== 'running') context.resume().catch(() => undefined);
  return context;
}

export interface GestureAudioOptions {
  /** Ask for the microphone (false: a typed call, nothing is asked for). */
  microphone: boolean;
  audioProcessing: boolean;
  /** A `deviceId` from `enumerateDevices()`; the default microphone when absent. */
  deviceId?: string | undefined;
}

/** The audio opened in the gesture, handed to the call's audio engine (each part taken once). */
export class GestureAudio {
  #context: AudioContext | null = null;
  /** The context was created, or will never be (no microphone API, or let go). */
  #contextDone = false;
  /** Why the context could not be created in the gesture (reported by the engine). */
  #contextFailure: { error: unknown } | null = null;
  #microphone: Promise<MediaStream> | null = null;
  /** The page's audio session, held until the microphone is taken (its taker claims it too) or let go. */
  #releaseSession: () => void = () => undefined;

  /** Call synchronously in the visitor's gesture. Never throws. */
  constructor({ microphone, audioProcessing, deviceId }: GestureAudioOptions) {
    // Without a microphone API (an insecure page) there is no call: the engine says so, and no context is made.
    if (microphone && !canRequestMicrophone()) {
      this.#contextDone = true;
      return;
    }
    if (microphone) {
      // The session type first (iOS routes by it), then the microphone, then the context: Safari fixes the
      // context's rate when it is created, so a headset opened first keeps its own rate out of the call.
      this.#releaseSession = claimAudioSession();
      try {
        this.#microphone = navigator.mediaDevices.getUserMedia(microphoneConstraints({ audioProcessing, deviceId }));
      } catch (error) {
        this.#microphone = Promise.reject(error);
      }
      this.#microphone.catch(() => undefined);
    }
  }

  /** Creates the call's context, once. Call in the gesture: `takeContext()` does, unless the call waits for its code. */
  openContext(): void {
    if (this.#contextDone) return;
    this.#contextDone = true;
    try {
      this.#context = newCallContext();
    } catch (error) {
      this.#contextFailure = { error };
    }
  }

  /** The context created in the gesture (once), or null; throws what made its creation fail. */
  takeContext(): AudioContext | null {
    this.openContext();
    const context = this.#context;
    const failure = this.#contextFailure;
    this.#context = this.#contextFailure = null;
    if (failure) throw failure.error;
    return context;
  }

  /** The browser's answer to the microphone request made in the gesture (once), or null. */
  takeMicrophone(): Promise<MediaStream> | null {
    const microphone = this.#microphone;
    this.#microphone = null;
    this.#releaseSession();
    return microphone;
  }

  /** Lets go of whatever was not taken: the microphone's tracks are stopped once they arrive, the context closed. */
  release(): void {
    this.takeMicrophone()?.then(stopStream, () => undefined);
    this.#contextDone = true;
    const context = this.#context;
    this.#context = this.#contextFailure = null;
    if (context && context.state !== 'closed') context.close().catch(() => undefined);
  }
}
