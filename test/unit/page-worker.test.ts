// The call's host on the page's own thread (src/worker/page-worker.ts), where no worker may run: reached through a
// MessageChannel as a worker is, and let go by terminate() as a worker would be with its realm: the call it was
// running ends (the service hears `end`, and the socket is closed once it answers).
import { afterEach, expect, it, vi } from 'vitest';
import { CallHost } from '../../src/worker/call-host.ts';
import { pageWorker } from '../../src/worker/page-worker.ts';
import type { FromWorker } from '../../src/worker/protocol.ts';
import { FakeSocket, okTicket, scriptedFetch } from '../fakes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('says hello, runs a call behind the messages, and ends it on terminate()', async () => {
  const sockets: FakeSocket[] = [];
  vi.stubGlobal('fetch', scriptedFetch(okTicket(1)));
  vi.stubGlobal(
    'WebSocket',
    class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
  const worker = pageWorker(CallHost);
  const heard: FromWorker[] = [];
  worker.onmessage = (event) => heard.push(event.data);
  await vi.waitFor(() => expect(heard[0]).toEqual({ type: 'hello' }));

  worker.postMessage({
    type: 'start', target: { serverUrl: 'https://service.test', publicId: 'shop-42' }, microphone: false, microphoneGranted: false,
    remember: 'none', muted: false, online: true, visit: undefined,
  });
  worker.postMessage({ type: 'sink-opened' }); // the page opened the agent's voice in the gesture (a typed call: no microphone)
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0]!;
  socket.open();
  socket.receive({ type: 'ready', conversationId: 'c-1', maxSeconds: 300, agent: { name: 'Amina' } });
  await vi.waitFor(() => expect(heard).toContainEqual({ type: 'event', name: 'state', detail: { state: 'live' } }));
  const stats = () => heard.filter((message) => message.type === 'stats').length;
  await vi.waitFor(() => expect(stats()).toBeGreaterThan(2)); // the counters, 15 a second

  worker.terminate();
  expect(socket.sentJson).toContainEqual({ type: 'end' });
  socket.receive({ type: 'ended', reason: 'caller_hangup', durationSeconds: 1, billedSeconds: 1, freeSeconds: 0, conversationId: 'c-1' });
  await vi.waitFor(() => expect(socket.closedWith).toBe(1000));
});
