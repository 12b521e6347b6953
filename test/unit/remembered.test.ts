// What the widget keeps for the visit (src/ui/internal/remembered.ts): a value put under one key is not the
// answer for another (one widget reused for another agent shows that agent's face, not the last one's).
import { expect, it } from 'vitest';
import { Remembered } from '../../src/ui/internal/remembered.ts';
import { MemoryStorage } from '../fakes.ts';

const asText = (value: unknown) => (typeof value === 'string' ? value : null);

it('answers for the key it is asked under, on the page and in storage', () => {
  let agent = 'a';
  const storage = new MemoryStorage();
  const remembered = new Remembered(() => `voice-agent:agent:${agent}`, () => true, asText, storage);
  remembered.put('Amina');
  expect(remembered.get()).toBe('Amina');
  agent = 'b';
  expect(remembered.get()).toBeNull();
  remembered.put('Karim');
  agent = 'a';
  expect(remembered.get()).toBe('Amina'); // from storage
});

it('with nothing stored (remember="none"), keeps the page’s value for its own key only', () => {
  let agent = 'a';
  const remembered = new Remembered(() => `voice-agent:agent:${agent}`, () => false, asText, new MemoryStorage());
  remembered.put('Amina');
  expect(remembered.get()).toBe('Amina');
  agent = 'b';
  expect(remembered.get()).toBeNull();
});
