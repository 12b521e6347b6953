// Type instead and Talk instead across the page and the call's host (src/worker/worker-session.ts, call-host.ts):
// the page lets go of the microphone at once, or asks for it in the visitor's gesture, and the host's session
// follows on the same socket; the host says when the microphone sends only digital silence. The host runs on the
// page's own thread here (page-worker.ts): the same messages as a worker's.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CallError } from '../../src/call/errors.ts';
import type { SessionEventMap } from '../../src/call/types.ts';
import { VisitStore } from '../../src/call/visit-store.ts';
import { CallHost } from '../../src/worker/call-host.ts';
import { pageWorker } from '../../src/worker/page-worker.ts';
import { WorkerSession } from '../../src/worker/worker-session.ts';
import { FakeMicrophone, FakeSpeaker } from '../fake-piped-audio.ts';
import { FakeNetwork, FakeSocket, MemoryStorage, okTicket, scriptedFetch } from '../fakes.ts';

let sockets: FakeSocket[];
let fetch: ReturnType<typeof scriptedFetch>;

beforeEach(() => {
  sockets = [];
  fetch = scriptedFetch(okTicket(1), okTicket(2));
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal(
    'WebSocket',
    class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A call live on the host, with a fake microphone and speaker on the page. */
async function liveCall(options: { microphone?: boolean } = {}) {
  const source = new FakeMicrophone();
  const sink = new FakeSpeaker();
  const session = new WorkerSession({
    spawn: () => pageWorker(CallHost),
    createAudio: ({ pipe }) => {
      source.pipeTo(pipe);
      sink.pipeTo(pipe);
      return { source, sink };
    },
    network: new FakeNetwork(),
    visits: new VisitStore(new MemoryStorage()),
  });
  const heard: { name: keyof SessionEventMap; detail: unknown }[] = [];
  for (const name of ['microphone', 'silence', 'state'] as const) session.on(name, (detail) => heard.push({ name, detail }));
  const started = session.start({ serverUrl: 'https://service.test', publicId: 'shop-42' }, options);
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  sockets[0]!.open();
  sockets[0]!.receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina' } });
  await started;
  expect(session.state).toBe('live');
  const of = (name: keyof SessionEventMap) => heard.filter((e) => e.name === name).map((e) => e.detail);
  return { session, source, sink, socket: sockets[0]!, of };
}

/** Hangs up, the service answering as it does. */
async function hangUp(session: WorkerSession, socket: FakeSocket): Promise<void> {
  const ending = session.end();
  await vi.waitFor(() => expect(socket.sentJson).toContainEqual({ type: 'end' }));
  socket.receive({ type: 'ended', reason: 'caller_hangup', durationSeconds: 1, billedSeconds: 1, freeSeconds: 0, conversationId: 'c-1' });
  socket.serverClose(1000);
  await ending;
}

const nonSilentFrames = (socket: FakeSocket) => socket.sentBinary.filter((frame) => new Int16Array(frame).some((s) => s !== 0)).length;

it('Type instead lets go of the page’s microphone at once; Talk instead asks for it at once, on the same socket', async () => {
  const { session, source, socket, of } = await liveCall();
  await vi.waitFor(() => expect(session.microphoneHeld).toBe(true));
  session.setMicrophone(false);
  expect(source.closed).toBeGreaterThan(0); // in the press itself: the recording indicator goes off
  expect(session.microphone).toBe(false);
  expect(session.microphoneHeld).toBe(false);
  await vi.waitFor(() => expect(of('microphone')).toEqual([{ on: false }]));

  const opens = source.opened;
  session.setMicrophone(true);
  expect(source.opened).toBe(opens + 1); // asked for in the press, before anything is awaited
  expect(session.microphone).toBe(true);
  await vi.waitFor(() => expect(session.microphoneHeld).toBe(true));
  await vi.waitFor(() => expect(of('microphone')).toEqual([{ on: false }, { on: true }]));
  // Its frames reach the same socket once the 300 ms hold is over.
  await vi.waitFor(() => {
    source.frame(1200);
    expect(nonSilentFrames(socket)).toBeGreaterThan(0);
  }, { timeout: 3000, interval: 20 });
  expect(sockets).toEqual([socket]);
  expect(fetch.calls.filter((call) => call.url.endsWith('/call'))).toHaveLength(1);
  await hangUp(session, socket);
});

it('Type instead then Talk instead at once: the microphone asked for last stays open', async () => {
  const { session, source, socket, of } = await liveCall();
  await vi.waitFor(() => expect(session.microphoneHeld).toBe(true));
  session.setMicrophone(false);
  session.setMicrophone(true); // before the host has heard of the first
  const closed = source.closed;
  await vi.waitFor(() => expect(of('microphone')).toEqual([{ on: false }, { on: true }]));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(source.closed).toBe(closed); // the host's let-go of the first is not taken for one of this
  expect(source.isOpen).toBe(true);
  expect(session.microphoneHeld).toBe(true);
  await hangUp(session, socket);
});

it('a refusal when taken back leaves the call typed, and says why', async () => {
  const { session, source, socket, of } = await liveCall({ microphone: false });
  expect(session.microphone).toBe(false);
  source.openError = new CallError('MIC_DENIED', 'Permission denied.');
  session.setMicrophone(true);
  await vi.waitFor(() => expect(of('microphone')).toContainEqual({ on: false, lost: true, refused: 'MIC_DENIED' }));
  expect(session.microphone).toBe(false);
  expect(session.microphoneHeld).toBe(false);
  expect(session.state).toBe('live');
  await hangUp(session, socket);
});

it('says a microphone that sends only digital silence for 4 s, and clears when a signal comes', async () => {
  const { session, source, socket, of } = await liveCall();
  await vi.waitFor(() => expect(source.isOpen).toBe(true));
  const reports = (seconds: number, peak = 0) => {
    for (let i = 0; i < seconds * 30; i++) source.level(peak);
  };
  reports(3.9);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(of('silence')).toEqual([]);
  reports(0.2);
  await vi.waitFor(() => expect(of('silence')).toEqual([{ silent: true }]));
  reports(1 / 30, 0.01);
  await vi.waitFor(() => expect(of('silence')).toEqual([{ silent: true }, { silent: false }]));
  // Muted, it does not count.
  session.muted = true;
  reports(6);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(of('silence')).toEqual([{ silent: true }, { silent: false }]);
  await hangUp(session, socket);
});
