// What the simulator remembers of its visits stays bounded: visits kept, typed turns and characters
// per visit.
import { afterEach, describe, expect, it } from 'vitest';
import { rememberTyped, VisitStore, type Visit } from '../../demo/server/visits.ts';
import { closeAll, requestTicket, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

const DAY = 24 * 3_600_000;
const newVisit = (): Visit => new VisitStore(DAY, 10).resolve(undefined, 'demo', 0).visit;

describe('rememberTyped', () => {
  it('keeps the latest turns, up to the turn bound', () => {
    const visit = newVisit();
    for (let i = 1; i <= 30; i++) rememberTyped(visit, `message ${i}`, { maxTypedTurns: 20, maxTypedChars: 4000 });
    expect(visit.typed).toHaveLength(20);
    expect(visit.typed[0]).toBe('message 11');
    expect(visit.typed.at(-1)).toBe('message 30');
  });

  it('keeps the latest turns whose characters fit the character bound', () => {
    const visit = newVisit();
    for (let i = 0; i < 10; i++) rememberTyped(visit, String(i).repeat(1000), { maxTypedTurns: 20, maxTypedChars: 4000 });
    expect(visit.typed.map((t) => t[0])).toEqual(['6', '7', '8', '9']);
    rememberTyped(visit, 'short', { maxTypedTurns: 20, maxTypedChars: 4000 });
    expect(visit.typed.map((t) => t[0])).toEqual(['7', '8', '9', 's']);
    expect(visit.typed.join('').length).toBeLessThanOrEqual(4000);
  });

  it('cuts a single turn longer than the character bound', () => {
    const visit = newVisit();
    rememberTyped(visit, 'x'.repeat(50), { maxTypedTurns: 20, maxTypedChars: 10 });
    expect(visit.typed).toEqual(['x'.repeat(10)]);
  });
});

describe('VisitStore', () => {
  it('forgets the oldest visits past its bound, and keeps the recent ones', () => {
    const store = new VisitStore(DAY, 3);
    const tokens = [0, 1, 2, 3, 4].map((i) => store.resolve(undefined, 'demo', i).visit.token);
    expect(store.size).toBe(3);
    expect(store.get(tokens[0]!)).toBeUndefined();
    expect(store.get(tokens[1]!)).toBeUndefined();
    expect(store.resolve(tokens[4], 'demo', 10)).toMatchObject({ returning: true });
    expect(store.resolve(tokens[0], 'demo', 10)).toMatchObject({ returning: false });
  });

  it('forgets expired visits when a new one starts', () => {
    const store = new VisitStore(1000, 100);
    for (let i = 0; i < 50; i++) store.resolve(undefined, 'demo', i);
    store.resolve(undefined, 'demo', 1020); // visits made at 0…20 expired
    expect(store.size).toBe(30);
  });
});

describe('visits over the wire', () => {
  it('a visit forgotten past maxVisits starts a new one', async () => {
    const sim = await startTestSimulator({ limits: { maxVisits: 2 } });
    const first = await ticketFor(sim.url, 'demo-en');
    const again = async (visit: string) =>
      (await requestTicket(sim.url, 'demo-en', { body: JSON.stringify({ visit }), contentType: 'application/json' })).body.visit;
    expect(await again(first.visit)).toBe(first.visit);
    await ticketFor(sim.url, 'demo-en');
    await ticketFor(sim.url, 'demo-en');
    expect(await again(first.visit)).not.toBe(first.visit);
  });
});
