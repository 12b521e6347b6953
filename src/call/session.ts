// One call at a time with a published agent: the call's state machine, the service's messages, audio wiring.
// The link itself (ticket, socket, liveness) is the Connection's. No DOM and no Web Audio: audio comes through
// FrameSource / AudioSink, the network through fetch/WebSocket.
import {
  byteLength, CloseCode, isReconnectable, MAX_MESSAGE_BYTES, parseServerMessage, type ServerMessage,
} from '../protocol/index.ts';
import type { AudioSink, FrameSource } from './audio-ports.ts';
import { sanitizeAvatar } from './avatar.ts';
import { closeError, type ServerErrorMessage } from './close-codes.ts';
import { Connection, type CallTarget, type ConnectionTimeouts, type SocketLike } from './connection.ts';
import { Emitter } from './emitter.ts';
import { CallError, toCallError } from './errors.ts';
import { browserNetworkHints, type NetworkHints } from './network-hints.ts';
import {
  DEFAULT_RECONNECT_POLICY, GIVE_UP_MESSAGE, isFinalReconnectFailure, ReconnectBudget, type ReconnectPolicy,
} from './reconnect-policy.ts';
import { canMove, isActive } from './state-machine.ts';
import { Timers } from './timers.ts';
import { TranscriptTurns } from './transcript.ts';
import { Uplink } from './uplink.ts';
import type { CallState, EndedDetail, ReadyDetail, SessionEventMap, SessionStats } from './types.ts';

export type { SessionStats };
import { defaultStorage, type KeyValueStorage, VisitStore } from './visit-store.ts';

export type { CallTarget, SocketLike } from './connection.ts';

export interface Timeouts extends ConnectionTimeouts {
  /** From `open` to `ready`. */
  readyMs: number;
  /** From sending `end` to the server's `ended`/close. */
  endMs: number;
  /** Longest wait for the agent's last sentence to finish playing after the service ended the call. */
  drainMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = {
  ticketMs: 10_000,
  connectMs: 10_000,
  readyMs: 15_000,
  endMs: 3_000,
  drainMs: 20_000,
  pingMs: 2_500,
  livenessMs: 7_000,
};

export interface SessionOptions {
  /** Audio for one call; called at the start of each call, inside the user's gesture. */
  /** Audio for one call; called at the start of each call, inside the user's gesture. With
   *  `microphone: false` (a typed call) the factory must not create or touch a microphone; its `source`
   *  is then ignored and may be null. */
  createAudio: (options: { microphone: boolean }) => { source: FrameSource | null; sink: AudioSink };
  fetch?: typeof fetch;
  createSocket?: (url: string) => SocketLike;
  storage?: KeyValueStorage | null;
  now?: () => number;
  timeouts?: Partial<Timeouts>;
  reconnect?: Partial<ReconnectPolicy>;
  /** Online/offline hints; the browser's `navigator.onLine` and window events by default. */
  network?: NetworkHints;
}

/** Counters for diagnostics (what was dropped, and how the connection is doing). */

type EndedMessage = Extract<ServerMessage, { type: 'ended' }>;

interface Call {
  target: CallTarget;
  /** The microphone; null for a typed call, or once it is gone and the call goes on typed. */
  source: FrameSource | null;
  uplink: Uplink;
  sink: AudioSink;
  link: Connection;
  timers: Timers;
  startedAt: number | null;
  conversationId: string | null;
  lastError: ServerErrorMessage | null;
  endedMessage: EndedMessage | null;
  oddByte: number | null;
  /** Set while `end()` waits for the service's `ended` or the socket's close. */
  onHangUpAnswer: (() => void) | null;
  /** The caller hung up: agent audio still on its way is not played. */
  hangingUp: boolean;
  /** Why the call is ending when the service does not say (its `ended` reason wins). */
  endReason: string | null;
  settle: () => void;
  settled: Promise<void>;
  finished: boolean;
  /** The `ready` wait of the current socket. */
  readyTimer: ReturnType<typeof setTimeout> | null;
  /** A 1011 during set-up is retried once. */
  setupRetried: boolean;
  /** While reconnecting: settles the attempt under way (true once `ready` came, false when it failed). */
  attemptDone: ((ready: boolean) => void) | null;
  /** While reconnecting: ends the pause before the next ticket early (the browser came back online). */
  wake: (() => void) | null;
  giveUpTimer: ReturnType<typeof setTimeout> | null;
  /** The latest outage: its tickets and deadline carry on if the line drops again within `stableMs`. */
  outage: { budget: ReconnectBudget; droppedAt: number; backAt: number } | null;
  /** The visit token of this call's latest ticket answer. */
  visit: string | undefined;
  stopHints: () => void;
}

export class CallSession extends Emitter<SessionEventMap> {
  readonly transcript = new TranscriptTurns();
  stats: SessionStats = freshStats();

