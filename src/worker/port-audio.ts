// The call's audio as the session in the worker sees it. The microphone and the agent's voice are opened on the
// page's main thread (they need the visitor's gesture and the page), and their processors are handed to the
// worker on ports: frames come straight from the capture processor, chunks go straight to the playback one.
// What only the main thread can do (open, start, let go) is asked of it with messages.
import { readCaptureMessage } from '../../worklets/capture-client.ts';
import type { AudioLevel, PlaybackStatus } from '../../worklets/messages.ts';
import { PlaybackClient } from '../../worklets/playback-client.ts';
import type { AudioSink, FrameSource } from '../call/audio-ports.ts';
import { type CallError, callErrorOf } from '../call/errors.ts';
import type { ErrorDetail } from '../call/types.ts';
import type { FromWorker } from './protocol.ts';

type Post = (message: FromWorker) => void;

/** An open settled by the main thread's answer. */
function answer(): { promise: Promise<void>; settle: (error?: ErrorDetail) => void } {
  let settle!: (error?: ErrorDetail) => void;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(callErrorOf(error)) : resolve());
  });
  promise.catch(() => undefined);
  return { promise, settle };
}

export class PortSource implements FrameSource {
  /** Each level the capture processor reports. */
  onLevel: ((level: AudioLevel) => void) | null = null;
  readonly #opened = answer();
  #port: MessagePort | null = null;
  #onFrame: ((frame: ArrayBuffer) => void) | null = null;
  #onFailure: ((error: CallError) => void) | null = null;
  #closed = false;
  readonly #post: Post;

  constructor(post: Post) {
    this.#post = post;
  }

  open(): Promise<void> {
    return this.#opened.promise;
  }

  /** The main thread's answer to the open made in the gesture. */
  opened(error?: ErrorDetail): void {
    this.#opened.settle(error);
  }

  start(onFrame: (frame: ArrayBuffer) => void, onFailure: (error: CallError) => void): void {
    this.#onFrame = onFrame;
    this.#onFailure = onFailure;
    this.#post({ type: 'source', op: 'start' });
  }

  /** A (new) capture processor posts to `port`. */
  attach(port: MessagePort): void {
    if (this.#closed) return port.close();
    this.#port?.close();
    this.#port = port;
    port.onmessage = (event: MessageEvent<unknown>) => {
      const message = readCaptureMessage(event.data);
      if (message?.frame) this.#onFrame?.(message.frame);
      else if (message?.level) this.onLevel?.(message.level);
    };
  }

  /** The microphone went away mid-call (the main thread found no other device). */
  failed(error: ErrorDetail): void {
    const onFailure = this.#onFailure;
    this.#onFailure = this.#onFrame = null;
    onFailure?.(callErrorOf(error));
  }

  /** `tell: false`: the page let go of it already (and may be opening the next one: it is not told again). */
  close(tell = true): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#onFrame = this.#onFailure = this.onLevel = null;
    this.#port?.close();
    if (tell) this.#post({ type: 'source', op: 'close' });
  }
}

/** Chunks kept while the playback processor is being handed over. */
const MAX_PENDING_CHUNKS = 256;
/** The longest the output's latency is waited for (as on the main thread: speaker-sink.ts). */
const MAX_OUTPUT_LATENCY_MS = 500;

export class PortSink implements AudioSink {
  /** Each status the playback processor reports. */
  onStatus: ((status: PlaybackStatus) => void) | null = null;
  readonly #opened = answer();
  #client: PlaybackClient | null = null;
  #pending: ArrayBuffer[] = [];
  /** Settles the wait for the page's answer to `output-latency`. */
  #latencyAnswered: ((ms: number) => void) | null = null;
  #onFailure: ((error: CallError) => void) | null = null;
  #closed = false;
  readonly #post: Post;

  constructor(post: Post) {
    this.#post = post;
  }

  /** The playback's last status (kept after close, for the call's diagnostics). */
  get status(): PlaybackStatus | null {
    return this.#client?.status ?? null;
  }

  get underruns(): number {
    return this.status?.underruns ?? 0;
  }

  open(onFailure?: (error: CallError) => void): Promise<void> {
    this.#onFailure = onFailure ?? null;
    return this.#opened.promise;
  }

  /** The main thread's answer to the open made in the gesture. */
  opened(error?: ErrorDetail): void {
    this.#opened.settle(error);
  }

  /** The playback processor listens to `port`. */
  attach(port: MessagePort): void {
    if (this.#closed) return port.close();
    this.#client = new PlaybackClient(port);
    this.#client.onStatus = (status) => this.onStatus?.(status);
    for (const chunk of this.#pending) this.#client.write(chunk);
    this.#pending = [];
  }

  write(chunk: ArrayBuffer): void {
    if (this.#client) this.#client.write(chunk);
    else if (!this.#closed && this.#pending.length < MAX_PENDING_CHUNKS) this.#pending.push(chunk);
  }

  flush(): void {
    this.#pending = [];
    this.#client?.flush();
  }

  utteranceEnded(): void {
    this.#client?.utteranceEnded();
  }

  async drained(): Promise<void> {
    if (!this.#client) await this.#opened.promise.catch(() => undefined);
    const client = this.#client;
    if (!client || this.#closed) return;
    await client.drained();
    if (this.#closed) return;
    // The last samples have left the processor; let them leave the device's buffers too. The page reads how
    // long that takes; the time its answer took counts, and a page too busy to answer is waited for no longer
    // than the longest latency.
    const asked = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const latencyMs = await new Promise<number>((resolve) => {
      this.#latencyAnswered = resolve;
      this.#post({ type: 'output-latency' });
      timer = setTimeout(() => resolve(MAX_OUTPUT_LATENCY_MS), MAX_OUTPUT_LATENCY_MS);
    });
    clearTimeout(timer);
    this.#latencyAnswered = null;
    const left = latencyMs - (performance.now() - asked);
    if (left > 0 && !this.#closed) await new Promise((resolve) => setTimeout(resolve, left));
  }

  /** The page's answer to `output-latency`. */
  outputLatency(ms: number): void {
    this.#latencyAnswered?.(ms);
  }

  /** The agent's voice broke down mid-call. */
  failed(error: ErrorDetail): void {
    this.#client?.releaseWaiters();
    this.#onFailure?.(callErrorOf(error));
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#pending = [];
    this.#onFailure = null;
    this.#client?.close(false);
    this.#post({ type: 'sink', op: 'close' });
  }
}
