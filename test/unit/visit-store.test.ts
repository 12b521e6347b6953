import { describe, expect, it } from 'vitest';
import { VISIT_TTL_MS, VisitStore } from '../../src/call/visit-store.ts';
import { MemoryStorage, okTicket, scriptedFetch } from '../fakes.ts';
import { harness, target } from './session-harness.ts';

describe('visit token', () => {
  it('is stored after a ticket and sent with the next one', async () => {
    const storage = new MemoryStorage();
    const h = harness({ storage, fetch: scriptedFetch(okTicket(1), okTicket(2)) });
    await h.goLive();
    const ending = h.session.end();
    h.socket.serverClose(1000);
    await ending;
    await h.goLive();
    expect(h.fetch.calls.map((c) => c.body)).toEqual([{}, { visit: 'visit-1' }]);
  });

  it('is not sent once a day old, and is kept per service and public id', () => {
    let now = 1_000_000;
    const store = new VisitStore(new MemoryStorage(), () => now);
    store.put('https://a.test', 'one', 'v1');
    expect(store.get('https://a.test', 'one')).toBe('v1');
    expect(store.get('https://a.test', 'two')).toBeUndefined();
    expect(store.get('https://b.test', 'one')).toBeUndefined();
    now += VISIT_TTL_MS - 1;
    expect(store.get('https://a.test', 'one')).toBe('v1');
    now += 1;
    expect(store.get('https://a.test', 'one')).toBeUndefined();
  });

  it('keeps the first issue time when the service returns the same token', () => {
    let now = 0;
    const store = new VisitStore(new MemoryStorage(), () => now);
    store.put('s', 'p', 'v1');
    now = VISIT_TTL_MS / 2;
    store.put('s', 'p', 'v1');
    now = VISIT_TTL_MS;
    expect(store.get('s', 'p')).toBeUndefined();
    store.put('s', 'p', 'v2');
    expect(store.get('s', 'p')).toBe('v2');
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
    expect(h.fetch.calls[0]?.body).toEqual({});
  });
});
