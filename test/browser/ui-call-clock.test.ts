// The panel's call clock against what the service says of the call's length: it restarts
// with each reconnection (a new call on the service, with its own `maxSeconds`), and a hostile `maxSeconds`
// never shows a countdown of months.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AMINA, cleanUp, goLive, mount, resetFakes, socket, sockets, text, type UiTestAgent } from './ui-harness.ts';

beforeEach(() => resetFakes());
afterEach(cleanUp);

const timer = (el: UiTestAgent) => el.$('[part="timer"]');
const shown = (el: UiTestAgent) =>
  `${text(timer(el).querySelector('.elapsed'))} | ${text(timer(el).querySelector('.left'))}`;

describe('<voice-agent> call clock', () => {
  it('restarts the elapsed time and the time left from the new `ready` after a reconnection', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    // Faked after mounting: the session keeps the real clock it was built with for its own timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    await goLive(el, { maxSeconds: 300 });
    await vi.advanceTimersByTimeAsync(100_000);
    await el.updateComplete;
    expect(shown(el)).toBe('1:40 | 3:20 left');

    socket().serverClose(1006);
    await el.updateComplete;
    expect(el.state).toBe('reconnecting');
    expect(el.$$('[part="timer"]')).toHaveLength(0); // no clock runs while the line is down
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(4_000); // the way back took 4 s
    socket().open();
    socket().receive({ type: 'ready', conversationId: 'c-2', maxSeconds: 120, agent: AMINA });
    await el.updateComplete;
    expect(el.state).toBe('live');
    expect(shown(el)).toBe('0:00 | 2:00 left');
    expect(timer(el).classList.contains('warning')).toBe(false);

    await vi.advanceTimersByTimeAsync(95_000);
    await el.updateComplete;
    expect(shown(el)).toBe('1:35 | 0:25 left');
    expect(timer(el).classList.contains('warning')).toBe(true);
  });

  it('shows at most a day left, whatever `maxSeconds` the service sends', async () => {
    const el = await mount({ lang: 'en', layout: 'inline' });
    await goLive(el, { maxSeconds: 999_999_999_999 });
    expect(el.state).toBe('live');
    expect(shown(el)).toBe('0:00 | 24:00:00 left');
  });
});
