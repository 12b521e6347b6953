// The messages between a WorkerSession (the page's main thread) and the CallHost in the call's worker. The
// audio itself never crosses here: frames and the agent's voice go between the worklets and the worker on
// ports of their own, handed over once (see AudioPipe).
import type { PlaybackStatus } from '../../worklets/messages.ts';
import type { CallTarget } from '../call/connection.ts';
import type { ErrorDetail, SessionEventMap, SessionStats } from '../call/types.ts';
import type { RememberMode } from '../call/visit-tokens.ts';
import type { MeterLook, MeterName } from './meter-canvas.ts';

/** What the main thread tells the worker. */
export type ToWorker =
  | {
      type: 'start';
      target: CallTarget;
      microphone: boolean;
      /** The browser says the microphone is granted: the ticket goes out beside the audio's set-up. */
      microphoneGranted: boolean;
      remember: RememberMode;
      muted: boolean;
      online: boolean;
      /** The visit token the first ticket carries (the page's, else the stored one where it may be read). */
      visit: string | undefined;
    }
  | { type: 'end'; reason?: string }
  | { type: 'text'; text: string }
  | { type: 'muted'; muted: boolean }
  | { type: 'remember'; remember: RememberMode }
  | { type: 'forget' }
  | { type: 'page-restored' }
  | { type: 'network'; online: boolean }
  /** The visitor types instead (`on: false`: the page let go of the microphone), or talks again (`on: true`: the
   *  page asked for it in their gesture; its capture port and `source-opened` follow). */
  | { type: 'microphone'; on: boolean }
  /** The microphone opened in the visitor's gesture, or why it did not (`error`). */
  | { type: 'source-opened'; error?: ErrorDetail }
  /** The microphone went away mid-call and no other device took over. */
  | { type: 'source-failed'; error: ErrorDetail }
  /** A (new) capture processor posts its frames and levels to this port. */
  | { type: 'capture-port'; port: MessagePort }
  /** The playback processor listens to this port. */
  | { type: 'playback-port'; port: MessagePort }
  /** The output's latency, as the worker asked. */
  | { type: 'output-latency'; ms: number }
  /** The agent's voice can play, or why not (`error`). */
  | { type: 'sink-opened'; error?: ErrorDetail }
  /** The agent's voice broke down mid-call. */
  | { type: 'sink-failed'; error: ErrorDetail }
  /** A meter's canvas, from now on drawn here. */
  | { type: 'meter'; name: MeterName; canvas: OffscreenCanvas; look: MeterLook }
  /** The page's styles changed a meter's look. */
  | { type: 'meter-look'; name: MeterName; look: MeterLook };

/** What the worker tells the main thread. */
export type FromWorker =
  /** The worker's code is running. */
  | { type: 'hello' }
  | { [K in keyof SessionEventMap]: { type: 'event'; name: K; detail: SessionEventMap[K] } }[keyof SessionEventMap]
  /** The call's counters and the playback's status: 15 times a second during a call, and at each state. */
  | { type: 'stats'; stats: SessionStats; playback: PlaybackStatus | null }
  /** Microphone and agent-voice levels (RMS 0–1), at most 15 times a second. */
  | { type: 'levels'; input: number; output: number; speaking: boolean }
  /** Frames may flow (the call went live), or the microphone is let go. */
  | { type: 'source'; op: 'start' | 'close' }
  | { type: 'sink'; op: 'close' }
  /** How long audio that has left the playback processor takes to leave the device: asked once the agent's
   *  last words have left the processor. */
  | { type: 'output-latency' }
  /** The service gave a visit token: the page keeps it (`stored`: in storage too) for its next calls. */
  | { type: 'visit'; key: string; visit: string; stored: boolean }
  /** A typed text that could not go out after all (the socket went, or the call left `live`, while it was on
   *  its way here). */
  | { type: 'unsent'; text: string };
