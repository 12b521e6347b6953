// The screen stays on during a call (Screen Wake Lock): taken when live, let go at the end, on an error and
// when the page is hidden, taken again when it is shown during the call; never a throw where the API is
// missing or refuses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanUp, endCall, goLive, mount, resetFakes, say, socket, sockets } from './ui-harness.ts';

/** A WakeLockSentinel as the browser gives one: released by `release()` or, when the page hides, by the browser. */
class FakeSentinel extends EventTarget {
  readonly type = 'screen';
  released = false;
  onrelease: ((event: Event) => void) | null = null;
  release(): Promise<void> {
    if (!this.released) {
      this.released = true;
      this.dispatchEvent(new Event('release'));
    }
    return Promise.resolve();
  }
}

interface FakeWakeLock {
  request: ReturnType<typeof vi.fn<(type: string) => Promise<FakeSentinel>>>;
  sentinels: FakeSentinel[];
}

/** Puts a wake lock API on `navigator` (or none, with `undefined`); `answer` decides each request. */
function installWakeLock(answer: (sentinel: FakeSentinel) => Promise<FakeSentinel> = (s) => Promise.resolve(s)): FakeWakeLock {
  const fake: FakeWakeLock = {
    sentinels: [],
    request: vi.fn((_type: string) => {
      const sentinel = new FakeSentinel();
      fake.sentinels.push(sentinel);
      return answer(sentinel);
    }),
  };
  Object.defineProperty(navigator, 'wakeLock', { value: fake, configurable: true });
  return fake;
}

/** The page hidden or shown again; hiding drops any lock, as browsers do. */
function setVisibility(state: 'hidden' | 'visible', wakeLock?: FakeWakeLock): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
  if (state === 'hidden') for (const sentinel of wakeLock?.sentinels ?? []) void sentinel.release();
  document.dispatchEvent(new Event('visibilitychange'));
}

const held = (wakeLock: FakeWakeLock) => wakeLock.sentinels.filter((sentinel) => !sentinel.released);

beforeEach(async () => {
  resetFakes();
  await page.viewport(800, 700);
});
afterEach(async () => {
  for (const [target, key] of [[navigator, 'wakeLock'], [document, 'visibilityState'], [document, 'hidden']] as const) {
    Reflect.deleteProperty(target, key); // back to the browser's own
  }
  await cleanUp();
});

describe('the screen wake lock', () => {
  it('is taken once when the call is live, kept while it goes on, and let go when it ends', async () => {
    const wakeLock = installWakeLock();
    const el = await mount({ lang: 'fr' });
    el.show();
    await el.updateComplete;
    expect(wakeLock.request).not.toHaveBeenCalled();

    await goLive(el);
    await vi.waitFor(() => expect(held(wakeLock)).toHaveLength(1));
    expect(wakeLock.request).toHaveBeenCalledWith('screen');
    for (let i = 0; i < 5; i++) say('agent', `Phrase ${i}`, true);
    el.muted = true;
    await el.updateComplete;
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    expect(held(wakeLock)).toHaveLength(1);

    await endCall(el);
    expect(el.state).toBe('ended');
    await vi.waitFor(() => expect(held(wakeLock)).toHaveLength(0));
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
  });

  it('is let go when the call fails, and kept while the line is being found again', async () => {
    const wakeLock = installWakeLock();
    const el = await mount({ lang: 'ar' });
    await goLive(el);
    await vi.waitFor(() => expect(held(wakeLock)).toHaveLength(1));

    socket().serverClose(1006); // the line drops: reconnecting, still a call
    await el.updateComplete;
    expect(el.state).toBe('reconnecting');
    expect(held(wakeLock)).toHaveLength(1);

    await vi.waitFor(() => expect(sockets).toHaveLength(2)); // a fresh ticket, a new socket
    socket().open();
    socket().serverClose(4404); // the agent is gone: the call fails
    await el.updateComplete;
    expect(el.state).toBe('error');
    expect(held(wakeLock)).toHaveLength(0);
  });

  it('is let go while the page is hidden and taken again when it is shown during the call, not after', async () => {
    const wakeLock = installWakeLock();
    const el = await mount({ lang: 'en' });
    await goLive(el);
    await vi.waitFor(() => expect(held(wakeLock)).toHaveLength(1));

    setVisibility('hidden', wakeLock);
    await el.updateComplete;
    expect(held(wakeLock)).toHaveLength(0);
    expect(wakeLock.request).toHaveBeenCalledTimes(1); // not asked for while hidden

    setVisibility('visible', wakeLock);
    expect(wakeLock.request).toHaveBeenCalledTimes(2); // asked for in the event itself, not at the next render
    await vi.waitFor(() => expect(held(wakeLock)).toHaveLength(1));

    await endCall(el);
    setVisibility('hidden', wakeLock);
    setVisibility('visible', wakeLock);
    await el.updateComplete;
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    expect(held(wakeLock)).toHaveLength(0);
  });

  it('lets go at once of a lock granted after the call ended', async () => {
    let grant: () => void = () => undefined;
    const wakeLock = installWakeLock((sentinel) => new Promise((resolve) => (grant = () => resolve(sentinel))));
    const el = await mount({ lang: 'en' });
    await goLive(el);
    await vi.waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(1));
    await endCall(el);
    grant();
    await vi.waitFor(() => expect(wakeLock.sentinels[0]!.released).toBe(true));
  });

  it('lets go when the element leaves the page mid-call', async () => {
    const wakeLock = installWakeLock();
    const el = await mount({ lang: 'en' });
    await goLive(el);
    await vi.waitFor(() => expect(held(wakeLock)).toHaveLength(1));
    el.remove();
    expect(held(wakeLock)).toHaveLength(0);
  });
});

