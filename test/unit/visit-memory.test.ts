// What the widget keeps for the visit (src/call/visit-store.ts, read through src/ui/internal/visit-memory.ts):
// one store for the visit tokens, the consent, the last agent and the language; per agent where it belongs
// to an agent; in the page's memory when storage refuses or `remember="none"`; and what earlier versions
// stored is still read.
import { describe, expect, it } from 'vitest';
import { VISIT_TTL_MS, VisitStore } from '../../src/call/visit-store.ts';
import { VisitTokens } from '../../src/call/visit-tokens.ts';
import { VisitMemory } from '../../src/ui/internal/visit-memory.ts';
import { MemoryStorage } from '../fakes.ts';

const A = { serverUrl: 'https://service.test', publicId: 'sales' };
const B = { serverUrl: 'https://service.test', publicId: 'support' };
const AMINA = { name: 'Amina', avatar: { from: '#0a7', to: 'navy' }, language: 'ar' };

function memoryFor(store: VisitStore, agent = A, remembers = true) {
  let current = agent;
  const memory = new VisitMemory(() => current, () => remembers, store);
  return { memory, switchTo: (next: typeof A) => (current = next) };
}

describe('the consent notice', () => {
  it('accepted for one agent does not count for another, on the page or in storage', () => {
    for (const remembers of [true, false]) {
      const store = new VisitStore(new MemoryStorage());
      const a = memoryFor(store, A, remembers).memory;
      const b = memoryFor(store, B, remembers).memory;
      a.acceptConsent();
      expect(a.consentAccepted).toBe(true);
      expect(b.consentAccepted).toBe(false);
    }
  });

  it('is kept for the visit (a day) in storage, and for this page only with remember="none"', () => {
    let now = 0;
    const storage = new MemoryStorage();
    memoryFor(new VisitStore(storage, () => now)).memory.acceptConsent();
    now = VISIT_TTL_MS - 1;
    expect(memoryFor(new VisitStore(storage, () => now)).memory.consentAccepted).toBe(true); // the next page load
    now = VISIT_TTL_MS;
    expect(memoryFor(new VisitStore(storage, () => now)).memory.consentAccepted).toBe(false);

    const unstored = new MemoryStorage();
    const here = new VisitStore(unstored);
    memoryFor(here, A, false).memory.acceptConsent();
    expect(memoryFor(here, A, false).memory.consentAccepted).toBe(true); // another widget on this page
    expect(unstored.map.size).toBe(0);
    expect(memoryFor(new VisitStore(unstored), A, false).memory.consentAccepted).toBe(false);
  });
});

describe('the agent and the language', () => {
  it('answer for the agent they are asked under, on the page and in storage', () => {
    const storage = new MemoryStorage();
    const { memory, switchTo } = memoryFor(new VisitStore(storage));
    memory.lastAgent = AMINA;
    expect(memory.lastAgent?.name).toBe('Amina');
    switchTo(B);
    expect(memory.lastAgent).toBeNull();
    memory.lastAgent = { ...AMINA, name: 'Karim' };
    switchTo(A);
    expect(memoryFor(new VisitStore(storage)).memory.lastAgent?.name).toBe('Amina'); // from storage
  });

  it('check what storage gives back: a broken agent or an unknown language is not used', () => {
    const storage = new MemoryStorage();
    storage.setItem('voice-agent:agent:https://service.test|sales', JSON.stringify({ value: { name: 42 }, at: Date.now() }));
    storage.setItem('voice-agent:lang', JSON.stringify({ value: 'xx', at: Date.now() }));
    const { memory } = memoryFor(new VisitStore(storage));
    expect(memory.lastAgent).toBeNull();
    expect(memory.chosenLang).toBeNull();
    memory.chosenLang = 'fr';
    expect(memoryFor(new VisitStore(storage)).memory.chosenLang).toBe('fr');
  });
});

describe('one store', () => {
  it('reads what earlier versions stored: a token as {visit, issuedAt}, a consent as its time', () => {
    const storage = new MemoryStorage();
    const now = Date.now();
    storage.setItem('voice-agent:visit:https://service.test|sales', JSON.stringify({ visit: 'v-old', issuedAt: now - 1000 }));
    storage.setItem('voice-agent:consent:https://service.test|sales', String(now - 1000));
    storage.setItem('voice-agent:agent:https://service.test|sales', JSON.stringify({ value: AMINA, at: now - 1000 }));
    storage.setItem('voice-agent:lang', JSON.stringify({ value: 'en', at: now - 1000 }));
    const store = new VisitStore(storage);
    const { memory } = memoryFor(store);
    expect(memory.consentAccepted).toBe(true);
    expect(memory.lastAgent?.name).toBe('Amina');
    expect(memory.chosenLang).toBe('en');
    expect(new VisitTokens(store, () => 'visit').forCall(A).get()).toBe('v-old');
    // An old consent older than a day is not taken.
    storage.setItem('voice-agent:consent:https://service.test|support', String(now - VISIT_TTL_MS));
    expect(memoryFor(new VisitStore(storage), B).memory.consentAccepted).toBe(false);
  });

  it('keeps everything in the page’s memory when storage throws', () => {
    const throwing = {
      getItem: () => { throw new DOMException('denied', 'SecurityError'); },
      setItem: () => { throw new DOMException('full', 'QuotaExceededError'); },
      removeItem: () => { throw new DOMException('denied', 'SecurityError'); },
    };
    const store = new VisitStore(throwing);
    const { memory } = memoryFor(store);
    memory.acceptConsent();
    memory.lastAgent = AMINA;
    memory.chosenLang = 'ar';
    const keeper = new VisitTokens(store, () => 'visit').forCall(A);
    keeper.put('v-1');
    expect([memory.consentAccepted, memory.lastAgent?.name, memory.chosenLang]).toEqual([true, 'Amina', 'ar']);
    expect(new VisitTokens(store, () => 'visit').forCall(A).get()).toBe('v-1');
    expect(() => memory.forget()).not.toThrow();
    expect(memory.consentAccepted).toBe(false);
  });

  it('forget() removes every kind, for every agent, and leaves the page’s own keys', () => {
    const storage = new MemoryStorage();
    storage.setItem('page-own-key', 'kept');
    const store = new VisitStore(storage);
    const a = memoryFor(store).memory;
    const b = memoryFor(store, B).memory;
    a.acceptConsent();
    b.lastAgent = AMINA;
    a.chosenLang = 'fr';
    new VisitTokens(store, () => 'visit').forCall(A).put('v-1');
    expect(storage.map.size).toBe(5);
    a.forget();
    expect([...storage.map.keys()]).toEqual(['page-own-key']);
    expect([a.consentAccepted, b.lastAgent, a.chosenLang]).toEqual([false, null, null]);
  });
});
