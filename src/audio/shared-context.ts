// The one AudioContext of a call, shared by the microphone source and the speaker sink: the one created in
// the visitor's gesture (GestureAudio) when there is one, else created synchronously by whichever end opens
// first (inside the user's gesture); closed when the last one lets go.
import { CallError, describeError } from '../call/errors.ts';
import { type GestureAudio, newCallContext } from './gesture-audio.ts';

export { audioContextConstructor } from './gesture-audio.ts';

/** A new context for the call, resumed at once (see newCallContext). Throws AUDIO_UNSUPPORTED. */
export function createCallContext(): AudioContext {
  let context: AudioContext | null;
  try {
    context = newCallContext();
  } catch (error) {
    throw unsupported(error);
  }
  if (!context) throw new CallError('AUDIO_UNSUPPORTED', 'This browser has no Web Audio.');
  return context;
}

const unsupported = (error: unknown) => new CallError('AUDIO_UNSUPPORTED', `Web Audio could not start (${describeError(error)}).`);

export class SharedAudioContext {
  #context: AudioContext | null = null;
  readonly #users = new Set<object>();

  readonly #hooks: { created?: (context: AudioContext) => void; closed?: () => void };
  readonly #gesture: GestureAudio | null;

  /** `created` runs once per context, right after it is created or adopted; `closed` when the last user
   *  lets go of it. */
  constructor(
    hooks: { created?: (context: AudioContext) => void; closed?: () => void } = {},
    /** What the gesture opened: its context is adopted by the first `acquire`. */
    gesture: GestureAudio | null = null,
  ) {
    this.#hooks = hooks;
    this.#gesture = gesture;
  }

  /** The context, or null before the first `acquire` / after the last `release`. */
  get current(): AudioContext | null {
    return this.#context;
  }

  /** Returns the context, adopting the gesture's or creating one now if needed. Throws AUDIO_UNSUPPORTED. */
  acquire(user: object): AudioContext {
    if (!this.#context) {
      let adopted: AudioContext | null;
      try {
        adopted = this.#gesture?.takeContext() ?? null;
      } catch (error) {
        throw unsupported(error);
      }
      this.#context = adopted && adopted.state !== 'closed' ? adopted : createCallContext();
      this.#hooks.created?.(this.#context);
    }
    this.#users.add(user);
    return this.#context;
  }

  /** `user` no longer needs the context; the last one out closes it (and anything the gesture opened that
   *  was never used). */
  release(user: object): void {
    this.#users.delete(user);
    if (this.#users.size > 0) return;
    this.#gesture?.release();
    if (!this.#context) return;
    const context = this.#context;
    this.#context = null;
    this.#hooks.closed?.();
    if (context.state !== 'closed') context.close().catch(() => undefined);
  }
}
