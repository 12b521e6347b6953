// One call at a time with a published agent: the call's state machine and audio wiring. The parts of a call
// are in call.ts: the link (ticket, socket, `ready` wait, liveness) is the Connection's, bringing it back after
// a drop the Reconnector's; which of the service's messages a call takes is incoming.ts'; which visit token a
// ticket carries is VisitTokens'. No DOM and no Web Audio: audio comes through FrameSource / AudioSink, the
// network, visit store and clock through the options (see session-options.ts).
import { CloseCode, isReconnectable } from '../protocol/index.ts';
import { openCallAudio } from './audio-opening.ts';
import type { AudioSink, FrameSource } from './audio-ports.ts';
import { sanitizeAvatar } from './avatar.ts';
import { Call } from './call.ts';
import { closeError } from './close-errors.ts';
import type { CallTarget, ConnectionOptions } from './connection.ts';
import { Emitter } from './emitter.ts';
import { CallError, toCallError } from './errors.ts';
import { takeMessage, type IncomingHandlers, type ReadyMessage } from './incoming.ts';
import { withDefaults, type ResolvedSessionOptions, type SessionOptions } from './session-options.ts';
import type { StartOptions } from './session-like.ts';
import { canMove, isActive } from './state-machine.ts';
import { TranscriptTurns } from './transcript.ts';
import { typedText } from './typed-text.ts';
import { freshStats, type CallState, type ReadyDetail, type SessionEventMap, type SessionStats } from './types.ts';
import { VisitTokens, type RememberMode } from './visit-tokens.ts';

export type { CallTarget, SocketLike } from './connection.ts';
export { DEFAULT_TIMEOUTS, type SessionOptions, type Timeouts } from './session-options.ts';
export type { SessionStats };

export class CallSession extends Emitter<SessionEventMap> {
  readonly transcript = new TranscriptTurns();
  /** Counters for diagnostics (what was dropped, and how the connection is doing). */
  stats: SessionStats = freshStats();

  #state: CallState = 'idle';
  #call: Call | null = null;
  #ending: Promise<void> | null = null;
  readonly #visits: VisitTokens;
  /** What the link of every call is built with. */
  readonly #linkBase: Pick<ConnectionOptions, 'fetch' | 'createSocket' | 'timeouts' | 'now' | 'violations'>;
  #muted = false;
  /** True while a call's last state change and its `ended`/`error` are being announced. */
  #announcingEnd = false;

  readonly #options: ResolvedSessionOptions;

  constructor(options: SessionOptions) {
    super();
    this.#options = withDefaults(options);
    const { visits, fetch, createSocket, timeouts, clock, violations } = this.#options;
    this.#visits = new VisitTokens(visits, () => this.remember);
    this.#linkBase = { fetch, createSocket, timeouts, now: clock, violations };
  }

  get state(): CallState {
    return this.#state;
  }

