// The panel while the line drops and comes back, with the in-page fakes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanUp, goLive, mount, resetFakes, socket, sockets, AMINA } from './ui-harness.ts';

beforeEach(() => resetFakes());
afterEach(cleanUp);

describe('<voice-agent> reconnecting', () => {
  it('keeps the transcript with a marker, disables sending, keeps End call, then goes on', async () => {
    const element = await mount({ layout: 'inline', lang: 'en' });
    const errors: unknown[] = [];
    const states: string[] = [];
    element.addEventListener('voice-agent-error', (event) => errors.push((event as CustomEvent).detail));
    element.addEventListener('voice-agent-state', (event) => states.push((event as CustomEvent).detail.state));
    const readies: string[] = [];
    element.addEventListener('voice-agent-ready', (event) => readies.push((event as CustomEvent).detail.conversationId));
    await goLive(element);
    socket().receive({ type: 'transcript', role: 'agent', text: 'Marhba, kifach n3awnek?', final: true });
    await element.updateComplete;
    const input = element.$<HTMLInputElement>('[part="message-input"]');
    input.value = 'half typed';

    socket().serverClose(1006);
    await element.updateComplete;
    expect(element.state).toBe('reconnecting');
    expect(element.getAttribute('state')).toBe('reconnecting');
    expect(element.$('[part="status"]').textContent).toContain('Line dropped, reconnecting');
    expect(element.$$('[part~="turn"]').map((li) => li.textContent)).toEqual([expect.stringContaining('Marhba')]);
    expect(element.$('[part="line-dropped"]').textContent).toContain('The line dropped here');
    expect(element.$<HTMLInputElement>('[part="message-input"]').disabled).toBe(true);
    expect(element.$<HTMLInputElement>('[part="message-input"]').value).toBe('half typed');
    expect(element.$<HTMLButtonElement>('[part="send-button"]').disabled).toBe(true);
    expect(element.$$('[part="end-button"]')).toHaveLength(1);
    expect(() => element.sendText('x')).toThrow(/reconnecting/);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(2);
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 120, agent: AMINA });
    await element.updateComplete;
    expect(element.state).toBe('live');
    expect(readies).toEqual(['c-1', 'c-2']);
    expect(element.$<HTMLInputElement>('[part="message-input"]').disabled).toBe(false);
    expect(element.$<HTMLInputElement>('[part="message-input"]').value).toBe('half typed');
    // The marker stays where the line dropped; new turns come after it.
    socket().receive({ type: 'transcript', role: 'agent', text: 'Rani hna.', final: true });
    await element.updateComplete;
    const items = element.$$('[part="transcript"] > li').map((li) => li.getAttribute('part'));
    expect(items).toEqual(['turn turn-agent', 'line-dropped', 'turn turn-agent']);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(errors).toEqual([]);
  });

  it('does not keep showing a tool that was running when the line dropped: the new call has none running', async () => {
    const element = await mount({ layout: 'inline', lang: 'en' });
    await goLive(element);
    socket().receive({ type: 'tool', name: 'check_calendar', status: 'running' });
    await element.updateComplete;
    expect(element.$$('[part="tool"]')).toHaveLength(1);
    expect(element.$('[part="status"]').getAttribute('data-activity')).toBe('thinking');

    socket().serverClose(1006); // its `done` never comes: that call is gone
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 120, agent: AMINA });
    await element.updateComplete;
    expect(element.state).toBe('live');
    expect(element.$$('[part="tool"]')).toHaveLength(0);
    expect(element.$('[part="status"]').getAttribute('data-activity')).toBe('listening');
  });

  it('says "offline" when the browser goes offline during a call, and stops saying it when back', async () => {
    const element = await mount({ layout: 'inline', lang: 'fr' });
    await goLive(element);
    expect(element.$$('[part="offline-notice"]')).toHaveLength(0);
    window.dispatchEvent(new Event('offline'));
    await element.updateComplete;
    expect(element.$('[part="offline-notice"]').textContent).toContain('hors ligne');
    expect(element.state).toBe('live');
    window.dispatchEvent(new Event('online'));
    await element.updateComplete;
    expect(element.$$('[part="offline-notice"]')).toHaveLength(0);
  });
});
