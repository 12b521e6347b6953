// The page's audio as the UI tests drive it: what the element's audio factory returns when the call runs behind
// its host (the worker's code, here on the page). No Web Audio: each fake stands in for a processor on the port it
// hands the host, speaking the processor's messages (worklets/messages.ts).
import type { AudioPipe, MicrophoneInput, SpeakerOutput } from '../src/call/audio-ports.ts';
import type { CaptureEvent, PlaybackCommand, PlaybackStatus } from '../worklets/messages.ts';

/** The microphone: the capture processor's frames, posted when the test says. */
export class FakeMicrophone implements MicrophoneInput {
  opened = 0;
  closed = 0;
  openError: unknown = null;
  #held: Promise<void> | null = null;
  #pipe: AudioPipe | null = null;
  #port: MessagePort | null = null;
  #started = false;

  /** The next opens wait until the returned function is called (a microphone still opening). */
  holdOpen(): () => void {
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    return release;
  }

  /** Where the call's host takes the microphone's frames (the call's AudioRequest). */
  pipeTo(pipe: AudioPipe): void {
    this.#pipe = pipe;
  }

  /** Opens, then hands the host the capture processor's port, as the engine does once the microphone is open. */
  async open(): Promise<void> {
    this.opened++;
    if (this.#held) await this.#held;
    if (this.openError) throw this.openError;
    if (this.#port || !this.#pipe) return;
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#pipe.capture(port2);
  }
  start(): void {
    this.#started = true;
  }
  /** Stops and lets go of its processor: an open after it hands the host a new one, as the engine does. */
  close(): void {
    this.closed++;
    this.#started = false;
    this.#port?.close();
    this.#port = null;
  }
  /** Whether it is open now (opened, and not closed since). */
  get isOpen(): boolean {
    return this.#port !== null;
  }
  /** Posts a level report as the capture processor does (about 30 a second): a `peak` of 0 is digital silence. */
  level(peak: number, rms = peak / 2): void {
    this.#port?.postMessage({ type: 'level', rms, peak } satisfies CaptureEvent);
  }
  /** Posts one 20 ms frame of a constant value to the host once started (it reaches the socket a task later). */
  frame(value = 1000): void {
    if (!this.#started) return;
    const frame = new Int16Array(320).fill(value);
    this.#port?.postMessage({ type: 'frame', frame } satisfies CaptureEvent, [frame.buffer]);
  }
}

/** The speaker: the playback processor's queue, as far as the tests look at it (a chunk is never played out:
 *  only a flush empties the queue). */
export class FakeSpeaker implements SpeakerOutput {
  flushes = 0;
  closed = 0;
  #drained = true;
  #pipe: AudioPipe | null = null;
  #port: MessagePort | null = null;
  #seq = 0;

  /** Where the call's host sends the agent's voice (the call's AudioRequest). */
  pipeTo(pipe: AudioPipe): void {
    this.#pipe = pipe;
  }

  /** Opens, then hands the host the playback processor's port (an output with no latency), as the engine does. */
  async open(): Promise<void> {
    if (this.#port || !this.#pipe) return;
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    port1.onmessage = (event: MessageEvent<PlaybackCommand>) => this.#command(event.data);
    this.#pipe.playback(port2, () => 0);
  }
  close(): void {
    this.closed++;
  }

  #command(command: PlaybackCommand): void {
    if ('seq' in command) this.#seq = command.seq;
    if (command.type === 'chunk') {
      this.#drained = false;
    } else if (command.type === 'flush') {
      this.flushes++;
      this.#drained = true;
    }
    this.#report();
  }

  #report(): void {
    const status: PlaybackStatus = {
      type: 'status', seq: this.#seq, queuedSamples: 0, playedSamples: 0, underruns: 0, underrunMs: 0, targetMs: 60, droppedSamples: 0,
      drained: this.#drained, rms: 0, peak: 0,
    };
    this.#port?.postMessage(status);
  }
}
