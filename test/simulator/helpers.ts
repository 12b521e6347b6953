// Shared by the simulator's conformance tests: a fast simulator on an ephemeral port, a ticket request
// over real HTTP and a call client over a real WebSocket.
import { expect } from 'vitest';
import WebSocket from 'ws';
import { pcm16ToFloat, rms, sineInt16, toneShare } from '../../bench/measure.ts';
import { loadAgentsFile, startSimulator, type AgentsData, type RunningSimulator, type StartOptions } from '../../demo/server/index.ts';
import { ESpeakSynthesiser } from '../../demo/server/synthesiser.ts';

/** One synthesiser (and its phrase cache) for every simulator a test file starts. */
const sharedSynth = new ESpeakSynthesiser();

/** Short delays; the simulated caller hears agent audio 4× faster than real time (sent at 8×), so a
 *  sentence is "heard" in a quarter of its length. */
export const fastTimings = {
  setupDelayMs: 20,
  durationCheckMs: 20,
  toolDelayMs: 50,
  hangupMarginMs: 50,
  audioPace: 8,
  playbackSpeed: 4,
};

/** Starts a simulator on port 0 with short delays; closes any earlier one `closeAll` has not closed. */
const running = new Set<RunningSimulator>();
export async function startTestSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({
    synthesiser: sharedSynth,
    ...options,
    timings: { ...fastTimings, ...options.timings },
  });
  running.add(sim);
  return sim;
}

export async function closeAll(): Promise<void> {
  await Promise.all([...running].map((sim) => sim.close()));
  running.clear();
}

/** The repository's agents file, changed by `patch` (a fresh copy each time). */
export function agentsWith(patch: (data: AgentsData) => void = () => {}): AgentsData {
  const data = structuredClone(loadAgentsFile());
  patch(data);
  return data;
}

export function agentOf(data: AgentsData, publicId: string) {
  const agent = data.agents.find((a) => a.publicId === publicId);
  if (!agent) throw new Error(`no agent ${publicId}`);
  return agent;
}

/** The repository's agents plus `brief`: the talking English demo agent greeting with only "Hi.", so tests
 *  need not wait for the full greeting. */
export const briefAgents = () =>
  agentsWith((d) => {
    d.agents.push({ ...agentOf(d, 'demo-en'), publicId: 'brief', greeting: 'Hi.' });
  });

