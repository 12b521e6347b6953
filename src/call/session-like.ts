// What the widget's view needs of a call session: WorkerSession's shape (src/worker/), whose CallSession runs
// in the call's worker, or on the page's thread behind the same messages where no worker may run.
import type { CallTarget } from './connection.ts';
import type { Turn } from './transcript.ts';
import type { CallState, SessionEventMap, SessionStats } from './types.ts';
import type { RememberMode } from './visit-tokens.ts';
import type { PlaybackStatus } from '../../worklets/messages.ts';
import type { MeterHost } from '../worker/meter-canvas.ts';

export interface StartOptions {
  /** false: a typed call (no microphone). */
  microphone?: boolean;
  /** The browser says the microphone is granted: the ticket need not wait for it (see CallSession.start). */
  microphoneGranted?: boolean;
}

/** Where a call's socket and audio frames are handled. */
export type Transport = 'worker' | 'main-thread';

export interface SessionLike {
  readonly state: CallState;
  readonly transcript: { readonly all: readonly Turn[]; readonly breaks: readonly number[] };
  readonly stats: SessionStats;
  /** Whether the current call uses a microphone (open, or asked for): false for a typed call. */
  readonly microphone: boolean;
  /** A microphone is open for the current call (its track live). */
  readonly microphoneHeld: boolean;
  /** The browser says it is offline (a hint). */
  readonly offline: boolean;
  muted: boolean;
  remember: RememberMode;
  /** The agent voice's playback as the call's host last reported it (null before a call has audio). */
  readonly playback: PlaybackStatus | null;
  /** Where the page hands the call's meters over, to be drawn in the call's worker; null between calls, or where
   *  the page paints them itself. */
  readonly meterHost: MeterHost | null;
  on<K extends keyof SessionEventMap>(name: K, listener: (detail: SessionEventMap[K]) => void): () => void;
  start(target: CallTarget, options?: StartOptions): Promise<void>;
  /** `reason`: the widget's own, said in `ended` (another call started on the page). */
  end(reason?: string): Promise<void>;
  sendText(text: string): void;
  /** The visitor types instead (`false`) or talks again (`true`, in their gesture). */
  setMicrophone(on: boolean): void;
  forget(): void;
  pageRestored(): void;
}
