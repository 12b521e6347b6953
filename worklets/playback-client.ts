// The caller's side of the playback processor's protocol, over whichever port reaches it: the node's on the main
// thread, or one handed to the call's worker. Chunks go out transferred with a sequence number, echoed in every
// status, so the caller knows which of its commands a status already reflects (a `drained()` resolves once a
// status has seen its drain). Plain data only: compiled with the DOM types and with the worker's.
import type { PlaybackCommand, PlaybackStatus } from './messages.ts';

const IDLE_STATUS: PlaybackStatus = {
  type: 'status', seq: 0, queuedSamples: 0, playedSamples: 0, underruns: 0, underrunMs: 0, targetMs: 0, droppedSamples: 0,
  drained: true, rms: 0, peak: 0,
};

/** A port as both ends use it (MessagePort, or the node's own). */
export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

export class PlaybackClient {
  /** Every status the processor reports (about 30 a second while playing, and when it drains). */
  onStatus: ((status: PlaybackStatus) => void) | null = null;
  #seq = 0;
  #latest: PlaybackStatus = IDLE_STATUS;
  #waiters: { seq: number; resolve: () => void }[] = [];
  #closed = false;
  readonly #port: PortLike;

  constructor(port: PortLike) {
    this.#port = port;
    port.onmessage = (event: MessageEvent<unknown>) => this.#receive(event.data);
  }

  /** The last status the processor reported. */
  get status(): PlaybackStatus {
    return this.#latest;
  }

  /** Queues `chunk` (s16le samples; a trailing odd byte is ignored). The buffer is transferred: the caller
   *  must not use it afterwards. */
  write(chunk: ArrayBuffer): void {
    if (this.#closed || !isArrayBuffer(chunk)) return;
    const samples = chunk.byteLength >> 1;
    if (samples === 0) return;
    const pcm = new Int16Array(chunk, 0, samples);
    const command: PlaybackCommand = { type: 'chunk', seq: ++this.#seq, pcm };
    try {
      this.#port.postMessage(command, [chunk]);
    } catch {
      // Not transferable (for example a buffer owned by WebAssembly memory): send a copy.
      this.#port.postMessage({ ...command, pcm: pcm.slice() });
    }
  }

  /** Fades out within the configured fade (≤ 5 ms) and drops everything queued. */
  flush(): void {
    this.#post({ type: 'flush', seq: ++this.#seq });
  }

  /** The agent's turn is over: what is queued plays out, and running dry after it is the end of the stream, not a
   *  break in the voice (see PlaybackCore.markEnded). */
  utteranceEnded(): void {
    this.#post({ type: 'drain', seq: ++this.#seq });
  }

  /** Resolves once everything written so far has left the processor (played, or dropped by a flush). Tells
   *  the processor that no more audio is expected for now, so a tail shorter than the prebuffer is played out
   *  rather than held back. */
  drained(): Promise<void> {
    if (this.#closed || (this.#latest.drained && this.#latest.seq >= this.#seq)) return Promise.resolve();
    const seq = ++this.#seq;
    this.#post({ type: 'drain', seq });
    return new Promise((resolve) => this.#waiters.push({ seq, resolve }));
  }

  /** Stops listening (`stop`: and the processor ends); pending `drained()` promises resolve. Safe twice. */
  close(stop: boolean): void {
    if (this.#closed) return;
    if (stop) this.#post({ type: 'stop' });
    this.#closed = true;
    this.#port.onmessage = null;
    this.onStatus = null;
    this.releaseWaiters();
  }

  /** Resolves every pending `drained()` (the processor failed: nothing more will play). */
  releaseWaiters(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter.resolve();
  }

  #post(command: PlaybackCommand): void {
    if (!this.#closed) this.#port.postMessage(command);
  }

  #receive(data: unknown): void {
    if (this.#closed || !isStatus(data)) return;
    this.#latest = data;
    if (data.drained) {
      const ready = this.#waiters.filter((waiter) => waiter.seq <= data.seq);
      this.#waiters = this.#waiters.filter((waiter) => waiter.seq > data.seq);
      for (const waiter of ready) waiter.resolve();
    }
    this.onStatus?.(data);
  }
}

function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return value instanceof ArrayBuffer || Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}

function isStatus(data: unknown): data is PlaybackStatus {
  if (typeof data !== 'object' || data === null) return false;
  const status = data as Record<string, unknown>;
  return (
    status.type === 'status' &&
    ['seq', 'queuedSamples', 'playedSamples', 'underruns', 'underrunMs', 'targetMs', 'droppedSamples', 'rms', 'peak'].every(
      (key) => typeof status[key] === 'number',
    ) &&
    typeof status.drained === 'boolean'
  );
}
