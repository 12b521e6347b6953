// The one AudioContext of a call, shared by the microphone source and the speaker sink: created
// synchronously by whichever opens first (inside the user's gesture), closed when the last one lets go.
import { CallError, describeError } from '../call/errors.ts';

type ContextConstructor = new (options?: AudioContextOptions) => AudioContext;

/** The page's AudioContext constructor (prefixed in old Safari), if any. */
export function audioContextConstructor(): ContextConstructor | null {
  const scope = globalThis as { AudioContext?: ContextConstructor; webkitAudioContext?: ContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

export class SharedAudioContext {
  private context: AudioContext | null = null;
  private readonly users = new Set<object>();

  /** `created` runs once per context, right after it is created (still inside the gesture); `closed` when
   *  the last user lets go of it. */
  constructor(private readonly hooks: { created?: (context: AudioContext) => void; closed?: () => void } = {}) {}

  /** The context, or null before the first `acquire` / after the last `release`. */
  get current(): AudioContext | null {
    return this.context;
  }

  /** Returns the context, creating it now if needed (at the browser's default rate: never forced,
   *  Firefox refuses a microphone whose rate differs from its context's). Throws AUDIO_UNSUPPORTED. */
  acquire(user: object): AudioContext {
    if (!this.context) {
      const Constructor = audioContextConstructor();
      if (!Constructor) throw new CallError('AUDIO_UNSUPPORTED', 'This browser has no Web Audio.');
      try {
        this.context = new Constructor({ latencyHint: 'interactive' });
      } catch (error) {
        throw new CallError('AUDIO_UNSUPPORTED', `Web Audio could not start (${describeError(error)}).`);
      }
      // Safari may create it suspended even in a gesture: resuming now, before any await, keeps the gesture.
      if (this.context.state !== 'running') this.context.resume().catch(() => undefined);
      this.hooks.created?.(this.context);
    }
    this.users.add(user);
    return this.context;
  }

  /** `user` no longer needs the context; the last one out closes it. */
  release(user: object): void {
    this.users.delete(user);
    if (this.users.size > 0 || !this.context) return;
    const context = this.context;
    this.context = null;
    this.hooks.closed?.();
    if (context.state !== 'closed') context.close().catch(() => undefined);
  }
}

