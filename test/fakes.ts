// Test doubles for the session: a scriptable socket, a scripted fetch, audio ports that record.
import type { AudioSink, FrameSource } from '../src/call/audio-ports.ts';
import type { CallError } from '../src/call/errors.ts';
import type { SocketLike } from '../src/call/connection.ts';
import type { NetworkHints } from '../src/call/network-hints.ts';
import type { KeyValueStorage } from '../src/call/visit-store.ts';

export class FakeSocket implements SocketLike {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  bufferedAmount = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: (string | ArrayBuffer)[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {}

  /** JSON messages the client sent, parsed. */
  get sentJson(): Record<string, unknown>[] {
    return this.sent.filter((m): m is string => typeof m === 'string').map((m) => JSON.parse(m));
  }
  /** JSON messages the client sent other than its pings (which go out five times a second). */
  get sentJsonWithoutPings(): Record<string, unknown>[] {
    return this.sentJson.filter((message) => message.type !== 'ping');
  }
  get sentBinary(): ArrayBuffer[] {
    return this.sent.filter((m): m is ArrayBuffer => m instanceof ArrayBuffer);
  }

  send(data: string | ArrayBuffer): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: socket not open');
    this.sent.push(data);
  }
  close(code = 1005): void {
    if (this.readyState >= 2) return;
    this.closedWith = code;
    this.readyState = 3;
  }

  // Driven by the test, as the server and network would:
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown): void {
    const data = message instanceof ArrayBuffer || typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.({ data } as MessageEvent);
  }
  serverClose(code: number, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason, wasClean: code !== 1006 } as CloseEvent);
  }
}

export interface FetchCall {
  url: string;
  body: unknown;
  /** The request's Content-Type header (null: none). */
  contentType: string | null;
  signal?: AbortSignal;
}

/** A fetch whose ticket requests are recorded. */
export type TicketFetch = typeof fetch & { calls: FetchCall[] };

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang';

/** A service's ticket endpoint: each POST gets the next of `answers` (the last repeats), recorded in `calls`;
 *  `OPTIONS` requests (the warm-up's and the dead-path sweep's, which give no ticket) get a 204, or `optionsAnswer`,
 *  recorded in `options`. */
export function scriptedFetch(...answers: Answer[]): TicketFetch & { options: FetchCall[]; optionsAnswer: Answer } {
  const calls: FetchCall[] = [];
  const options: FetchCall[] = [];
  let index = 0;
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'OPTIONS') {
      options.push({ url: String(input), body: undefined, contentType: null, signal: init.signal ?? undefined });
      return answer(self.optionsAnswer, init);
    }
    calls.push({
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      contentType: new Headers(init?.headers).get('Content-Type'),
      signal: init?.signal ?? undefined,
    });
    return answer(answers[Math.min(index++, answers.length - 1)]!, init);
  };
  const self = Object.assign(fn as typeof fetch, { calls, options, optionsAnswer: { status: 204, body: '' } as Answer });
  return self;
}

async function answer(answer: Answer, init?: RequestInit): Promise<Response> {
  if (answer === 'network-error') throw new TypeError('Failed to fetch');
  if (answer === 'hang') {
    return new Promise<Response>((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  }
  const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
  return new Response(answer.status === 204 ? null : body, { status: answer.status, headers: answer.headers });
}

export const okTicket = (n = 1) => ({
  status: 200,
  body: { token: `t${n}`, wsUrl: 'wss://service.test/call', visit: 'visit-1' },
});

export class FakeSource implements FrameSource {
  opened = 0;
  closed = 0;
  onFrame: ((frame: ArrayBuffer) => void) | null = null;
  onFailure: ((error: CallError) => void) | null = null;
  openError: unknown = null;
  #held: Promise<void> | null = null;

  async open(): Promise<void> {
    this.opened++;
    if (this.#held) await this.#held;
    if (this.openError) throw this.openError;
  }
  /** The next opens wait until the test lets them finish (a microphone still opening): `open()` opens it,
   *  `refuse(error)` fails it. */
  hold(): { open: () => void; refuse: (error: unknown) => void } {
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    return {
      open: () => release(),
      refuse: (error) => {
        this.openError = error;
        release();
      },
    };
  }
  start(onFrame: (frame: ArrayBuffer) => void, onFailure: (error: CallError) => void): void {
    this.onFrame = onFrame;
    this.onFailure = onFailure;
  }
  close(): void {
    this.closed++;
    this.onFrame = null;
  }
  /** Emits one 20 ms frame of a constant value. */
  frame(value = 1000): ArrayBuffer {
    const samples = new Int16Array(320).fill(value);
    this.onFrame?.(samples.buffer);
    return samples.buffer;
  }
}

export class FakeSink implements AudioSink {
  written: ArrayBuffer[] = [];
  flushes = 0;
  /** Times the agent's turn was said over (its final transcript). */
  utterancesEnded = 0;
  closed = 0;
  private drain: (() => void) | null = null;
  drainedNow = true;
  /** The playback's underrun count, as the test sets it. */
  underruns = 0;

  onFailure: ((error: CallError) => void) | null = null;

  async open(onFailure?: (error: CallError) => void): Promise<void> {
    this.onFailure = onFailure ?? null;
  }
  write(chunk: ArrayBuffer): void {
    this.written.push(chunk);
    this.drainedNow = false;
  }
  flush(): void {
    this.flushes++;
    this.finishPlaying();
  }
  utteranceEnded(): void {
    this.utterancesEnded++;
  }
  drained(): Promise<void> {
    if (this.drainedNow) return Promise.resolve();
    return new Promise((resolve) => (this.drain = resolve));
  }
  close(): void {
    this.closed++;
  }
  /** The test says the queued audio has now been played. */
  finishPlaying(): void {
    this.drainedNow = true;
    this.drain?.();
    this.drain = null;
  }
}

export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}

/** Lets pending promise and I/O callbacks run (uses setImmediate, which the tests never fake). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Online/offline hints the test flips, as the browser's window events would. */
export class FakeNetwork implements NetworkHints {
  online = true;
  private listeners = new Set<(online: boolean) => void>();
  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(online: boolean): void {
    this.online = online;
    for (const listener of this.listeners) listener(online);
  }
  get subscribers(): number {
    return this.listeners.size;
  }
}