describe('where the screen cannot be kept on', () => {
  it('calls as usual without the API', async () => {
    Object.defineProperty(navigator, 'wakeLock', { value: undefined, configurable: true });
    const el = await mount({ lang: 'fr' });
    await goLive(el);
    expect(el.state).toBe('live');
    await endCall(el);
    expect(el.state).toBe('ended');
  });

  it('a refusal is not thrown and not asked again on every render, only once the page is shown again', async () => {
    const wakeLock = installWakeLock(() => Promise.reject(new DOMException('Wake lock refused', 'NotAllowedError')));
    const el = await mount({ lang: 'fr' });
    await goLive(el);
    await vi.waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(1));
    for (let i = 0; i < 5; i++) say('agent', `Phrase ${i}`, true);
    await el.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 50)); // the refusal settles; renders go on
    el.muted = true;
    await el.updateComplete;
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    expect(el.state).toBe('live');

    setVisibility('hidden');
    setVisibility('visible');
    await vi.waitFor(() => expect(wakeLock.request).toHaveBeenCalledTimes(2));
    expect(el.state).toBe('live');
  });

  it('a request that throws at once is not thrown into the page', async () => {
    const wakeLock = installWakeLock(() => {
      throw new TypeError('not supported here');
    });
    const el = await mount({ lang: 'fr' });
    await goLive(el);
    say('agent', 'Bonjour', true);
    await el.updateComplete;
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    expect(el.state).toBe('live');
  });
});

describe("Chromium's own Screen Wake Lock", () => {
  it('holds a real lock while the call is live and releases it after', async () => {
    const wakeLock = navigator.wakeLock;
    expect(wakeLock, 'this Chromium has navigator.wakeLock').toBeDefined();
    const sentinels: WakeLockSentinel[] = [];
    const failures: unknown[] = [];
    const request = wakeLock.request.bind(wakeLock);
    vi.spyOn(wakeLock, 'request').mockImplementation((type) =>
      request(type).then(
        (sentinel) => (sentinels.push(sentinel), sentinel),
        (error: unknown) => (failures.push(error), Promise.reject(error)),
      ),
    );
    const el = await mount({ lang: 'ar' });
    await goLive(el);
    await vi.waitFor(() => expect(sentinels.length + failures.length).toBe(1));
    expect(failures).toEqual([]);
    expect(sentinels[0]!.released).toBe(false);
    await endCall(el);
    await vi.waitFor(() => expect(sentinels[0]!.released).toBe(true));
    vi.restoreAllMocks();
  });
});
