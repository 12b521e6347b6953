// The page's side of a call that runs in a worker (call-host.ts): the same shape as CallSession, so the view
// cannot tell them apart. Here stays what needs the page: the visitor's gesture (the audio is opened in it and
// its processors handed to the worker), storage, the browser's online hints. Everything else is mirrored from
// the worker's messages: the state, the transcript (replayed into the same TranscriptTurns, so turn ids agree),
// every event, the counters, the levels. One worker per call, let go when the call is over.
import type { PlaybackStatus } from '../../worklets/messages.ts';
import type { MicrophoneInput, PipedAudio, PipedAudioRequest } from '../call/audio-ports.ts';
import { attempt } from '../call/attempt.ts';
import type { CallTarget } from '../call/connection.ts';
import { Emitter } from '../call/emitter.ts';
import { CallError, toCallError } from '../call/errors.ts';
import { browserNetworkHints, type NetworkHints } from '../call/network-hints.ts';
import type { SessionLike, StartOptions } from '../call/session-like.ts';
import { isActive } from '../call/state-machine.ts';
import { TranscriptTurns } from '../call/transcript.ts';
import { freshStats, type CallState, type SessionEventMap, type SessionStats } from '../call/types.ts';
import { typedText } from '../call/typed-text.ts';
import { agentKey, pageVisitStore, type VisitStore } from '../call/visit-store.ts';
import type { RememberMode } from '../call/visit-tokens.ts';
import type { MeterHost } from './meter-canvas.ts';
import type { CallWorker } from './page-worker.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface WorkerSessionOptions {
  /** A worker running call-worker.ts for the next call (or the page's stand-in: page-worker.ts), or null where
   *  none can be had now. */
  spawn: () => CallWorker | null;
  createAudio: (request: PipedAudioRequest) => PipedAudio;
  /** Microphone level, agent-voice level (RMS 0–1) and whether the agent speaks: at most 15 a second. */
  onLevels?: (input: number, output: number, agentSpeaking: boolean) => void;
  /** A typed text `sendText()` took could not go out after all (see FromWorker's `unsent`). */
  onUnsent?: (text: string) => void;
  network?: NetworkHints;
  visits?: VisitStore;
}


/** The parts of the call under way. */
interface WorkerCall {
  worker: CallWorker;
  audio: PipedAudio;
  /** Resolves once the call is live, or over (what start() returns). */
  started: Promise<void>;
  /** Resolves once the call is over (what end() returns). */
  over: Promise<void>;
  settle: { started: () => void; over: () => void };
  stopHints: () => void;
  finished: boolean;
  /** The output's latency, read when the worker asks (see AudioPipe.playback). */
  outputLatencyMs: () => number;
  /** Where the page hands this call's meters over, to be drawn in its worker. */
  meters: MeterHost;
  /** Bumped by each open and let-go of the microphone: the answer to an open overtaken by another is not sent. */
  microphoneTurn: number;
}

export class WorkerSession extends Emitter<SessionEventMap> implements SessionLike {
  readonly transcript = new TranscriptTurns();
  stats: SessionStats = freshStats();
  /** The agent voice's playback, as the worker last reported it (null before a call has audio). */
  playback: PlaybackStatus | null = null;
  #state: CallState = 'idle';
  #call: WorkerCall | null = null;
  #muted = false;
  #remember: RememberMode = 'visit';
  #microphone = false;
  /** A microphone is open (its track live) for the call under way. */
  #microphoneHeld = false;
  /** What the visitor typed, until the service echoes it as their turn (spec §6.2): that turn is marked typed. */
  #typed: string[] = [];
  #ending: Promise<void> | null = null;
  readonly #network: NetworkHints;
  readonly #visits: VisitStore;
  readonly #options: WorkerSessionOptions;

  constructor(options: WorkerSessionOptions) {
    super();
    this.#options = options;
    this.#network = options.network ?? browserNetworkHints();
    this.#visits = options.visits ?? pageVisitStore();
  }

  get state(): CallState {
    return this.#state;
  }

  get muted(): boolean {
    return this.#muted;
  }
  set muted(muted: boolean) {
    this.#muted = muted;
    this.#send({ type: 'muted', muted });
  }

  get remember(): RememberMode {
    return this.#remember;
  }
  set remember(remember: RememberMode) {
    this.#remember = remember;
    this.#send({ type: 'remember', remember });
  }

  get microphone(): boolean {
    return this.#microphone;
  }

  /** A microphone is open for the call under way (its track live): `stats.microphone`. */
  get microphoneHeld(): boolean {
    return this.#microphoneHeld;
  }

