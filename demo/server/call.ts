// One call on the socket: set-up checks, ready, messages both ways, keep-alive, billing, the end.
import type { Duplex } from 'node:stream';
import type { WebSocket, RawData } from 'ws';
import {
  CloseCode,
  type CloseCodeValue,
  encodeMessage,
  parseClientMessage,
  type AgentAvatar,
  type ErrorMessage,
  type ServerWireMessage,
  type SetupErrorCode,
} from '../../src/protocol/index.ts';
import type { AccountState } from './accounts.ts';
import type { AgentData } from './agents.ts';
import type { AgentBehaviour } from './agent-behaviour.ts';
import { createBehaviour } from './behaviours.ts';
import type { SimulatorContext } from './context.ts';
import { int16FromBytes } from './pcm.ts';
import type { Ticket } from './tickets.ts';
import { newToken } from './tokens.ts';
import type { UplinkMeter } from './uplink-meter.ts';
import { rememberTyped } from './visits.ts';

const SETUP_MESSAGES: Record<SetupErrorCode, string> = {
  QUOTA: 'The account has no call minutes left (a call needs at least 30 seconds).',
  BUSY: 'Every line is busy. Try again in a minute.',
  MODEL: 'No voice model could be reached. Try again.',
  OWNER: "The agent's account no longer exists.",
  NOT_FOUND: 'This agent no longer exists.',
};

interface Ending {
  /** A message sent before anything else (the `error` of a failed set-up or a deleted agent). */
  notice?: ErrorMessage;
  /** Send `{type:'ended'}` before closing. */
  announce?: boolean;
  /** Close with this code; without it the socket is cut (no close frame). */
  closeCode?: CloseCodeValue;
  closeReason?: string;
  errorCode?: string;
}

export class Call {
  readonly conversationId = newToken('conv');
  readonly #ws: WebSocket;
  /** The TCP connection under `#ws`. */
  readonly #socket: Duplex;
  readonly #ticket: Ticket;
  readonly #ctx: SimulatorContext;
  /** Origin relative avatar URLs are resolved against. */
  readonly #publicOrigin: string;
  readonly #connectedAt: number;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  readonly #intervals = new Set<ReturnType<typeof setInterval>>();
  #state: 'starting' | 'live' | 'ended' = 'starting';
  #account: AccountState | undefined;
  #maxSeconds = 0;
  #behaviour: AgentBehaviour | undefined;
  /** What the service hears, from `ready` on. */
  #meter: UplinkMeter | undefined;
  #answeredPing = true;
  #endMessage = false;
  /** No more messages: the connection is being cut. */
  #muted = false;
  /** A dead link (failure kind `silence`): nothing is sent or read any more, and the call ends only
   *  when the keep-alive gives up on it. */
  #silent = false;
  /** Set when `ws` reports a protocol violation, read when the socket then closes. */
  #violation: string | undefined;
  readonly #onEnd: () => void;

