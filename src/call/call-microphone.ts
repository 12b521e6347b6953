// The microphone of one call as the call sees it: asked for in the visitor's gesture, open (perhaps only after the
// ticket went out: see CallSession.start), its frames started once the call is live; let go when it ends or is
// refused once the line is open, or when the visitor types instead (the call goes on typed: silence keeps the
// uplink's pace); and taken back, a new source for the same call, when the visitor talks again.
import { attempt } from './attempt.ts';
import type { FrameSource } from './audio-ports.ts';
import { type CallError, toCallError } from './errors.ts';
import type { Uplink } from './uplink.ts';

/** A microphone taken back mid-call sends silence this long first: the browser's echo canceller starts afresh
 *  with it, and its first moments would let the agent hear its own voice. */
export const TAKEN_BACK_HOLD_MS = 300;

export class CallMicrophone {
  #source: FrameSource | null;
  #open = false;
  #started = false;
  /** Until when (on the call's clock) a taken-back microphone's frames go out as silence. */
  #holdUntil = -Infinity;
  readonly #uplink: Uplink;
  readonly #now: () => number;
  /** The microphone went away mid-call. */
  readonly #onLost: (error: CallError) => void;

  constructor(source: FrameSource | null, uplink: Uplink, now: () => number, onLost: (error: CallError) => void) {
    this.#source = source;
    this.#uplink = uplink;
    this.#now = now;
    this.#onLost = onLost;
  }

  /** The call has a microphone (open, or still opening). */
  get held(): boolean {
    return this.#source !== null;
  }

  /** Open: its frames may flow. */
  get open(): boolean {
    return this.#open;
  }

  /** Asks for it (in the task of the visitor's gesture); null for a typed call. A synchronous throw rejects. */
  request(): Promise<void> | null {
    const source = this.#source;
    return source && attempt(() => source.open());
  }

  /** It is open. In a live call its frames take over from the silence at once; else at `live()`. (The answer to a
   *  request the call has since let go of never comes: the page's side leaves it unsaid, see WorkerSession.) */
  opened(live: boolean): void {
    if (this.#source) this.#opened(live);
  }

  /**
   * Takes a microphone again for the rest of the call (the visitor talks again): `source` is asked for now (in
   * the task of the visitor's gesture). Once open its frames replace the silence, the first TAKEN_BACK_HOLD_MS of
   * them silent; `refused` hears why it could not open. A source let go meanwhile is heard of no more.
   */
  takeBack(source: FrameSource, live: () => boolean, refused: (error: CallError) => void): void {
    this.close();
    this.#source = source;
    this.#open = this.#started = false;
    attempt(() => source.open()).then(
      () => {
        if (this.#source !== source) return;
        this.#holdUntil = this.#now() + TAKEN_BACK_HOLD_MS;
        this.#opened(live());
      },
      (error: unknown) => this.#source === source && refused(toCallError(error, 'MIC_UNAVAILABLE')),
    );
  }

  /** The call went live (or came back): its frames flow, once open. The uplink is started first, with the source
   *  when it is open (else silence until `opened`). */
  live(): void {
    this.#uplink.start(this.#open);
    if (this.#open) this.#start();
  }

  /** Let go for the rest of the call, or until taken back: silence in its place from now on. */
  letGo(): void {
    this.close();
    this.#source = null;
    this.#open = false;
    this.#uplink.withoutSource();
  }

  /** Stops its frames and releases the device. Safe to call more than once. */
  close(): void {
    this.#source?.close();
  }

  #opened(live: boolean): void {
    this.#open = true;
    if (!live) return;
    this.#uplink.withSource();
    this.#start();
  }

  /** Frames flow (once per source: a reconnection keeps them flowing). */
  #start(): void {
    if (this.#started || !this.#source) return;
    this.#started = true;
    // The hold counts from the microphone's opening: frames that wait for `ready` are not held again.
    this.#source.start((frame) => {
      if (this.#now() < this.#holdUntil) new Uint8Array(frame).fill(0);
      this.#uplink.push(frame);
    }, this.#onLost);
  }
}