export interface TicketAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export async function requestTicket(
  baseUrl: string,
  publicId: string,
  init: { origin?: string; body?: string; contentType?: string; method?: string } = {},
): Promise<TicketAnswer> {
  const headers: Record<string, string> = {};
  if (init.origin) headers.Origin = init.origin;
  if (init.contentType) headers['Content-Type'] = init.contentType;
  const res = await fetch(`${baseUrl}/api/agents/public/${encodeURIComponent(publicId)}/call`, {
    method: init.method ?? 'POST',
    headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export interface Ticket {
  token: string;
  wsUrl: string;
  visit: string;
}

export async function ticketFor(baseUrl: string, publicId: string, init: { origin?: string; visit?: string } = {}): Promise<Ticket> {
  const answer = await requestTicket(baseUrl, publicId, {
    ...(init.origin ? { origin: init.origin } : {}),
    ...(init.visit ? { body: JSON.stringify({ visit: init.visit }), contentType: 'application/json' } : {}),
  });
  if (answer.status !== 200) throw new Error(`ticket for ${publicId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as Ticket;
}

export type ServerMessage = { type: string; [key: string]: unknown };
export type Received = { kind: 'json'; message: ServerMessage } | { kind: 'audio'; bytes: Buffer };

/** A call socket that records everything it receives, in order. */
export class CallClient {
  readonly ws: WebSocket;
  readonly received: Received[] = [];
  /** Resolves on open; rejects with the HTTP status when the handshake is refused. */
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiters: (() => void)[] = [];

  constructor(url: string, options: { origin?: string; autoPong?: boolean; headers?: Record<string, string> } = {}) {
    this.ws = new WebSocket(url, {
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      autoPong: options.autoPong ?? true,
    });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('unexpected-response', (_req, res) => {
        reject(new HandshakeRefused(res.statusCode ?? 0));
        this.ws.terminate();
      });
      this.ws.once('error', reject);
    });
    this.opened.catch(() => {});
    this.ws.on('error', () => {});
    this.closed = new Promise((resolve) => this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.ws.on('message', (data, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      this.received.push(
        isBinary ? { kind: 'audio', bytes } : { kind: 'json', message: JSON.parse(bytes.toString('utf8')) as ServerMessage },
      );
      for (const wake of this.#waiters.splice(0)) wake();
    });
    this.ws.on('close', () => {
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  static async open(ticket: Ticket, options: { origin?: string; autoPong?: boolean } = {}): Promise<CallClient> {
    const client = new CallClient(`${ticket.wsUrl}?token=${encodeURIComponent(ticket.token)}`, options);
    await client.opened;
    return client;
  }

  get messages(): ServerMessage[] {
    return this.received.flatMap((r) => (r.kind === 'json' ? [r.message] : []));
  }

  get audio(): Buffer[] {
    return this.audioBetween(0);
  }

  /** Audio chunks received between two indexes of `received`. */
  audioBetween(from: number, to = this.received.length): Buffer[] {
    return this.received.slice(from, to).flatMap((r) => (r.kind === 'audio' ? [r.bytes] : []));
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Waits for the first JSON message (at index ≥ `from` in `received`) that matches. */
  async next(match: (m: ServerMessage) => boolean, { from = 0, timeoutMs = 10_000 } = {}): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = from; i < this.received.length; i++) {
        const r = this.received[i]!;
        if (r.kind === 'json' && match(r.message)) return r.message;
      }
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed before the message; got ${this.describe()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms; got ${this.describe()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Index in `received` of a JSON message (identity). */
  indexOf(message: ServerMessage): number {
    return this.received.findIndex((r) => r.kind === 'json' && r.message === message);
  }

  describe(): string {
    return this.received
      .map((r) => (r.kind === 'audio' ? `<audio ${r.bytes.length}>` : JSON.stringify(r.message)))
      .join(', ')
      .slice(0, 3000);
  }
}

export class HandshakeRefused extends Error {
  constructor(readonly status: number) {
    super(`handshake refused with HTTP ${status}`);
  }
}

export const isType = (type: string) => (m: ServerMessage) => m.type === type;
export const isTranscript = (role: 'user' | 'agent', final: boolean) => (m: ServerMessage) =>
  m.type === 'transcript' && m.role === role && m.final === final;

/** 16 kHz s16le frames of 20 ms: a tone (speech stand-in) or silence. */
export function frames(seconds: number, amplitude: number, frequency = 220): Buffer[] {
  const perFrame = 320;
  const count = Math.round((seconds * 16_000) / perFrame);
  const pcm = sineInt16(frequency, 16_000, count * perFrame, amplitude);
  const bytes = Buffer.from(pcm.buffer);
  return Array.from({ length: count }, (_, f) => bytes.subarray(f * perFrame * 2, (f + 1) * perFrame * 2));
}

/** Sends caller audio as binary frames, or (`json`) as `{type: 'audio', data: <base64>}` messages. */
export function sendFrames(client: CallClient, list: Buffer[], { json = false } = {}): void {
  for (const frame of list) {
    if (json) client.send({ type: 'audio', data: frame.toString('base64') });
    else client.ws.send(frame, { binary: true });
  }
}

/**
 * Checks the end of the talking agent's answer to a spoken turn: the caller's own audio played back at
 * 24 kHz (0.2 s before the speech, the speech, 0.2 s after), here a tone of `seconds` at `frequency`.
 */
export function expectToneEchoed(call: CallClient, from: number, answer: ServerMessage, seconds: number, frequency: number): void {
  const rate = 24_000;
  const audio = pcm16ToFloat(call.audioBetween(from, call.indexOf(answer)));
  const echo = audio.subarray(audio.length - Math.round((seconds + 0.4) * rate));
  const [middleFrom, middleTo] = [Math.round((0.2 + seconds / 4) * rate), Math.round((0.2 + (3 * seconds) / 4) * rate)];
  expect(toneShare(echo, rate, frequency, middleFrom, middleTo)).toBeGreaterThan(0.95);
  expect(rms(echo, middleFrom, middleTo)).toBeGreaterThan(0.15);
  expect(rms(echo, 0, Math.round(0.15 * rate))).toBeLessThan(0.01); // the silence before
}
