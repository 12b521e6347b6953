// Typed messages between the audio nodes (main thread) and their processors (audio thread).
// Plain data only: this file is compiled both with the DOM types and with the AudioWorklet types.
import type { PlaybackPolicy } from './dsp/playback-core.ts';

export type { PlaybackPolicy };

export const CAPTURE_PROCESSOR = 'voice-agent-capture';
export const PLAYBACK_PROCESSOR = 'voice-agent-playback';

/** Samples per frame sent to the service: 20 ms (default) or 40 ms at 16 kHz. */
export type FrameSamples = 320 | 640;

/** Root-mean-square and peak of a stretch of audio, both in [0, 1]. */
export interface AudioLevel {
  rms: number;
  peak: number;
}

/** `processorOptions` of the capture node. `sampleRate` is passed because the polyfill's global is 0
 *  while the processor is being constructed. */
export interface CaptureProcessorOptions {
  sampleRate: number;
  frameSamples: FrameSamples;
  /** Input level reports per second. */
  levelHz: number;
}

export type CaptureCommand =
  /** Start posting frames (levels are posted from the start). */
  | { type: 'start' }
  /** Post frames and levels to this port from now on (the call's worker) instead of the node's. */
  | { type: 'port'; port: MessagePort }
  /** Stop for good: the processor ends. */
  | { type: 'stop' };

export type CaptureEvent =
  /** One frame of 16 kHz s16le mono samples; its buffer is transferred. */
  | { type: 'frame'; frame: Int16Array }
  | ({ type: 'level' } & AudioLevel);

export interface PlaybackProcessorOptions {
  sampleRate: number;
  capacitySeconds?: number;
  /** The fixed prebuffer, or the adaptive target's start (default 60 ms). */
  prebufferMs?: number;
  /** The adaptive target's ceiling (default 500 ms). */
  maxTargetMs?: number;
  fadeMs?: number;
  /** `adaptive` (default): a target that follows the link's lateness; `fixed`: prebufferMs each time;
   *  `immediate`: each chunk played at once. */
  policy?: PlaybackPolicy;
  /** Status reports per second while audio is queued or playing. */
  statusHz: number;
}

/** Each command carries the sink's sequence number, echoed in every status, so the main thread knows
 *  which of its commands a status already reflects. */
export type PlaybackCommand =
  /** 24 kHz s16le mono samples to queue; the buffer is transferred. */
  | { type: 'chunk'; seq: number; pcm: Int16Array }
  /** Fade out and drop everything queued. */
  | { type: 'flush'; seq: number }
  /** No more audio is coming for now: play out what is queued even if it is shorter than the prebuffer. */
  | { type: 'drain'; seq: number }
  /** Take commands from this port too, and post the status to it (the call's worker) instead of the node's. */
  | { type: 'port'; port: MessagePort }
  /** Stop for good: the processor ends. */
  | { type: 'stop' };

export interface PlaybackStatus extends AudioLevel {
  type: 'status';
  /** Sequence number of the last command handled before this status. */
  seq: number;
  /** 24 kHz samples waiting to be played. */
  queuedSamples: number;
  /** 24 kHz samples played so far. */
  playedSamples: number;
  /** Times playback ran out of audio in the middle of speech (not at the end of an utterance: after 20 ms
   *  of silence, or once marked ended). */
  underruns: number;
  /** Milliseconds the voice was silent in those underruns, waiting for late audio of the same utterance. */
  underrunMs: number;
  /** The delay (ms) playback holds against the link's lateness: the adaptive target, or the fixed prebuffer. */
  targetMs: number;
  /** Samples refused because the queue was full. */
  droppedSamples: number;
  /** Nothing queued and nothing left sounding (any fade finished). */
  drained: boolean;
}

export type PlaybackEvent = PlaybackStatus;
