// The call in the worker: one CallSession (the same as on the main thread: ticket, socket, state machine,
// messages, reconnection, liveness pings, the uplink's pace) with its audio on ports (port-audio.ts). The
// page's main thread hears what the view and the page need: every session event, the levels at most 15 times
// a second, and the counters as often.
import type { PlaybackStatus } from '../../worklets/messages.ts';
import { browserNetworkHints, type NetworkHints } from '../call/network-hints.ts';
import { CallSession } from '../call/session.ts';
import { silentMicrophone } from '../call/silent-microphone.ts';
import { Timers } from '../call/timers.ts';
import type { SessionEventMap } from '../call/types.ts';
import type { VisitValues } from '../call/visit-store.ts';
import { MeterCanvas, type MeterName } from './meter-canvas.ts';
import { PortSink, PortSource } from './port-audio.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** The worker's global scope, as far as the host uses it. */
export interface HostScope {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}

const EVENTS: (keyof SessionEventMap)[] = [
  'state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error', 'network', 'uplink', 'microphone', 'quality',
];

type Levels = { input: number; output: number; speaking: boolean };

/** Shortest time between two level messages: 15 a second. */
const LEVELS_MS = 1000 / 15;
/** Between two stats messages: the levels' pace. The page's `stats` (read synchronously there) are at most
 *  67 ms behind what the worker sent and played, and a talking call posts 15 of them a second, not 50. */
const STATS_MS = LEVELS_MS;

export class CallHost {
  #session: CallSession | null = null;
  #source: PortSource | null = null;
  #sink: PortSink | null = null;
  #online = true;
  readonly #networkListeners = new Set<() => void>();
  readonly #levels: Levels = { input: 0, output: 0, speaking: false };
  #levelsAt = -Infinity;
  #levelsTimer: ReturnType<typeof setTimeout> | null = null;
  /** The stats' pace and the levels' wait, let go together. */
  readonly #timers = new Timers();
  /** Whether the microphone sends only digital silence, from the capture processor's levels. */
  readonly #silence = silentMicrophone((silent) => this.#post({ type: 'event', name: 'silence', detail: { silent } }));
  /** The meters the page handed over: drawn here with each level message. */
  readonly #meters: Partial<Record<MeterName, MeterCanvas>> = {};
  readonly #scope: HostScope;

  constructor(scope: HostScope) {
    this.#scope = scope;
    scope.onmessage = (event) => this.#receive(event.data);
    this.#post({ type: 'hello' });
  }

  /** Lets the call go where no worker is terminated (a host on the page): the session ends, the timers stop. */
  close(): void {
    this.#scope.onmessage = null;
    void this.#session?.end();
    this.#timers.clearAll();
    this.#levelsTimer = null;
  }