  private _state: CallState = 'idle';
  private call: Call | null = null;
  private ending: Promise<void> | null = null;
  private readonly timeouts: Timeouts;
  private readonly visits: VisitStore;
  private readonly fetchFn: typeof fetch;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly now: () => number;
  private readonly reconnectPolicy: ReconnectPolicy;
  private readonly network: NetworkHints;
  private _muted = false;
  /** The visit token of the latest ticket answer per agent, for this page only (reconnection needs it
   *  even where nothing may be stored). */
  private readonly visitsInMemory = new Map<string, string>();
  /** True while a call's last state change and its `ended`/`error` are being announced. */
  private announcingEnd = false;

  constructor(private readonly options: SessionOptions) {
    super();
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.now = options.now ?? Date.now;
    this.visits = new VisitStore(options.storage === undefined ? defaultStorage() : options.storage, this.now);
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.reconnectPolicy = { ...DEFAULT_RECONNECT_POLICY, ...options.reconnect };
    this.network = options.network ?? browserNetworkHints();
  }

  get state(): CallState {
    return this._state;
  }

  /** While true, silent frames are sent in place of the microphone's, at the same pace. */
  get muted(): boolean {
    return this._muted;
  }
  set muted(muted: boolean) {
    this._muted = muted;
    if (this.call) this.call.uplink.muted = muted;
  }

  /**
   * What is kept of the visit between page loads: `visit` (the spec's one-day visit token in localStorage,
   * so the agent can pick up the conversation) or `none` (nothing stored: the token lives in this page's
   * memory only, enough for reconnection; each page load starts a new visit). Read at each ticket.
   */
  remember: 'visit' | 'none' = 'visit';

  /**
   * Forgets the visit: removes every visit token the widget stored on this origin and the ones this page
   * holds in memory, so the next call starts a new visit. A call under way keeps its line (and reconnects
   * with its own token); nothing else is ever stored.
   */
  forget(): void {
    this.visitsInMemory.clear();
    const target = this.call?.target;
    if (target) this.visits.forget(target.serverUrl, target.publicId);
    this.visits.forgetAll();
  }

  /** Whether the current call uses a microphone (false for a typed call, or once it went on typed). */
  get microphone(): boolean {
    return this.call?.source != null;
  }

  /**
   * Goes on as a typed call: the microphone is released, silent frames keep the uplink's real-time pace, the
   * agent's voice still plays. For a microphone that ended mid-call with no other device to fall back to.
   */
  continueWithoutMicrophone(): void {
    const call = this.call;
    if (!call || call.finished || !call.source) return;
    call.source.close();
    call.source = null;
    call.uplink.withoutSource();
  }

  /** The page came back from the back-forward cache: whatever the socket says, the line is dead. A live call
   *  is treated as a drop (reconnection, or CONNECTION_LOST when it cannot come back), never a silent "live". */
  pageRestored(): void {
    const call = this.call;
    if (call && !call.finished && this._state === 'live') this.dropped(call);
  }

  /** The microphone went away mid-call and no other device could take over: the call goes on typed. */
  private microphoneLost(call: Call): void {
    if (call !== this.call || call.finished || !call.source) return;
    this.continueWithoutMicrophone();
    this.emit('microphone', { lost: true });
  }

  /** The browser says it is offline (a hint: the call goes on until the link itself is found dead). */
  get offline(): boolean {
    return !this.network.online;
  }

