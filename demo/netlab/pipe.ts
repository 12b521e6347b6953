// One direction of one proxied connection, on real sockets: reads its sender only while the direction's
// queue is under its window (so a thin link pushes back on the sender instead of buffering without limit),
// and hands each segment to the receiver when the queue says it is due. One timer per direction, re-armed
// for the head of the queue: two timers expiring at the same millisecond may fire in either order, and
// reordered bytes would corrupt the stream.
import type { Socket } from 'node:net';
import type { DirectionConditions } from './conditions.ts';
import type { DirectionQueue } from './direction-queue.ts';

export class Pipe {
  readonly queue: DirectionQueue;
  #source: Socket;
  #dest: Socket;
  #now: () => number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerDueAt = Infinity;
  #dead = false;
  #sourceDone = false;
  #onSourceDone: () => void;

  /** `onSourceDone` runs once the sender has ended or closed (a dead connection's cue to clean up). */
  constructor(source: Socket, dest: Socket, queue: DirectionQueue, now: () => number, onSourceDone: () => void) {
    this.#source = source;
    this.#dest = dest;
    this.queue = queue;
    this.#now = now;
    this.#onSourceDone = onSourceDone;
    // A 'readable' listener keeps the source paused: bytes are taken with read(), only as the window allows.
    source.on('readable', () => this.pump());
    source.on('end', () => {
      this.#markSourceDone();
      if (!this.#dead) this.#enqueueEnd('fin');
    });
    source.on('close', (hadError) => {
      // A reset (or an error) with no FIN before it reaches the receiver as a reset, after the bytes before it.
      if (!this.#sourceDone && !this.#dead && hadError) this.#enqueueEnd('rst');
      this.#markSourceDone();
    });
    dest.on('drain', () => this.pump());
  }

  /** Whether the sender is finished (ended or closed). */
  get sourceDone(): boolean {
    return this.#sourceDone;
  }

  /** Takes from the sender what fits in the window; a dead path takes everything and drops it. */
  pump(): void {
    const source = this.#source;
    for (;;) {
      if (source.destroyed) return;
      const available = source.readableLength;
      if (available === 0) {
        source.read(); // asks the socket for more (and lets 'end' come once the sender has finished)
        return;
      }
      if (this.#dead) {
        source.read(available);
        continue;
      }
      const space = this.queue.windowBytes - this.#held();
      if (space <= 0) return;
      const chunk = source.read(Math.min(space, available)) as Buffer | null;
      if (!chunk) return;
      this.queue.push(chunk, this.#now());
      this.queue.noteHeld(this.#dest.writableLength);
      this.#arm();
    }
  }

  /** New conditions for this direction (re-times what it holds). */
  update(conditions: DirectionConditions, rtoMs: number, outage: boolean): void {
    if (this.#dead) return;
    this.queue.update(conditions, rtoMs, outage, this.#now());
    this.#arm(true);
    this.pump(); // a wider window (a faster link) takes more at once
  }

  /** The path died: nothing is delivered from now on, nothing is closed; what the sender sends is dropped. */
  kill(): void {
    this.#dead = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.queue.clear();
    this.pump();
  }

  /** Stops the timer (the link is closing). */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #held(): number {
    return this.queue.bytes + this.#dest.writableLength;
  }

  #enqueueEnd(kind: 'fin' | 'rst'): void {
    this.queue.end(kind, this.#now());
    this.#arm();
  }

  #markSourceDone(): void {
    if (this.#sourceDone) return;
    this.#sourceDone = true;
    this.#onSourceDone();
  }

  /** Arms the one timer for the head of the queue (again when `retime`: the head's time may have moved). */
  #arm(retime = false): void {
    if (this.#dead) return;
    const due = this.queue.nextDueAt();
    if (!retime && this.#timer !== undefined && due === this.#timerDueAt) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerDueAt = Infinity;
    if (due === undefined || !Number.isFinite(due)) return;
    this.#timerDueAt = due;
    this.#timer = setTimeout(() => this.#deliver(), Math.max(0, Math.ceil(due - this.#now())));
  }

  #deliver(): void {
    this.#timer = undefined;
    this.#timerDueAt = Infinity;
    const dest = this.#dest;
    const chunks: Buffer[] = [];
    let end: 'fin' | 'rst' | undefined;
    for (const delivery of this.queue.take(this.#now())) {
      if (delivery.kind === 'data') chunks.push(delivery.data);
      else end = delivery.kind;
    }
    if (!dest.destroyed) {
      if (chunks.length > 0) dest.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      if (end === 'fin') dest.end();
      else if (end === 'rst') dest.resetAndDestroy();
    }
    this.#arm();
    this.pump();
  }
}