  #post(message: FromWorker): void {
    this.#scope.postMessage(message);
  }

  #receive(message: ToWorker): void {
    const session = this.#session;
    switch (message.type) {
      case 'start':
        return this.#start(message);
      case 'end':
        return void session?.end(message.reason);
      case 'text':
        try {
          session?.sendText(message.text);
        } catch {
          // The page checked the call was live before sending; it was not by the time the text got here.
          this.#post({ type: 'unsent', text: message.text });
        }
        return;
      case 'muted':
        if (session) session.muted = message.muted;
        return;
      case 'remember':
        if (session) session.remember = message.remember;
        return;
      case 'forget':
        return session?.forget();
      case 'page-restored':
        return session?.pageRestored();
      case 'network':
        this.#online = message.online;
        return this.#networkListeners.forEach((changed) => changed());
      case 'microphone':
        if (!message.on) this.#source?.close(false); // the page let go already, and may be asking for the next one
        return session?.setMicrophone(message.on);
      case 'source-opened':
        return this.#source?.opened(message.error);
      case 'source-failed':
        return this.#source?.failed(message.error);
      case 'capture-port':
        return this.#source ? this.#source.attach(message.port) : message.port.close();
      case 'sink-opened':
        return this.#sink?.opened(message.error);
      case 'sink-failed':
        return this.#sink?.failed(message.error);
      case 'playback-port':
        return this.#sink ? this.#sink.attach(message.port) : message.port.close();
      case 'output-latency':
        return this.#sink?.outputLatency(message.ms);
      case 'meter':
        this.#meters[message.name] = new MeterCanvas(message.canvas, message.look);
        return this.#drawMeters();
      case 'meter-look': {
        const meter = this.#meters[message.name];
        if (meter) meter.look = message.look;
        return;
      }
    }
  }

  #start(message: Extract<ToWorker, { type: 'start' }>): void {
    if (this.#session) return; // one call per worker
    const post = (out: FromWorker) => this.#post(out);
    const session = new CallSession({
      createAudio: ({ microphone }) => {
        const sink = new PortSink(post);
        sink.onStatus = (status) => this.#playbackStatus(status);
        this.#sink = sink;
        return { source: microphone ? this.#newSource() : (this.#source = null), sink };
      },
      createMicrophone: () => this.#newSource(),
      visits: this.#visits(message.visit),
      network: this.#network(),
    });
    this.#session = session;
    this.#online = message.online;
    session.remember = message.remember;
    session.muted = message.muted;
    for (const name of EVENTS) {
      session.on(name, (detail) => {
        if (name === 'state') this.#postStats();
        this.#post({ type: 'event', name, detail } as FromWorker);
      });
    }
    this.#timers.every(STATS_MS, () => this.#postStats());
    void session.start(message.target, { microphone: message.microphone, microphoneGranted: message.microphoneGranted });
  }

  /** The call's (next) microphone, on the capture port the page hands over next: its levels are the input meter's,
   *  and tell whether it sends only silence (counted while live, unmuted and the agent quiet). */
  #newSource(): PortSource {
    const source = (this.#source = new PortSource((out) => this.#post(out)));
    source.onLevel = ({ rms, peak }) => {
      this.#setLevels({ input: rms });
      const session = this.#session;
      this.#silence(peak, session?.state === 'live' && !session.muted && !this.#levels.speaking);
    };
    return source;
  }

  /** Sends the counters; false once the call is over (nothing will change any more). */
  #postStats(): boolean {
    const session = this.#session;
    if (!session) return false;
    this.#post({ type: 'stats', stats: { ...session.stats }, playback: this.#sink?.status ?? null });
    return session.state !== 'ended' && session.state !== 'error';
  }

  #playbackStatus(status: PlaybackStatus): void {
    this.#setLevels({ output: status.drained ? 0 : status.rms, speaking: !status.drained });
  }

  /** Levels reach the main thread at most 15 times a second: the latest values, never a queue of them. */
  #setLevels(levels: Partial<Levels>): void {
    Object.assign(this.#levels, levels);
    if (this.#levelsTimer !== null) return;
    const wait = this.#levelsAt + LEVELS_MS - performance.now();
    this.#levelsTimer = this.#timers.after(Math.max(0, wait), () => {
      this.#levelsTimer = null;
      this.#levelsAt = performance.now();
      this.#post({ type: 'levels', ...this.#levels });
      this.#drawMeters();
    });
  }

  #drawMeters(): void {
    this.#meters.input?.draw(this.#levels.input);
    this.#meters.output?.draw(this.#levels.output);
  }

  /** The page's store of the visit, seen from here: the token it gave for the first ticket, and each new token
   *  the service gives sent back to it (forget() is the page's own). */
  #visits(initial: string | undefined): VisitValues {
    let latest = initial;
    return {
      get: () => latest,
      put: (key, value, stored) => {
        latest = value as string;
        this.#post({ type: 'visit', key, visit: latest, stored });
      },
      forget: () => (latest = undefined),
      forgetAll: () => (latest = undefined),
    };
  }

  /** The browser's online hints: the main thread's, relayed, and the worker's own where it has them. Offline
   *  when either says so: a socket the network cut may close here before the page's `offline` is relayed. */
  #network(): NetworkHints {
    const own = browserNetworkHints(this.#scope);
    const online = () => this.#online && own.online;
    return {
      get online() {
        return online();
      },
      subscribe: (listener) => {
        let last = online();
        const changed = () => {
          if (online() !== last) listener((last = online()));
        };
        this.#networkListeners.add(changed);
        const stopOwn = own.subscribe(changed);
        return () => {
          this.#networkListeners.delete(changed);
          stopOwn();
        };
      },
    };
  }
}