  /**
   * Starts a call. Resolves once the call is live, or once it has failed or been ended (the outcome is in
   * `state` and the events); it never rejects for a call failure. Call it inside the user's gesture.
   */
  async start(target: CallTarget, options: { microphone?: boolean } = {}): Promise<void> {
    // A listener of the last call's final state starting a new call waits until `ended`/`error` is out.
    if (this.announcingEnd) {
      return new Promise((resolve) => queueMicrotask(() => resolve(this.start(target, options))));
    }
    const microphone = options.microphone !== false;
    if (isActive(this._state)) return this.call?.settled;
    if (!target.publicId) throw new TypeError('voice-agent: a public-id is needed to start a call');
    this.transcript.clear();
    this.stats = freshStats();
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    let audio: { source: FrameSource | null; sink: AudioSink };
    try {
      audio = this.options.createAudio({ microphone });
    } catch (error) {
      this.move('connecting');
      this.move('error');
      this.emit('error', toCallError(error, 'SERVER_ERROR').toDetail());
      return;
    }
    const source = microphone ? audio.source : null;
    const { sink } = audio;
    const timers = new Timers();
    const call: Call = {
      target,
      source,
      sink,
      uplink: null!,
      link: null!,
      timers,
      startedAt: null,
      conversationId: null,
      lastError: null,
      endedMessage: null,
      oddByte: null,
      onHangUpAnswer: null,
      hangingUp: false,
      endReason: null,
      settle,
      settled,
      finished: false,
      readyTimer: null,
      setupRetried: false,
      attemptDone: null,
      wake: null,
      giveUpTimer: null,
      outage: null,
      visit: undefined,
      stopHints: () => {},
    };
    call.link = this.connectionFor(call);
    call.uplink = new Uplink({
      now: this.now,
      timers,
      send: (frame) => {
        if (!call.finished && this._state === 'live') this.stats.framesSent += call.link.sendFrame(frame);
      },
      onStall: (stalled) => this.emit('uplink', { stalled }),
    });
    call.uplink.muted = this._muted;
    this.call = call;
    this.ending = null;
    call.stopHints = this.network.subscribe((online) => {
      if (call.finished) return;
      this.emit('network', { online });
      if (online) call.wake?.();
    });
    this.move('connecting');
    // Both are asked for in this same task, so the user's gesture still counts for them.
    const audioReady = Promise.all([
      source ? attempt(() => source.open()) : undefined,
      attempt(() => sink.open((error) => this.fail(call, error))),
    ]);
    void this.connect(call, audioReady);
    return settled;
  }

  /** Hangs up politely: sends `end`, waits for the service's `ended` (or a timeout), then `ended`. */
  end(): Promise<void> {
    const call = this.call;
    if (!call || call.finished || !isActive(this._state)) return Promise.resolve();
    if (this.ending) return this.ending;
    this.ending = this.hangUp(call);
    return this.ending;
  }

  /** Sends a typed message in place of speech; stops the agent's current sentence. Throws unless the call is
   *  `live` (while `reconnecting` too: nothing typed is queued for a call that may not come back). */
  sendText(text: string): void {
    const call = this.call;
    if (this._state !== 'live' || !call?.link.isOpen) {
      throw new Error(`voice-agent: sendText needs a live call (the call is ${this._state})`);
    }
    if (typeof text !== 'string' || !text.trim()) return;
    const bytes = byteLength(JSON.stringify({ type: 'text', text }));
    if (bytes > MAX_MESSAGE_BYTES) {
      throw new RangeError(
        `voice-agent: the text is too long to send (${bytes} bytes; a message may not exceed ${MAX_MESSAGE_BYTES})`,
      );
    }
    this.flushPlayback(call);
    call.link.send({ type: 'text', text });
  }

  private connectionFor(call: Call): Connection {
    const { serverUrl, publicId } = call.target;
    return new Connection({
      target: call.target,
      fetch: this.fetchFn,
      createSocket: this.createSocket,
      timeouts: this.timeouts,
      now: this.now,
      stats: this.stats,
      visits: {
        // Within a call (reconnection): the latest answer's token exactly; for a new call: the stored one
        // (only when the visitor may be remembered), else this page's.
        get: () =>
          call.visit ??
          (this.remember === 'visit' ? this.visits.get(serverUrl, publicId) : undefined) ??
          this.visitsInMemory.get(visitKey(call.target)),
        put: (visit) => {
          call.visit = visit;
          this.visitsInMemory.set(visitKey(call.target), visit);
          if (this.remember === 'visit') this.visits.put(serverUrl, publicId, visit);
          else this.visits.forget(serverUrl, publicId);
        },
      },
      onMessage: (data) => this.onMessage(call, data),
      onClose: (code, reason) => this.onClose(call, code, reason),
      onSilent: () => this.dropped(call),
    });
  }