  constructor(ws: WebSocket, socket: Duplex, ticket: Ticket, ctx: SimulatorContext, publicOrigin: string, onEnd: () => void) {
    this.#ws = ws;
    this.#socket = socket;
    this.#ticket = ticket;
    this.#ctx = ctx;
    this.#publicOrigin = publicOrigin;
    this.#onEnd = onEnd;
    this.#connectedAt = ctx.clock.now();

    ws.on('message', (data, isBinary) => this.#guard(() => this.#onMessage(data, isBinary)));
    ws.on('close', () => this.#end(this.#violation ?? 'caller_hangup', {}));
    ws.on('error', (error: Error & { code?: string }) => {
      this.#violation = error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'message_too_big' : 'protocol_error';
      ctx.log(`call ${this.conversationId}: ${error.message}`);
    });
    ws.on('pong', () => {
      this.#answeredPing = true;
    });
    this.#every(ctx.timings.pingIntervalMs, () => {
      if (!this.#answeredPing) {
        this.#end('connection_lost', {});
        return;
      }
      this.#answeredPing = false;
      if (!this.#silent) ws.ping();
    });

    const agent = ctx.agents.get(ticket.publicId);
    if (agent?.failure?.kind === 'crash') {
      this.#after(agent.failure.afterMs, () => this.#end('server_error', { closeCode: CloseCode.INTERNAL_ERROR, closeReason: 'server error' }));
    } else {
      this.#after(ctx.timings.setupDelayMs, () => this.#setUp());
    }
  }

  /** The simulator is closing: cut the connection. */
  shutdown(): void {
    this.#end('server_shutdown', {});
  }

  #setUp(): void {
    const ctx = this.#ctx;
    const agent = ctx.agents.get(this.#ticket.publicId);
    if (!agent) return this.#refuse('NOT_FOUND');
    const account = ctx.accounts.get(agent.account);
    if (!account) return this.#refuse('OWNER');
    if (account.secondsLeft < ctx.limits.minSecondsToStart) return this.#refuse('QUOTA');
    if (account.running + account.runningElsewhere >= account.maxCalls) return this.#refuse('BUSY');
    if (!account.modelUp) return this.#refuse('MODEL');

    account.running++;
    this.#account = account;
    this.#maxSeconds = Math.floor(Math.min(agent.maxCallSeconds, account.secondsLeft));
    this.#state = 'live';
    const meter = (this.#meter = ctx.uplinkMeters.open(this.conversationId));
    this.#send({
      type: 'ready',
      conversationId: this.conversationId,
      maxSeconds: this.#maxSeconds,
      agent: { name: agent.name, avatar: this.#avatar(agent), language: agent.language },
    });

    this.#every(ctx.timings.durationCheckMs, () => {
      if (ctx.clock.now() - this.#connectedAt >= this.#maxSeconds * 1000) {
        this.#end('max_duration', { announce: true, closeCode: CloseCode.NORMAL });
      }
    });
    const visit = ctx.visits.get(this.#ticket.visit) ?? {
      token: this.#ticket.visit,
      publicId: agent.publicId,
      expiresAt: 0,
      typed: [],
      failed: false,
      unreachable: false,
    };
    const failure = agent.failure;
    if (failure && failure.kind !== 'crash' && !(failure.oncePerVisit && visit.failed)) {
      this.#after(failure.afterMs, () => {
        visit.failed = true;
        if (failure.thenUnreachable) visit.unreachable = true;
        if (failure.kind === 'vanish') {
          this.#end('agent_deleted', {
            notice: { type: 'error', code: 'NOT_FOUND', error: SETUP_MESSAGES.NOT_FOUND },
            closeCode: CloseCode.AGENT_GONE,
            closeReason: 'agent deleted',
          });
        } else if (failure.kind === 'drop') {
          this.#end('connection_lost', {});
        } else {
          this.#goSilent();
        }
      });
    }

    this.#behaviour = createBehaviour({
      agent,
      visit,
      rememberTyped: (text) => rememberTyped(visit, text, ctx.limits),
      returningVisit: this.#ticket.returningVisit,
      synth: ctx.synth,
      clock: ctx.clock,
      timings: ctx.timings,
      random: ctx.random,
      log: ctx.log,
      markAgentSpeech: (from, to) => meter.markAgentSpeech(from, to),
      recordAgentChunk: (chunk) => meter.addAgentChunk(chunk),
      channel: {
        sendJson: (message) => this.#send(message),
        sendAudio: (bytes) => {
          if (!this.#muted && this.#ws.readyState === this.#ws.OPEN) this.#ws.send(bytes, { binary: true });
        },
        hangUp: () => this.#guard(() => this.#end('agent_ended', { announce: true, closeCode: CloseCode.NORMAL })),
      },
    });
    this.#behaviour.start();
  }

  /** The link goes dead without closing: no more messages, audio or pongs out, nothing read in. */
  #goSilent(): void {
    this.#silent = true;
    this.#muted = true;
    this.#behaviour?.stop();
    this.#socket.pause();
  }

  #refuse(code: SetupErrorCode): void {
    this.#end('setup_failed', {
      notice: { type: 'error', code, error: SETUP_MESSAGES[code] },
      closeCode: CloseCode.SETUP_FAILED,
      closeReason: code,
      errorCode: code,
    });
  }

  #onMessage(data: RawData, isBinary: boolean): void {
    const bytes = toBuffer(data);
    if (isBinary) {
      if (this.#state === 'live') this.#onAudio(int16FromBytes(bytes));
      return;
    }
    const message = parseClientMessage(bytes.toString('utf8'));
    switch (message?.type) {
      case 'ping':
        this.#send({ type: 'pong' });
        break;
      case 'end':
        // The spec names one caller-side reason; a polite `end` is a hang-up too.
        this.#endMessage = true;
        this.#end('caller_hangup', { announce: true, closeCode: CloseCode.NORMAL });
        break;
      case 'text':
        if (this.#state === 'live') this.#behaviour?.onText(message.text);
        break;
      case 'audio':
        if (this.#state === 'live') this.#onAudio(int16FromBytes(Buffer.from(message.data, 'base64')));
        break;
      default:
      // malformed messages and unknown types are ignored
    }
  }

  #onAudio(samples: Int16Array): void {
    this.#meter?.add(samples);
    this.#behaviour?.onAudio(samples);
  }

  #end(reason: string, how: Ending): void {
    if (this.#state === 'ended') return;
    const wasLive = this.#state === 'live';
    this.#state = 'ended';
    for (const timer of this.#timers) clearTimeout(timer);
    for (const interval of this.#intervals) clearInterval(interval);
    // A connection cut on purpose (drop, dead peer) gets nothing more; otherwise the agent's turn is
    // closed with what the caller heard, then the notice, `ended` and the close frame follow.
    const cut = how.closeCode === undefined || this.#silent;
    if (cut) this.#muted = true;
    this.#behaviour?.stop();
    if (how.notice) this.#send(how.notice);

    const ctx = this.#ctx;
    const now = ctx.clock.now();
    let durationMs = Math.max(0, now - this.#connectedAt);
    let billedSeconds = 0;
    if (wasLive) durationMs = Math.min(durationMs, this.#maxSeconds * 1000);
    const durationSeconds = Math.round(durationMs / 100) / 10;
    // Compared unrounded: a 2.95 s call is under 3 s and not counted, though it shows as 3.0 s.
    if (wasLive && durationMs >= ctx.limits.freeCallSeconds * 1000) {
      billedSeconds = Math.min(Math.ceil(durationMs / 1000), this.#maxSeconds);
    }
    const freeSeconds = billedSeconds === 0 ? durationSeconds : 0;
    if (this.#account) {
      this.#account.running--;
      this.#account.secondsLeft = Math.max(0, this.#account.secondsLeft - billedSeconds);
    }
    const agent = ctx.agents.get(this.#ticket.publicId);
    ctx.recordCall({
      conversationId: this.conversationId,
      publicId: this.#ticket.publicId,
      account: agent?.account ?? '',
      connectedAt: this.#connectedAt,
      endedAt: now,
      reason,
      endMessage: this.#endMessage,
      ...(how.errorCode ? { errorCode: how.errorCode } : {}),
      wentLive: wasLive,
      durationSeconds,
      billedSeconds,
      freeSeconds,
    });

    if (how.announce) {
      this.#send({
        type: 'ended',
        reason,
        durationSeconds,
        billedSeconds,
        freeSeconds,
        conversationId: this.conversationId,
      });
    }
    if (cut) this.#ws.terminate();
    else this.#ws.close(how.closeCode, how.closeReason);
    this.#onEnd();
  }

  #avatar(agent: AgentData): AgentAvatar {
    const avatar = { ...agent.avatar };
    if (avatar.url !== undefined) {
      try {
        avatar.url = new URL(avatar.url, this.#publicOrigin).href;
      } catch {
        delete avatar.url;
      }
    }
    return avatar;
  }

  #send(message: ServerWireMessage): void {
    if (!this.#muted && this.#ws.readyState === this.#ws.OPEN) this.#ws.send(encodeMessage(message));
  }

  #after(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.#guard(action);
    }, ms);
    this.#timers.add(timer);
  }

  #every(ms: number, action: () => void): void {
    this.#intervals.add(setInterval(() => this.#guard(action), ms));
  }

  /** A bug in one call must not take the simulator down: log it and end that call. */
  #guard(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.#ctx.log(`call ${this.conversationId} failed: ${(error as Error).stack ?? error}`);
      this.#end('server_error', { closeCode: CloseCode.INTERNAL_ERROR, closeReason: 'server error' });
    }
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
