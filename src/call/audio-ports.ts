// The only two ways the session reaches audio. The audio engine implements them in the browser;
// tests implement them with fakes.
import type { CallError } from './errors.ts';

/** The caller's microphone, delivering 16 kHz s16le mono frames at real-time pace. */
export interface FrameSource {
  /** Acquire the microphone (inside the user's gesture). Rejects with a CallError
   *  (`MIC_DENIED`, `MIC_UNAVAILABLE`, `AUDIO_UNSUPPORTED`). */
  open(): Promise<void>;
  /** Start delivering frames (each an ArrayBuffer of whole s16le samples, 20 or 40 ms).
   *  `onFailure` reports the microphone going away mid-call (for example its track ending). */
  start(onFrame: (frame: ArrayBuffer) => void, onFailure: (error: CallError) => void): void;
  /** Stop delivering frames and release the microphone. Safe to call more than once. */
  close(): void;
}

/** The agent's voice: 24 kHz s16le mono chunks queued and played in order. */
export interface AudioSink {
  /** Prepare the output (inside the user's gesture). Rejects with a CallError (`AUDIO_UNSUPPORTED`).
   *  `onFailure` reports the output breaking down later (nothing more can be played). */
  open(onFailure?: (error: CallError) => void): Promise<void>;
  /** Queue one chunk (a whole number of samples). */
  write(chunk: ArrayBuffer): void;
  /** Fade out within 5 ms and drop everything queued. */
  flush(): void;
  /** Resolves once everything queued so far has been played. */
  drained(): Promise<void>;
  /** Release the output. Safe to call more than once. */
  close(): void;
}

/** Where the call's worker takes the audio over (see AudioRequest.pipe): the capture processor's frames and
 *  levels, and the playback processor's commands and status, each on a port of its own. */
export interface AudioPipe {
  /** The port a (new) capture processor posts to. */
  capture(port: MessagePort): void;
  /** The port the playback processor listens to, and how to read the output's latency when the worker asks
   *  (once the agent's last words have left the processor: read while the output starts, Firefox can hang). */
  playback(port: MessagePort, outputLatencyMs: () => number): void;
}

/** What a call asks of its audio factory. */
export interface AudioRequest {
  /** false: a typed call (no microphone is created or touched; `source` may then be null). */
  microphone: boolean;
  /** Set when the call runs in a worker: the processors are handed over to it. */
  pipe?: AudioPipe;
}