  private async connect(call: Call, audioReady: Promise<unknown>): Promise<void> {
    try {
      await audioReady;
      if (call.finished) return;
      const open = await call.link.open();
      if (!open || call.finished) return;
      // `ready` may already have come with the `open` (both can arrive in one task).
      if (this._state !== 'connecting') return;
      this.awaitReady(call, () => {
        if (this._state === 'connecting') this.fail(call, new CallError('TIMEOUT', 'The call did not start in time.'));
      });
    } catch (error) {
      if (!call.finished) this.fail(call, toCallError(error, 'SERVER_ERROR'));
    }
  }

  private onMessage(call: Call, data: unknown): void {
    if (call !== this.call || call.finished) return;
    const message = parseServerMessage(data);
    if (!message) {
      this.stats.droppedMessages++;
      return;
    }
    if (call.endedMessage) {
      // The call is over: nothing the service sends after `ended` is played or shown.
      this.stats.droppedMessages++;
      return;
    }
    if (call.startedAt === null || this._state === 'reconnecting') {
      // Before `ready` the service has nothing to say but `ready` or why it refuses.
      if (message.type !== 'ready' && message.type !== 'error') {
        this.stats.droppedMessages++;
        return;
      }
    }
    switch (message.type) {
      case 'audio':
        return this.onAgentAudio(call, message.pcm);
      case 'ready':
        return this.onReady(call, message);
      case 'transcript':
        this.emit('transcript', this.transcript.apply(message.role, message.text, message.final));
        return;
      case 'interrupted':
        this.flushPlayback(call);
        this.emit('interrupted', {});
        return;
      case 'tool': {
        const { type: _type, ...detail } = message;
        this.emit('tool', detail);
        return;
      }
      case 'ended':
        return this.onEndedMessage(call, message);
      case 'error':
        call.lastError = { code: message.code, error: message.error };
        return;
      case 'pong':
        call.link.ponged();
        return;
    }
  }

  /** `ready` of the first socket, or of a reconnection (a new call on the service: new conversationId and
   *  maxSeconds; the transcript, its turn ids and the microphone go on). */
  private onReady(call: Call, message: Extract<ServerMessage, { type: 'ready' }>): void {
    if (this._state !== 'connecting' && this._state !== 'reconnecting') {
      this.stats.droppedMessages++;
      return;
    }
    const reconnected = this._state === 'reconnecting';
    if (call.outage) call.outage.backAt = this.now();
    call.timers.clear(call.readyTimer);
    call.timers.clear(call.giveUpTimer);
    call.readyTimer = call.giveUpTimer = null;
    call.startedAt = this.now();
    call.conversationId = message.conversationId;
    call.lastError = null;
    const agent = { ...message.agent, avatar: sanitizeAvatar(message.agent.avatar) };
    const detail: ReadyDetail = { conversationId: message.conversationId, maxSeconds: message.maxSeconds, agent };
    this.move('live');
    this.emit('ready', detail);
    call.uplink.start(call.source !== null);
    if (!reconnected) {
      call.source?.start(
        (frame) => call.uplink.push(frame),
        () => this.microphoneLost(call),
      );
    }
    call.link.watchLiveness(() => this._state === 'live');
    call.attemptDone?.(true);
    call.settle();
  }

  /** Waits `readyMs` for `ready` on the socket just opened; `late` runs if it does not come. */
  private awaitReady(call: Call, late: () => void): void {
    call.timers.clear(call.readyTimer);
    call.readyTimer = call.timers.after(this.timeouts.readyMs, () => {
      call.readyTimer = null;
      late();
    });
  }