  /** While true, silent frames are sent in place of the microphone's, at the same pace. */
  get muted(): boolean {
    return this.#muted;
  }
  set muted(muted: boolean) {
    this.#muted = muted;
    if (this.#call) this.#call.uplink.muted = muted;
  }

  /**
   * What is kept of the visit between page loads: `visit` (the spec's one-day visit token in localStorage,
   * so the agent can pick up the conversation) or `none` (nothing stored: the token lives in this page's
   * memory only, enough for reconnection; each page load starts a new visit). Read at each ticket.
   */
  remember: RememberMode = 'visit';

  /**
   * Forgets the visit: removes every visit token the widget stored on this origin and the ones this page
   * holds in memory, so the next call starts a new visit. A call under way keeps its line and reconnects with
   * its own token, but nothing of it is written again; nothing else is ever stored.
   */
  forget(): void {
    this.#visits.forget(this.#call?.target);
  }

  /** Whether the current call uses a microphone (false for a typed call, or once it went on typed). */
  get microphone(): boolean {
    return this.#call?.microphone.held ?? false;
  }

  /** The visitor types instead (`false`: the microphone is released, silent frames keep the uplink's real-time
   *  pace, the agent's voice still plays) or talks again (`true`, in their gesture: a new microphone from
   *  `createMicrophone` for the same call, no new ticket; a refusal leaves the call typed and says why). Only while
   *  the call is live or reconnecting. */
  setMicrophone(on: boolean): void {
    const call = this.#call;
    if (!call || call.finished || call.microphone.held === on || (this.#state !== 'live' && this.#state !== 'reconnecting')) return;
    const source = on ? this.#options.createMicrophone() : null;
    if (source) call.microphone.takeBack(source, () => this.#state === 'live', (error) => this.#microphoneLost(call, error));
    else if (on) return;
    else call.microphone.letGo();
    this.emit('microphone', { on });
  }

  /**
   * The page came back from the back-forward cache: whatever the socket says, the line is dead, never a silent
   * "live". A live call is treated as a drop (reconnection, or CONNECTION_LOST when it cannot come back); while
   * reconnecting, the attempt under way is spent and the next one follows; a call still being set up (nothing
   * is reconnected before `ready`) ends with CONNECTION_LOST, and the visitor can call again.
   */
  pageRestored(): void {
    const call = this.#call;
    if (!call || call.finished) return;
    if (this.#state === 'live') return this.#dropped(call);
    if (this.#state === 'reconnecting') {
      // A ticket on its way is let be (its timeout bounds it): dropping it would spend another.
      if (!call.link.hasSocket) return;
      call.link.drop();
      return call.reconnector.attemptFailed();
    }
    if (this.#state === 'connecting') {
      this.#fail(call, new CallError('CONNECTION_LOST', 'Restored from the back-forward cache before the call was set up.'));
    }
  }

  /** The browser says it is offline (a hint: the call goes on until the link itself is found dead). */
  get offline(): boolean {
    return !this.#options.network.online;
  }

  /**
   * Starts a call. Resolves once the call is live, or once it has failed or been ended (the outcome is in
   * `state` and the events); it never rejects for a call failure. Call it inside the user's gesture. When the
   * ticket is asked for (`microphoneGranted`): see audio-opening.ts.
   */
  async start(target: CallTarget, options: StartOptions = {}): Promise<void> {
    // A listener of the last call's final state starting a new call waits until `ended`/`error` is out.
    if (this.#announcingEnd) {
      return new Promise((resolve) => queueMicrotask(() => resolve(this.start(target, options))));
    }
    const microphone = options.microphone !== false;
    if (isActive(this.#state)) return this.#call?.settled;
    if (!target.publicId) throw new TypeError('voice-agent: a call needs a public-id');
    this.transcript.clear();
    this.stats = freshStats();
    let audio: { source: FrameSource | null; sink: AudioSink };
    try {
      audio = this.#options.createAudio({ microphone });
    } catch (error) {
      this.#move('connecting');
      this.#move('error');
      this.emit('error', toCallError(error, 'SERVER_ERROR').toDetail());
      return;
    }
    const call = this.#newCall(target, microphone ? audio.source : null, audio.sink);
    this.#call = call;
    this.#ending = null;
    call.stopHints = this.#options.network.subscribe((online) => {
      if (call.finished) return;
      this.emit('network', { online });
      if (online) call.reconnector.online();
      else call.reconnector.offline();
    });
    this.#move('connecting');
    // A listener of that state change may have hung up already: then nothing is opened.
    if (call.finished) return call.settled;
    const audioReady = openCallAudio(call, !!options.microphoneGranted, {
      opened: () => this.#microphoneOpened(call),
      refused: (error) => this.#microphoneLost(call, error),
      failed: (error) => this.#fail(call, error),
    });
    void this.#setUp(call, audioReady);
    return call.settled;
  }

  /** Hangs up politely: sends `end`, waits for the service's `ended` (or a timeout), then `ended`. `reason`: the
   *  widget's own, said in `ended` whatever the service answers (another call started on the page). */
  end(reason?: string): Promise<void> {
    const call = this.#call;
    if (!call || call.finished || !isActive(this.#state)) return Promise.resolve();
    if (this.#ending) return this.#ending;
    if (reason) call.ownReason = reason;
    this.#ending = this.#hangUp(call);
    return this.#ending;
  }

  /** Sends a typed message in place of speech; stops the agent's current sentence. Throws unless the call is
   *  `live` (while `reconnecting` too: nothing typed is queued for a call that may not come back). */
  sendText(text: string): void {
    const call = this.#call;
    if (this.#state !== 'live' || !call?.link.isOpen) {
      throw new Error(`voice-agent: sendText needs a live call (the call is ${this.#state})`);
    }
    const message = typedText(text);
    if (!message) return;
    this.#flushPlayback(call);
    call.link.send(message);
  }

  /** The parts of one call, wired to this session. */
  #newCall(target: CallTarget, source: FrameSource | null, sink: AudioSink): Call {
    const handlers: IncomingHandlers = {
      ready: (message) => this.#onReady(call, message),
      transcript: ({ role, text, final }) => {
        // Audio and transcript share one ordered socket: the agent's final words follow its last audio.
        if (role === 'agent' && final) call.sink.utteranceEnded();
        this.emit('transcript', this.transcript.apply(role, text, final));
      },
      interrupted: () => {
        this.#flushPlayback(call);
        this.emit('interrupted', {});
      },
      tool: (detail) => this.emit('tool', detail),
      // The service's `ended` answers a hang-up, or, while live, ends the call itself.
      ended: () => (this.#state === 'live' ? this.#serverEnded(call) : call.onHangUpAnswer?.()),
    };
    const call: Call = new Call({
      source,
      sink,
      stats: this.stats,
      link: {
        ...this.#linkBase,
        target,
        visits: this.#visits.forCall(target),
        onMessage: (data) => {
          if (call === this.#call && !call.finished) takeMessage(call, this.#state, this.stats, data, handlers);
        },
        onClose: (code, reason) => this.#onClose(call, code, reason),
        onSilent: () => this.#dropped(call),
      },
      policy: this.#options.reconnect,
      network: this.#options.network,
      sending: () => this.#state === 'live',
      onStall: (stalled) => this.emit('uplink', { stalled }),
      onMicrophoneLost: () => this.#microphoneLost(call),
      onQuality: (detail) => this.emit('quality', detail),
      onLost: (error) => this.#fail(call, error),
    });
    call.uplink.muted = this.#muted;
    return call;
  }

  /** Set-up: the audio, a ticket and a socket, then `readyMs` for `ready`. Nothing is reconnected before it. */
  async #setUp(call: Call, audioReady: Promise<unknown>): Promise<void> {
    try {
      await audioReady;
      if (call.finished) return;
      const open = await call.link.open();
      // `ready` may already have come with the `open` (both can arrive in one task).
      if (!open || call.finished || this.#state !== 'connecting') return;
      call.link.awaitReady(() => {
        // Only a call still waiting for `ready`: one the service closed meanwhile is ending on its own.
        if (!call.finished && this.#state === 'connecting') this.#fail(call, new CallError('TIMEOUT', 'The call did not start in time.'));
      });
    } catch (error) {
      if (!call.finished) this.#fail(call, toCallError(error, 'SERVER_ERROR'));
    }
  }

  /** `ready` of the first socket, or of a reconnection (a new call on the service: new conversationId and
   *  maxSeconds; the transcript, its turn ids and the microphone go on). */
  #onReady(call: Call, message: ReadyMessage): void {
    const reconnected = this.#state === 'reconnecting';
    // The wait for `ready` and the give-up deadline end before anyone hears of it.
    call.link.ready(() => this.#state === 'live');
    if (reconnected) call.reconnector.back();
    call.startedAt = this.#options.clock();
    call.conversationId = message.conversationId;
    call.lastError = null;
    const agent = { ...message.agent, avatar: sanitizeAvatar(message.agent.avatar) };
    const detail: ReadyDetail = { conversationId: message.conversationId, maxSeconds: message.maxSeconds, agent };
    this.#move('live');
    this.emit('ready', detail);
    call.judgeQuality();
    // A microphone still opening joins the uplink when it is open; silence keeps the pace until then.
    call.microphone.live();
    call.settle();
  }

  /** The microphone is open: its frames go out from `ready` on (at once, when the call is already live). */
  #microphoneOpened(call: Call): void {
    if (!call.finished) call.microphone.opened(this.#state === 'live');
  }

  /** The line dropped after `ready` (a close that is not the end, or a dead link): the call waits in
   *  `reconnecting` while the Reconnector brings the line back, or ends it with CONNECTION_LOST. */
  #dropped(call: Call): void {
    if (call.finished || this.#state !== 'live') return;
    call.link.drop();
    call.uplink.stop();
    this.#closeTurns();
    this.transcript.markBreak();
    call.samples.reset();
    this.#move('reconnecting');
    void call.reconnector.dropped();
    call.assessQuality();
  }

  /** The microphone went away mid-call and no other device could take over, or it was refused (`refused`: why)
   *  beside the ticket or when taken back: the call goes on typed, and says why. A refusal before the socket is
   *  open fails the call as a refusal always has: nothing of it has begun (the ticket expires unused). */
  #microphoneLost(call: Call, refused?: CallError): void {
    if (call !== this.#call || call.finished || !call.microphone.held) return;
    if (refused && this.#state === 'connecting' && !call.link.isOpen) return this.#fail(call, refused);
    call.microphone.letGo();
    this.emit('microphone', { on: false, lost: true, ...(refused && { refused: refused.code }) });
  }

  /** The service ended the call: the agent may still be finishing its goodbye, so let it play first. */
  #serverEnded(call: Call): void {
    call.endReason ??= 'closed';
    this.#move('ending');
    call.microphone.close();
    call.uplink.stop();
    call.timers.after(this.#options.timeouts.drainMs, () => this.#finish(call));
    void call.sink.drained().catch(() => {}).then(() => this.#finish(call));
  }

  #onClose(call: Call, code: number, reason: string): void {
    if (call !== this.#call || call.finished) return;
    const state = this.#state;
    if (state === 'ending') return call.onHangUpAnswer?.();
    if (state === 'reconnecting') {
      // The service refused the new call (BUSY, QUOTA, the agent gone…): that is its answer.
      if (code === CloseCode.SETUP_FAILED || code === CloseCode.AGENT_GONE) {
        return this.#fail(call, closeError(code, reason, call.lastError));
      }
      return call.reconnector.attemptFailed();
    }
    if (code === CloseCode.NORMAL) return this.#serverEnded(call);
    if (state === 'live' && isReconnectable(code)) return this.#dropped(call);
    if (state === 'connecting' && code === CloseCode.INTERNAL_ERROR && !call.setupRetried) {
      call.setupRetried = true;
      call.link.drop();
      return void this.#setUp(call, Promise.resolve());
    }
    this.#fail(call, closeError(code, reason, call.lastError));
  }

  async #hangUp(call: Call): Promise<void> {
    const wasLive = this.#state === 'live';
    call.hangingUp = true;
    call.endReason ??= call.startedAt === null ? 'cancelled' : 'caller_hangup';
    this.#move('ending');
    call.microphone.close();
    call.uplink.stop();
    this.#flushPlayback(call);
    if (wasLive && call.link.isOpen) {
      await new Promise<void>((resolve) => {
        call.onHangUpAnswer = resolve;
        call.timers.after(this.#options.timeouts.endMs, resolve);
        call.link.send({ type: 'end' });
      });
    }
    this.#finish(call);
  }

  /** Ends the call as `ended`, with the service's figures when it sent them. */
  #finish(call: Call): void {
    if (call.finished || call !== this.#call) return;
    this.#conclude(call, 'ended', call.endedDetail(this.#options.clock()));
  }

  #fail(call: Call, error: CallError): void {
    if (call.finished || call !== this.#call) return;
    this.#conclude(call, 'error', error.toDetail());
  }

  /** Closes the open turns, releases the call and announces its final state and its `ended`/`error`. */
  #conclude<K extends 'ended' | 'error'>(call: Call, state: K, detail: SessionEventMap[K]): void {
    this.#closeTurns();
    call.release();
    this.#announcingEnd = true;
    try {
      this.#move(state);
      this.emit(state, detail);
    } finally {
      this.#announcingEnd = false;
    }
  }

  /** Every turn still open is closed (and told). */
  #closeTurns(): void {
    for (const detail of this.transcript.closeAll()) this.emit('transcript', detail);
  }

  #move(next: CallState): void {
    if (next === this.#state) return;
    if (!canMove(this.#state, next)) throw new Error(`voice-agent: no transition ${this.#state} → ${next}`);
    this.#state = next;
    this.emit('state', { state: next });
  }

  /** Stops the agent's voice now; a stray odd byte of the stopped audio must not shift the next. */
  #flushPlayback(call: Call): void {
    call.samples.reset();
    call.sink.flush();
  }
}
