import { describe, expect, it } from 'vitest';
import { agentKey, VISIT_TTL_MS, VisitStore } from '../../src/call/visit-store.ts';
import { MemoryStorage, okTicket, scriptedFetch, settle } from '../fakes.ts';
import { harness, readyMessage, target } from './session-harness.ts';

describe('visit token', () => {
  it('is stored after a ticket and sent with the next one', async () => {
    const storage = new MemoryStorage();
    const h = harness({ storage, fetch: scriptedFetch(okTicket(1), okTicket(2)) });
    await h.goLive();
    const ending = h.session.end();
    h.socket.serverClose(1000);
    await ending;
    await h.goLive();
    expect(h.fetch.calls.map((c) => c.body)).toEqual([undefined, { visit: 'visit-1' }]);
    // The first has no body and no JSON type: a CORS "simple" request, which a browser sends without a preflight.
    expect(h.fetch.calls.map((c) => c.contentType)).toEqual([null, 'application/json']);
  });

  it('is not sent once a day old, and is kept per service and public id', () => {
    let now = 1_000_000;
    const store = new VisitStore(new MemoryStorage(), () => now);
    const one = agentKey('visit', 'https://a.test', 'one');
    store.put(one, 'v1', true);
    expect(store.get(one, true)).toBe('v1');
    expect(store.get(agentKey('visit', 'https://a.test', 'two'), true)).toBeUndefined();
    expect(store.get(agentKey('visit', 'https://b.test', 'one'), true)).toBeUndefined();
    now += VISIT_TTL_MS - 1;
    expect(store.get(one, true)).toBe('v1');
    now += 1;
    expect(store.get(one, true)).toBeUndefined();
  });

  it('keeps the first issue time when the service returns the same token', () => {
    let now = 0;
    const store = new VisitStore(new MemoryStorage(), () => now);
    store.put('k', 'v1', true);
    now = VISIT_TTL_MS / 2;
    store.put('k', 'v1', true);
    now = VISIT_TTL_MS;
    expect(store.get('k', true)).toBeUndefined();
    store.put('k', 'v2', true);
    expect(store.get('k', true)).toBe('v2');
  });

  it('tolerates storage that is missing, throwing or holding garbage', async () => {
    const throwing = {
      getItem: () => { throw new DOMException('denied', 'SecurityError'); },
      setItem: () => { throw new DOMException('full', 'QuotaExceededError'); },
      removeItem: () => {},
    };
    for (const storage of [null, throwing]) {
      const h = harness({ storage });
      await h.goLive();
      expect(h.session.state).toBe('live');
    }
    const garbage = new MemoryStorage();
    garbage.setItem(`voice-agent:visit:${target.serverUrl}|${target.publicId}`, '{"visit":3');
    const h = harness({ storage: garbage });
    await h.goLive();
    expect(h.fetch.calls[0]?.body).toBeUndefined();
  });
});

describe('visitor privacy', () => {
  const hangUp = async (h: ReturnType<typeof harness>) => {
    const ending = h.session.end();
    h.socket.serverClose(1000);
    await ending;
  };
  const ticket = (n: number, visit: string) => ({ status: 200, body: { token: `t${n}`, wsUrl: 'wss://service.test/call', visit } });

  it('remember "none": nothing stored (an earlier token removed), the token kept in memory for this page only', async () => {
    const storage = new MemoryStorage();
    storage.setItem(`voice-agent:visit:${target.serverUrl}|${target.publicId}`, JSON.stringify({ visit: 'old', issuedAt: Date.now() }));
    const fetch = scriptedFetch(ticket(1, 'v-1'), ticket(2, 'v-2'), ticket(3, 'v-3'));
    const h = harness({ storage, fetch });
    h.session.remember = 'none';
    await h.goLive();
    expect(fetch.calls[0]!.body).toBeUndefined(); // the stored token is not read
    expect(storage.map.size).toBe(0);
    h.socket.serverClose(1006); // reconnection still carries the token
    await settle();
    expect(fetch.calls[1]!.body).toEqual({ visit: 'v-1' });
    h.socket.open();
    h.socket.receive(readyMessage);
    await hangUp(h);
    await h.goLive(); // a second call on the same page goes on with the visit
    expect(fetch.calls[2]!.body).toEqual({ visit: 'v-2' });
    await hangUp(h);
    expect(storage.map.size).toBe(0);

    // The next page load (a new session over the same storage) starts a new visit.
    const next = harness({ storage, fetch: scriptedFetch(ticket(9, 'v-9')) });
    next.session.remember = 'none';
    await next.goLive();
    expect(next.fetch.calls[0]!.body).toBeUndefined();
  });

  it('forget() removes every visit the widget stored, and the next call starts a new visit', async () => {
    const storage = new MemoryStorage();
    storage.setItem('voice-agent:visit:https://other.test|x', JSON.stringify({ visit: 'other', issuedAt: Date.now() }));
    storage.setItem('voice-agent:consent:https://other.test|x', '{"acceptedAt":1}');
    storage.setItem('page-own-key', 'kept');
    const h = harness({ storage, fetch: scriptedFetch(ticket(1, 'v-1'), ticket(2, 'v-2')) });
    await h.goLive();
    await hangUp(h);
    expect(storage.map.size).toBe(4);
    h.session.forget();
    expect([...storage.map.keys()]).toEqual(['page-own-key']);
    await h.goLive();
    expect(h.fetch.calls[1]!.body).toBeUndefined();
  });

  it('forget() during a call sticks: the call goes on with its own token, nothing is written for it again', async () => {
    const storage = new MemoryStorage();
    const h = harness({ storage, fetch: scriptedFetch(ticket(1, 'v-1'), ticket(2, 'v-2'), ticket(3, 'v-3')) });
    await h.goLive();
    expect(storage.map.size).toBe(1);
    h.session.forget();
    expect(storage.map.size).toBe(0);
    h.socket.serverClose(1006);
    await settle();
    // The reconnection continues the conversation under way (its token is in memory)…
    expect(h.fetch.calls[1]!.body).toEqual({ visit: 'v-1' });
    h.socket.open();
    h.socket.receive(readyMessage);
    expect(h.session.state).toBe('live');
    // …and writes nothing: the answer's token stays with this call.
    expect(storage.map.size).toBe(0);
    await hangUp(h);
    expect(storage.map.size).toBe(0);
    // The next call starts a new visit (which is remembered again: forget() is not an opt-out).
    await h.goLive();
    expect(h.fetch.calls[2]!.body).toBeUndefined();
    expect(JSON.parse(storage.getItem(`voice-agent:visit:${target.serverUrl}|${target.publicId}`)!).value).toBe('v-3');
  });

  it('never writes what the visitor says or types: only the visit token and its issue time', async () => {
    const storage = new MemoryStorage();
    const h = harness({ storage });
    await h.goLive();
    h.session.sendText('my card number is 4111 1111 1111 1111');
    h.socket.receive({ type: 'transcript', role: 'user', text: 'my address is 1 Main St', final: true });
    h.socket.receive({ type: 'transcript', role: 'agent', text: 'Noted.', final: true });
    h.source.frame(1234);
    await hangUp(h);
    expect([...storage.map.keys()]).toEqual([`voice-agent:visit:${target.serverUrl}|${target.publicId}`]);
    const stored = JSON.parse([...storage.map.values()][0]!);
    expect(Object.keys(stored).sort()).toEqual(['at', 'value']);
    expect(stored.value).toBe('visit-1');
  });
});