  /** The line dropped after `ready` (a close that is not the end, or a dead link): take a fresh ticket with
   *  the visit token and a new socket, within the policy's tickets and time; then `CONNECTION_LOST`. */
  private dropped(call: Call): void {
    if (call.finished || this._state !== 'live') return;
    call.link.drop();
    call.uplink.stop();
    for (const detail of this.transcript.closeAll()) this.emit('transcript', detail);
    this.transcript.markBreak();
    call.oddByte = null;
    this.move('reconnecting');
    // A line that drops again soon after coming back is the same outage: its tickets and its deadline go on.
    const now = this.now();
    const outage = call.outage && now - call.outage.backAt < this.reconnectPolicy.stableMs ? call.outage : null;
    call.outage = outage ?? { budget: new ReconnectBudget(this.reconnectPolicy), droppedAt: now, backAt: Infinity };
    call.outage.backAt = Infinity;
    const left = call.outage.droppedAt + this.reconnectPolicy.giveUpMs - now;
    call.giveUpTimer = call.timers.after(Math.max(0, left), () => this.giveUp(call));
    void this.reconnect(call, call.outage.budget);
  }

  private async reconnect(call: Call, budget: ReconnectBudget): Promise<void> {
    while (!call.finished && this._state === 'reconnecting') {
      const delay = budget.nextDelay();
      if (delay === null) return this.giveUp(call);
      await this.pause(call, delay);
      if (call.finished) return;
      // Settled by `ready` (which may come with the `open`), by a close before it, or by the ready timeout.
      const ready = new Promise<boolean>((resolve) => (call.attemptDone = resolve));
      try {
        if (await call.link.openOnce()) {
          if (call.finished) return;
          if (this._state === 'reconnecting') this.awaitReady(call, () => call.attemptDone?.(false));
          if ((await ready) || call.finished) return;
        }
      } catch (error) {
        if (call.finished) return;
        if (isFinalReconnectFailure(error)) return this.fail(call, error);
      } finally {
        call.attemptDone = null;
      }
      call.timers.clear(call.readyTimer);
      call.readyTimer = null;
      call.link.drop();
    }
  }

