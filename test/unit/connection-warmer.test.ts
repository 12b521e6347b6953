// The connection to the service warmed at the visitor's interest (src/call/connection-warmer.ts), and the
// microphone's permission read then (src/audio/microphone-permission.ts).
import { describe, expect, it } from 'vitest';
import { MicrophonePermission } from '../../src/audio/microphone-permission.ts';
import { connectionWarmer, WARM_FOR_MS } from '../../src/call/connection-warmer.ts';
import { ticketUrl } from '../../src/call/ticket.ts';

function recordingFetch(answer: () => Promise<Response> = async () => new Response(null, { status: 200 })) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const WARM_UP: RequestInit = { method: 'OPTIONS', credentials: 'omit', cache: 'no-store' };
const agent = (serverUrl: string, publicId = 'shop') => ({ serverUrl, publicId });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('warming the connection to the service', () => {
  it('asks the ticket endpoint for OPTIONS: a CORS request in the ticket request’s credentials mode, no ticket', () => {
    const { fetch, calls } = recordingFetch();
    const warm = connectionWarmer(fetch, () => 0);
    warm(agent('https://voice.example/root'));
    warm(agent('https://other.example/', 'a b'));
    expect(calls).toEqual([
      { url: 'https://voice.example/root/api/agents/public/shop/call', init: WARM_UP },
      { url: 'https://other.example/api/agents/public/a%20b/call', init: WARM_UP },
    ]);
    // The very URL the ticket is asked for, and so its connection.
    expect(calls.map((c) => c.url)).toEqual([ticketUrl('https://voice.example/root', 'shop'), ticketUrl('https://other.example/', 'a b')]);
  });

  it('warms once per idle window, and again once the connection may have gone idle, or for another service', () => {
    const { fetch, calls } = recordingFetch();
    let now = 1000;
    const warm = connectionWarmer(fetch, () => now);
    warm(agent('https://voice.example'));
    now += WARM_FOR_MS - 1;
    warm(agent('https://voice.example'));
    expect(calls).toHaveLength(1);
    now += 1;
    warm(agent('https://voice.example'));
    expect(calls).toHaveLength(2);
    warm(agent('https://other.example'));
    expect(calls.map((c) => new URL(c.url).origin)).toEqual(['https://voice.example', 'https://voice.example', 'https://other.example']);
  });

  /** Warms, lets `answer` settle, then warms again once the first warm-up may have gone idle (and for `others`):
   *  how many warm-ups went out. */
  async function warmUpsAfter(answer: () => Promise<Response>, others: string[] = []): Promise<number> {
    const { fetch, calls } = recordingFetch(answer);
    let now = 0;
    const warm = connectionWarmer(fetch, () => now);
    warm(agent('https://voice.example'));
    await settled();
    now += WARM_FOR_MS;
    for (const serverUrl of ['https://voice.example', ...others]) warm(agent(serverUrl));
    return calls.length;
  }

  it('warms no more on this page once the service refused a warm-up (a CORS error) or answered it with an error', async () => {
    expect(await warmUpsAfter(() => Promise.reject(new TypeError('Failed to fetch')), ['https://other.example'])).toBe(1);
    expect(await warmUpsAfter(async () => new Response(null, { status: 405 }), ['https://other.example'])).toBe(1);
    expect(await warmUpsAfter(async () => new Response(null, { status: 204 }))).toBe(2);
  });

  it('never throws or rejects: a network error, a fetch that throws, no valid service URL, no agent', async () => {
    const failing = connectionWarmer(recordingFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch, () => 0);
    expect(() => failing(agent('https://voice.example'))).not.toThrow();
    const throwing = connectionWarmer((() => {
      throw new TypeError('replaced by the page');
    }) as typeof globalThis.fetch, () => 0);
    expect(() => throwing(agent('https://voice.example'))).not.toThrow();
    const { fetch, calls } = recordingFetch();
    expect(() => connectionWarmer(fetch, () => 0)(agent('not a url'))).not.toThrow();
    expect(() => connectionWarmer(fetch, () => 0)(agent('https://voice.example', ''))).not.toThrow();
    expect(calls).toEqual([]);
    await settled(); // an unhandled rejection would fail the run
  });
});

describe('the microphone’s permission', () => {
  function permissions(state: string) {
    const status = { state, onchange: null as ((event: Event) => void) | null };
    const asked: string[] = [];
    const scope = {
      navigator: {
        permissions: {
          query: async ({ name }: { name: string }) => {
            asked.push(name);
            return status;
          },
        },
      },
    };
    return { scope, status, asked };
  }

  it('is read once and kept current', async () => {
    const { scope, status, asked } = permissions('prompt');
    const permission = new MicrophonePermission();
    expect(permission.granted).toBe(false);
    permission.watch(scope);
    permission.watch(scope);
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toEqual(['microphone']);
    expect(permission.state).toBe('prompt');
    status.state = 'granted';
    status.onchange?.(new Event('change'));
    expect(permission.granted).toBe(true);
  });

  it('stays unknown where the browser cannot tell (no API, or no `microphone` name)', async () => {
    const none = new MicrophonePermission();
    none.watch({ navigator: {} });
    const refusing = new MicrophonePermission();
    refusing.watch({ navigator: { permissions: { query: () => Promise.reject(new TypeError('microphone')) } } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([none.state, refusing.state, none.granted, refusing.granted]).toEqual([null, null, false, false]);
  });
});
