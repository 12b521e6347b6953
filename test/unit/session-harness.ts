import type { ReconnectPolicy } from '../../src/call/reconnect-policy.ts';
import { CallSession, type Timeouts } from '../../src/call/session.ts';
import type { SessionEventMap } from '../../src/call/types.ts';
import { VisitStore, type KeyValueStorage } from '../../src/call/visit-store.ts';
import { FakeNetwork, FakeSink, FakeSocket, FakeSource, MemoryStorage, okTicket, scriptedFetch, settle, type TicketFetch } from '../fakes.ts';

export const target = { serverUrl: 'https://service.test', publicId: 'shop-42' };

export const readyMessage = {
  type: 'ready',
  conversationId: 'conv-1',
  maxSeconds: 300,
  agent: { name: 'Amina', avatar: { from: '#0a7', to: 'navy', url: 'https://cdn.test/a.png' }, language: 'ar' },
};

type EventName = keyof SessionEventMap;
const EVENT_NAMES: EventName[] = [
  'state', 'ready', 'transcript', 'interrupted', 'tool', 'ended', 'error', 'network', 'uplink', 'microphone', 'quality', 'silence',
];

export function harness(
  options: {
    fetch?: TicketFetch;
    storage?: KeyValueStorage | null;
    now?: () => number;
    clock?: () => number;
    timeouts?: Partial<Timeouts>;
    reconnect?: Partial<ReconnectPolicy>;
    /** Makes each socket (default: a FakeSocket). */
    socket?: (url: string) => FakeSocket;
  } = {},
) {
  const fetch = options.fetch ?? scriptedFetch(okTicket());
  const sockets: FakeSocket[] = [];
  const source = new FakeSource();
  const sink = new FakeSink();
  const storage = options.storage === undefined ? new MemoryStorage() : options.storage;
  const network = new FakeNetwork();
  const audioRequests: { microphone: boolean }[] = [];
  /** The microphones taken back mid-call (Talk instead), in order; `prepareTakeBack` readies each as it is made
   *  (a refusal, an open that waits). */
  const takenBack: FakeSource[] = [];
  let prepareTakeBack: (source: FakeSource) => void = () => {};
  const session = new CallSession({
    createAudio: (request) => {
      audioRequests.push(request);
      return { source, sink };
    },
    createMicrophone: () => {
      const taken = new FakeSource();
      prepareTakeBack(taken);
      takenBack.push(taken);
      return taken;
    },
    fetch,
    visits: new VisitStore(storage, options.now),
    // Tests time the call with the clock they give (under fake timers) unless they give a wall clock apart.
    clock: options.clock ?? options.now,
    timeouts: options.timeouts,
    reconnect: options.reconnect,
    network,
    createSocket: (url) => {
      const socket = options.socket?.(url) ?? new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const events: { name: EventName; detail: unknown }[] = [];
  for (const name of EVENT_NAMES) session.on(name, (detail) => events.push({ name, detail }));

  const of = <K extends EventName>(name: K) =>
    events.filter((e) => e.name === name).map((e) => e.detail as SessionEventMap[K]);

  return {
    session,
    fetch,
    sockets,
    source,
    sink,
    storage,
    network,
    audioRequests,
    takenBack,
    /** How each microphone taken back from now on is readied before it is asked for. */
    set prepareTakeBack(prepare: (source: FakeSource) => void) {
      prepareTakeBack = prepare;
    },
    events,
    of,
    states: () => of('state').map((d) => d.state),
    get socket(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
    /** Starts a call and brings it to `live`. */
    async goLive() {
      const started = session.start(target);
      await settle();
      this.socket.open();
      this.socket.receive(readyMessage);
      await started;
    },
  };
}