  /** The pause before a reconnection ticket: `ms`, or until the browser is back online when it is offline
   *  (and at once when it comes back online during the pause). */
  private pause(call: Call, ms: number): Promise<void> {
    if (ms <= 0 && this.network.online) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = this.network.online ? call.timers.after(ms, () => wake()) : null;
      const wake = () => {
        call.timers.clear(timer);
        call.wake = null;
        resolve();
      };
      call.wake = wake;
    });
  }

  private giveUp(call: Call): void {
    this.fail(call, new CallError('CONNECTION_LOST', GIVE_UP_MESSAGE));
  }

  private onAgentAudio(call: Call, pcm: ArrayBuffer): void {
    if (call.hangingUp) return;
    if (this._state !== 'live' && this._state !== 'ending') {
      this.stats.droppedMessages++;
      return;
    }
    this.stats.audioBytesReceived += pcm.byteLength;
    call.sink.write(wholeSamples(call, pcm));
  }

  private onEndedMessage(call: Call, message: EndedMessage): void {
    call.endedMessage = message;
    if (this._state === 'live') this.serverEnded(call);
    else call.onHangUpAnswer?.();
  }

  /** The service ended the call: the agent may still be finishing its goodbye, so let it play first. */
  private serverEnded(call: Call): void {
    call.endReason ??= 'closed';
    this.move('ending');
    call.source?.close();
    call.uplink.stop();
    call.timers.after(this.timeouts.drainMs, () => this.finish(call));
    void call.sink.drained().catch(() => {}).then(() => this.finish(call));
  }

  private onClose(call: Call, code: number, reason: string): void {
    if (call !== this.call || call.finished) return;
    const state = this._state;
    if (state === 'ending') return call.onHangUpAnswer?.();
    if (state === 'reconnecting') {
      // The service refused the new call (BUSY, QUOTA, the agent gone…): that is its answer.
      if (code === CloseCode.SETUP_FAILED || code === CloseCode.AGENT_GONE) {
        return this.fail(call, closeError(code, reason, call.lastError));
      }
      return call.attemptDone?.(false);
    }
    if (code === CloseCode.NORMAL) return this.serverEnded(call);
    if (state === 'live' && isReconnectable(code)) return this.dropped(call);
    if (state === 'connecting' && code === CloseCode.INTERNAL_ERROR && !call.setupRetried) {
      call.setupRetried = true;
      call.lastError = null;
      call.link.drop();
      return void this.connect(call, Promise.resolve());
    }
    this.fail(call, closeError(code, reason, call.lastError));
  }

  private async hangUp(call: Call): Promise<void> {
    const wasLive = this._state === 'live';
    call.hangingUp = true;
    call.endReason ??= call.startedAt === null ? 'cancelled' : 'caller_hangup';
    this.move('ending');
    call.source?.close();
    call.uplink.stop();
    this.flushPlayback(call);
    if (wasLive && call.link.isOpen) {
      await new Promise<void>((resolve) => {
        call.onHangUpAnswer = resolve;
        call.timers.after(this.timeouts.endMs, resolve);
        call.link.send({ type: 'end' });
      });
    }
    this.finish(call);
  }

  /** Ends the call as `ended`, with the service's figures when it sent them. */
  private finish(call: Call): void {
    if (call.finished || call !== this.call) return;
    for (const detail of this.transcript.closeAll()) this.emit('transcript', detail);
    const message = call.endedMessage;
    const localSeconds = call.startedAt === null ? 0 : Math.max(0, (this.now() - call.startedAt) / 1000);
    const detail: EndedDetail = {
      reason: message?.reason ?? call.endReason ?? 'closed',
      durationSeconds: message?.durationSeconds ?? Math.round(localSeconds * 10) / 10,
      billedSeconds: message?.billedSeconds ?? null,
      freeSeconds: message?.freeSeconds ?? null,
      conversationId: message?.conversationId ?? call.conversationId,
    };
    this.release(call);
    this.announceEnd(() => {
      this.move('ended');
      this.emit('ended', detail);
    });
  }

  private fail(call: Call, error: CallError): void {
    if (call.finished || call !== this.call) return;
    for (const detail of this.transcript.closeAll()) this.emit('transcript', detail);
    this.release(call);
    this.announceEnd(() => {
      this.move('error');
      this.emit('error', error.toDetail());
    });
  }

  private announceEnd(announce: () => void): void {
    this.announcingEnd = true;
    try {
      announce();
    } finally {
      this.announcingEnd = false;
    }
  }

  private release(call: Call): void {
    call.finished = true;
    call.stopHints();
    call.wake?.();
    call.timers.clearAll();
    call.link.close(!call.endedMessage);
    call.source?.close();
    call.uplink.stop();
    call.sink.close();
    call.settle();
  }

  private move(next: CallState): void {
    if (next === this._state) return;
    if (!canMove(this._state, next)) throw new Error(`voice-agent: no transition ${this._state} → ${next}`);
    this._state = next;
    this.emit('state', { state: next });
  }

  /** Stops the agent's voice now; a stray odd byte of the stopped audio must not shift the next. */
  private flushPlayback(call: Call): void {
    call.oddByte = null;
    call.sink.flush();
  }
}

/** Agent audio as whole 16-bit samples: a stray odd byte is carried to the next chunk. */
function wholeSamples(call: Call, pcm: ArrayBuffer): ArrayBuffer {
  const carried = call.oddByte;
  const total = pcm.byteLength + (carried === null ? 0 : 1);
  if (carried === null && total % 2 === 0) return pcm;
  const bytes = new Uint8Array(total - (total % 2));
  const input = new Uint8Array(pcm);
  let offset = 0;
  if (carried !== null) bytes[offset++] = carried;
  bytes.set(input.subarray(0, bytes.length - offset), offset);
  call.oddByte = total % 2 ? (input[input.length - 1] ?? null) : null;
  return bytes.buffer;
}

const visitKey = (target: CallTarget) => `${target.serverUrl}|${target.publicId}`;

/** Runs `fn` now; a synchronous throw becomes a rejection. */
function attempt<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return fn();
  } catch (error) {
    return Promise.reject(error);
  }
}

function freshStats(): SessionStats {
  return { droppedMessages: 0, framesSent: 0, framesDropped: 0, audioBytesReceived: 0, rttMs: null };
}
