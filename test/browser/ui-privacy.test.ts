// What the widget keeps about the visitor (issue 10 §6): the `remember` attribute and `forget()`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { okTicket } from '../fakes.ts';
import { cleanUp, endCall, goLive, mount, resetFakes } from './ui-harness.ts';

const visitKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('voice-agent:'));

beforeEach(() => {
  localStorage.clear();
  resetFakes(okTicket(1), okTicket(2));
});
afterEach(() => {
  localStorage.clear();
  cleanUp();
});

describe('<voice-agent> and the visitor’s privacy', () => {
  it('keeps the one-day visit token by default, and nothing else', async () => {
    const element = await mount({ layout: 'inline' });
    await goLive(element);
    element.sendText('my phone number is 0555 55 55 55');
    await endCall(element);
    expect(visitKeys()).toHaveLength(1);
    expect(Object.keys(JSON.parse(localStorage.getItem(visitKeys()[0]!)!)).sort()).toEqual(['issuedAt', 'visit']);
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
    expect(visitKeys()).toHaveLength(1);
    element.forget();
    expect(visitKeys()).toEqual([]);
    expect(localStorage.getItem('host-page-key')).toBe('kept');
  });
});