  /** The visitor types instead (`false`: the microphone is let go here at once, its tracks stopped) or talks again
   *  (`true`: asked for here, in their gesture, before anything is awaited). Only while live or reconnecting. */
  setMicrophone(on: boolean): void {
    const call = this.#call;
    const source = call?.audio.source;
    if (!call || !source || on === this.#microphone || (this.#state !== 'live' && this.#state !== 'reconnecting')) return;
    this.#microphone = on;
    call.microphoneTurn++;
    // The host hears first: the capture port of a microphone asked for now goes to the source it makes for it.
    this.#send({ type: 'microphone', on });
    if (on) this.#openMicrophone(call, source);
    else this.#closeMicrophone(call);
  }

  get offline(): boolean {
    return !this.#network.online;
  }

  /** Where the page hands the meters of the call under way over to its worker; null between calls, and where the
   *  call's host is on the page. */
  get meterHost(): MeterHost | null {
    const call = this.#call;
    return call && !call.finished && !call.worker.onPage ? call.meters : null;
  }

  start(target: CallTarget, options: StartOptions = {}): Promise<void> {
    if (isActive(this.#state)) return this.#call?.started ?? Promise.resolve();
    if (!target.publicId) throw new TypeError('voice-agent: a call needs a public-id');
    const microphone = options.microphone !== false;
    this.transcript.clear();
    this.#typed = [];
    this.stats = freshStats();
    this.playback = null;
    this.#ending = null;
    const worker = this.#options.spawn();
    let audio: WorkerCall['audio'];
    let outputLatencyMs = () => 0;
    try {
      if (!worker) throw new CallError('LOAD_FAILED', 'The call could not start its worker.');
      const send = (message: ToWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
      // In the visitor's gesture: the audio opens here, its processors go to the worker as they come.
      audio = this.#options.createAudio({
        microphone,
        pipe: {
          capture: (port) => send({ type: 'capture-port', port }, [port]),
          playback: (port, latency) => {
            outputLatencyMs = latency;
            send({ type: 'playback-port', port }, [port]);
          },
        },
      });
    } catch (error) {
      worker?.terminate();
      this.#move('connecting');
      this.#move('error');
      this.emit('error', toCallError(error, 'SERVER_ERROR').toDetail());
      return Promise.resolve();
    }
    const settle = { started: () => {}, over: () => {} };
    const meters: MeterHost = {
      draw: (name, canvas, look) => worker.postMessage({ type: 'meter', name, canvas, look } satisfies ToWorker, [canvas]),
      restyle: (name, look) => worker.postMessage({ type: 'meter-look', name, look } satisfies ToWorker),
    };
    const call: WorkerCall = {
      worker, audio, settle, meters, stopHints: () => {}, finished: false, outputLatencyMs: () => outputLatencyMs(), microphoneTurn: 0,
      started: new Promise<void>((resolve) => (settle.started = resolve)),
      over: new Promise<void>((resolve) => (settle.over = resolve)),
    };
    this.#call = call;
    this.#microphone = microphone;
    this.#microphoneHeld = false;
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.#receive(call, event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(call);
    };
    call.stopHints = this.#network.subscribe((online) => this.#send({ type: 'network', online }));
    this.#move('connecting');
    const remember = this.#remember;
    const visit = this.#visits.get(agentKey('visit', target.serverUrl, target.publicId), remember === 'visit');
    this.#send({
      type: 'start', target, microphone, microphoneGranted: !!options.microphoneGranted, remember, muted: this.#muted,
      online: this.#network.online,
      visit: typeof visit === 'string' ? visit : undefined,
    });
    if (microphone) this.#openMicrophone(call, audio.source!);
    attempt(() => audio.sink.open((error) => this.#send({ type: 'sink-failed', error: error.toDetail() }))).then(
      () => this.#send({ type: 'sink-opened' }),
      (error: unknown) => this.#send({ type: 'sink-opened', error: toCallError(error, 'AUDIO_UNSUPPORTED').toDetail() }),
    );
    return call.started;
  }

