// The only two ways the session reaches audio: ports to the page's processors implement them in the call's
// worker (src/worker/port-audio.ts); tests implement them with fakes.
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
  /** The agent's turn is over (its final transcript): what is queued plays out, and running dry after it is no
   *  break in its voice. */
  utteranceEnded(): void;
  /** Resolves once everything queued so far has been played. */
  drained(): Promise<void>;
  /** Release the output. Safe to call more than once. */
  close(): void;
  /** Times the playback ran out of audio before the stream's end, so far (where the output reports it). */
  readonly underruns?: number;
}

/** What a call asks of its audio factory. */
export interface AudioRequest {
  /** false: a typed call (no microphone is created or touched; `source` may then be null). */
  microphone: boolean;
}

// The page's side of the same audio. The session runs in the call's worker (or in its host on the page): the
// microphone and the agent's voice are opened here, in the visitor's gesture, and their processors are handed
// over on ports, where the session's FrameSource and AudioSink take them (src/worker/port-audio.ts).

/** Where the call's host takes the audio over: the capture processor's frames and levels, and the playback
 *  processor's commands and status, each on a port of its own. */
export interface AudioPipe {
  /** The port a (new) capture processor posts to. */
  capture(port: MessagePort): void;
  /** The port the playback processor listens to, and how to read the output's latency when the host asks
   *  (once the agent's last words have left the processor: read while the output starts, Firefox can hang). */
  playback(port: MessagePort, outputLatencyMs: () => number): void;
}

/** What the page's side of a call asks of its audio factory. */
export interface PipedAudioRequest extends AudioRequest {
  pipe: AudioPipe;
}

/** The page's microphone: its capture processor's frames go to the pipe. */
export interface MicrophoneInput {
  /** As FrameSource.open. */
  open(): Promise<void>;
  /** Frames flow from now on; `onFailure` reports the microphone going away mid-call. */
  start(onFailure: (error: CallError) => void): void;
  /** Stops the frames and releases the microphone. Safe to call more than once. */
  close(): void;
}

/** The page's speaker: its playback processor takes its chunks from the pipe. */
export interface SpeakerOutput {
  /** As AudioSink.open. */
  open(onFailure?: (error: CallError) => void): Promise<void>;
  /** Releases the output. Safe to call more than once. */
  close(): void;
}

/** The page's audio of one call. */
export interface PipedAudio {
  source: MicrophoneInput | null;
  sink: SpeakerOutput;
}
