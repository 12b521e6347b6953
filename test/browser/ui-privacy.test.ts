// What the widget keeps about the visitor: the `remember` attribute and `forget()`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { okTicket } from '../fakes.ts';
import { cleanUp, endCall, goLive, mount, resetFakes } from './ui-harness.ts';

const visitKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('voice-agent:'));

beforeEach(() => {
  localStorage.clear();
  resetFakes(okTicket(1), okTicket(2));
});
afterEach(async () => {
  localStorage.clear();
  await cleanUp();
});

describe('<voice-agent> and the visitor’s privacy', () => {
  it('keeps the one-day visit token and the agent’s public identity by default, nothing the visitor said', async () => {
    const element = await mount({ layout: 'inline' });
    await goLive(element, { agent: { name: 'Amina', avatar: { from: '#0ea5e9' }, language: 'ar-DZ' } });
    element.sendText('my phone number is 0555 55 55 55');
    await endCall(element);
    expect(visitKeys().sort()).toEqual([
      'voice-agent:agent:https://service.test/|shop-42',
      'voice-agent:visit:https://service.test/|shop-42',
    ]);
    const stored = (key: string) => JSON.parse(localStorage.getItem(key)!);
    expect(Object.keys(stored('voice-agent:visit:https://service.test/|shop-42')).sort()).toEqual(['at', 'value']);
    expect(stored('voice-agent:agent:https://service.test/|shop-42')).toEqual({
      value: { name: 'Amina', avatar: { from: '#0ea5e9' }, language: 'ar-DZ' },
      at: expect.any(Number),
    });
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/phone|0555/);
    expect(document.cookie).toBe('');
  });

  it('remember="none" stores nothing', async () => {
    const element = await mount({ layout: 'inline', remember: 'none' });
    await goLive(element);
    await endCall(element);
    expect(visitKeys()).toEqual([]);
    expect(document.cookie).toBe('');
  });

  it('forget() removes what was stored', async () => {
    localStorage.setItem('host-page-key', 'kept');
    const element = await mount({ layout: 'inline' });
    await goLive(element);
    await endCall(element);
    expect(visitKeys()).toHaveLength(2); // the visit and the agent
    element.forget();
    expect(visitKeys()).toEqual([]);
    expect(localStorage.getItem('host-page-key')).toBe('kept');
  });
});