  /** Opens the microphone now (in the visitor's gesture) and tells the call's host how it went, unless it was let go
   *  or asked for again meanwhile. */
  #openMicrophone(call: WorkerCall, source: MicrophoneInput): void {
    const turn = call.microphoneTurn;
    attempt(() => source.open()).then(
      () => {
        if (turn !== call.microphoneTurn || call.finished) return;
        this.#microphoneHeld = true;
        this.#send({ type: 'source-opened' });
      },
      (error: unknown) => {
        if (turn === call.microphoneTurn) this.#send({ type: 'source-opened', error: toCallError(error, 'AUDIO_UNSUPPORTED').toDetail() });
      },
    );
  }

  /** Lets go of the microphone: its tracks are stopped, the browser's recording indicator goes off. */
  #closeMicrophone(call: WorkerCall): void {
    this.#microphoneHeld = false;
    call.audio.source?.close();
  }

  end(reason?: string): Promise<void> {
    const call = this.#call;
    if (!call || !isActive(this.#state)) return Promise.resolve();
    if (this.#ending) return this.#ending;
    // The microphone is let go at once, here: a call started next on the page finds it free.
    this.#closeMicrophone(call);
    this.#send(reason ? { type: 'end', reason } : { type: 'end' });
    this.#ending = call.over;
    // Said here at once, as the session does: the page sees no call under way that could be adopted or shown
    // live while its host hears of the end.
    this.#move('ending');
    return this.#ending;
  }

  sendText(text: string): void {
    if (this.#state !== 'live') throw new Error(`voice-agent: sendText needs a live call (the call is ${this.#state})`);
    const message = typedText(text);
    if (!message) return;
    // The service echoes each at once; a few are kept in case it never does (a text the call no longer took).
    if (this.#typed.push(message.text) > 8) this.#typed.shift();
    this.#send(message);
  }

  forget(): void {
    this.#send({ type: 'forget' });
  }

  pageRestored(): void {
    this.#send({ type: 'page-restored' });
  }

  #send(message: ToWorker): void {
    this.#call?.worker.postMessage(message);
  }

  #receive(call: WorkerCall, message: FromWorker): void {
    if (call !== this.#call) return;
    switch (message.type) {
      case 'event':
        return this.#event(call, message);
      case 'stats':
        this.stats = message.stats;
        this.playback = message.playback;
        return;
      case 'levels':
        return this.#options.onLevels?.(message.input, message.output, message.speaking);
      case 'output-latency':
        return this.#send({ type: 'output-latency', ms: call.outputLatencyMs() });
      case 'source':
        if (message.op === 'close') return this.#closeMicrophone(call);
        return call.audio.source?.start((error) => this.#send({ type: 'source-failed', error: error.toDetail() }));
      case 'sink':
        return call.audio.sink.close();
      case 'visit':
        return this.#visits.put(message.key, message.visit, message.stored);
      case 'unsent':
        return this.#options.onUnsent?.(message.text);
    }
  }

  #event(call: WorkerCall, message: Extract<FromWorker, { type: 'event' }>): void {
    switch (message.name) {
      case 'state': {
        const { state } = message.detail;
        if (state === this.#state) return; // `connecting` was said here already, in the gesture
        if (this.#state === 'ending' && isActive(state)) return; // said before the host heard end()
        if (state === 'reconnecting') this.transcript.markBreak();
        this.#move(state);
        if (state === 'live') call.settle.started();
        return;
      }
      case 'transcript': {
        const { role, text, final } = message.detail;
        const detail = this.transcript.apply(role, text, final);
        const echo = role === 'user' && final ? this.#typed.indexOf(text) : -1;
        if (echo >= 0) {
          this.#typed.splice(echo, 1);
          this.transcript.all.find((turn) => turn.id === detail.turnId)!.typed = true;
        }
        return this.emit('transcript', detail);
      }
      case 'microphone':
        // Let go or taken back from here already; only a microphone lost or refused is news.
        if (message.detail.lost) this.#microphone = this.#microphoneHeld = false;
    }
    this.emit(message.name, message.detail as never);
    if (message.name === 'ended' || message.name === 'error') this.#finished(call);
  }

  /** The worker died (it could not load, or crashed): the call ends here with `error`. */
  #fail(call: WorkerCall): void {
    if (call !== this.#call || !isActive(this.#state)) return;
    this.#move('error');
    this.emit('error', new CallError('LOAD_FAILED', 'The call’s worker failed.').toDetail());
    this.#finished(call);
  }

  /** The call is over: its audio and its worker are let go. */
  #finished(call: WorkerCall): void {
    if (call.finished) return;
    call.finished = true;
    call.stopHints();
    this.#closeMicrophone(call);
    call.audio.sink.close();
    call.worker.onmessage = call.worker.onerror = null;
    call.worker.terminate();
    call.settle.started();
    call.settle.over();
  }

  #move(next: CallState): void {
    if (next === this.#state) return;
    this.#state = next;
    this.emit('state', { state: next });
  }
}
