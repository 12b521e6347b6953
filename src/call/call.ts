// The parts of one call (its microphone and the agent's voice, uplink, link, reconnector and timers) and what the session has
// learnt of it so far. The session owns the call's states; this only builds, holds and releases the parts.
import type { ServerMessage } from '../protocol/index.ts';
import type { AudioSink, FrameSource } from './audio-ports.ts';
import type { ServerErrorMessage } from './close-errors.ts';
import { CallMicrophone } from './call-microphone.ts';
import { Connection, type CallTarget, type ConnectionOptions } from './connection.ts';
import type { CallError } from './errors.ts';
import { LinkQuality } from './link-quality.ts';
import type { NetworkHints } from './network-hints.ts';
import type { ReconnectPolicy } from './reconnect-policy.ts';
import { Reconnector } from './reconnector.ts';
import { Timers } from './timers.ts';
import type { EndedDetail, QualityDetail, SessionStats } from './types.ts';
import { Uplink } from './uplink.ts';
import { WholeSamples } from './whole-samples.ts';

export type EndedMessage = Extract<ServerMessage, { type: 'ended' }>;

export interface CallParts {
  source: FrameSource | null;
  sink: AudioSink;
  /** The link's options (its `onOpen` is the call's own); its `stats` are the session's. */
  link: Omit<ConnectionOptions, 'onOpen' | 'stats'>;
  stats: SessionStats;
  policy: ReconnectPolicy;
  network: NetworkHints;
  /** Whether the uplink's frames may go out now (the call is live). */
  sending: () => boolean;
  /** The microphone stalled or delivers again. */
  onStall: (stalled: boolean) => void;
  /** The microphone went away mid-call. */
  onMicrophoneLost: (error: CallError) => void;
  /** The line could not be brought back after a drop. */
  onLost: (error: CallError) => void;
  /** The connection's quality changed (`stats.quality` says it too). */
  onQuality: (detail: QualityDetail) => void;
}

/** How often the connection's quality is read: an outage shows within two seconds. */
const QUALITY_MS = 250;

export class Call {
  readonly target: CallTarget;
  /** The microphone; none for a typed call, or while the call goes on typed (it may be taken back). */
  readonly microphone: CallMicrophone;
  readonly sink: AudioSink;
  readonly uplink: Uplink;
  /** Agent audio cut to whole samples (a stray odd byte waits for the next chunk). */
  readonly samples = new WholeSamples();
  readonly link: Connection;
  readonly reconnector: Reconnector;
  /** The call's own timers (hang-up and drain waits, the uplink's pace), cleared at its end. */
  readonly timers = new Timers();
  /** Resolves when the call is live, or over. */
  readonly settled: Promise<void>;
  readonly settle: () => void;

  startedAt: number | null = null;
  conversationId: string | null = null;
  /** The `error` message of the current socket, which says why it closes with 4000. */
  lastError: ServerErrorMessage | null = null;
  endedMessage: EndedMessage | null = null;
  /** Set while `end()` waits for the service's `ended` or the socket's close. */
  onHangUpAnswer: (() => void) | null = null;
  /** The caller hung up: agent audio still on its way is not played. */
  hangingUp = false;
  /** Why the call is ending when the service does not say (its `ended` reason wins). */
  endReason: string | null = null;
  /** The widget's own reason for ending, which wins over the service's. */
  ownReason: string | null = null;
  finished = false;
  /** A 1011 during set-up is retried once. */
  setupRetried = false;
  /** Stops listening to the browser's online/offline hints. */
  stopHints: () => void = () => {};
  /** The connection's quality, judged afresh from each `ready` (null before the first). */
  #quality: LinkQuality | null = null;
  readonly #parts: CallParts;

  constructor(parts: CallParts) {
    const { link, stats } = parts;
    this.#parts = parts;
    this.target = link.target;
    this.sink = parts.sink;
    let settle!: () => void;
    this.settled = new Promise<void>((resolve) => (settle = resolve));
    this.settle = settle;
    this.link = new Connection({
      ...link,
      stats,
      // Each socket says for itself why it closes.
      onOpen: () => (this.lastError = null),
    });
    this.uplink = new Uplink({
      now: link.now,
      timers: this.timers,
      send: (frame) => {
        if (!this.finished && parts.sending()) stats.framesSent += this.link.sendFrame(frame);
      },
      onStall: parts.onStall,
    });
    this.microphone = new CallMicrophone(parts.source, this.uplink, link.now, parts.onMicrophoneLost);
    this.reconnector = new Reconnector({
      link: this.link,
      policy: parts.policy,
      network: parts.network,
      now: link.now,
      onFail: parts.onLost,
    });
  }

  /** The call went live on a new socket (`ready`): its quality is judged afresh, from now on every QUALITY_MS. */
  judgeQuality(): void {
    if (!this.#quality) this.timers.every(QUALITY_MS, () => this.assessQuality());
    this.#quality = new LinkQuality();
    this.assessQuality();
  }

  /** Reads the connection's quality while live or reconnecting (`lost`, then); a change is told. */
  assessQuality(): void {
    const { stats, link, onQuality, sending } = this.#parts;
    const reconnecting = this.reconnector.reconnecting;
    if (!this.#quality || (!reconnecting && !sending())) return;
    const reading = { ...stats, ...this.link.reading(), underruns: this.sink.underruns ?? 0, reconnecting };
    const quality = this.#quality.assess(reading, link.now());
    if (quality === stats.quality) return;
    stats.quality = quality;
    onQuality({ quality, rttMs: stats.rttMs });
  }

  /** What `ended` says of the call at `now` (on the call's clock): the service's figures when it sent them,
   *  else what the call knows (its length to a tenth of a second, why it ended). */
  endedDetail(now: number): EndedDetail {
    const message = this.endedMessage;
    const localSeconds = this.startedAt === null ? 0 : Math.max(0, (now - this.startedAt) / 1000);
    return {
      reason: this.ownReason ?? message?.reason ?? this.endReason ?? 'closed',
      durationSeconds: message?.durationSeconds ?? Math.round(localSeconds * 10) / 10,
      billedSeconds: message?.billedSeconds ?? null,
      freeSeconds: message?.freeSeconds ?? null,
      conversationId: message?.conversationId ?? this.conversationId,
    };
  }

  /** Stops everything of the call and lets it go: the link (saying `end` unless the service already ended
   *  the call), the microphone, the uplink and the agent's voice. */
  release(): void {
    this.finished = true;
    this.stopHints();
    this.reconnector.stop();
    this.timers.clearAll();
    this.link.close(!this.endedMessage);
    this.microphone.close();
    this.uplink.stop();
    this.sink.close();
    // A hang-up waiting for the service's answer (its timer was just cleared) is answered now.
    this.onHangUpAnswer?.();
    this.settle();
  }
}
