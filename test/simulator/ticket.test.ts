// POST /api/agents/public/:publicId/call over real HTTP (spec §4.9, §7.4).
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../demo/server/index.ts';
import { agentOf, agentsWith, closeAll, requestTicket, startTestSimulator } from './helpers.ts';

afterEach(closeAll);

describe('ticket', () => {
  it('answers 200 with a token, an absolute wsUrl from the Host header and a visit token', async () => {
    const sim = await startTestSimulator();
    const answer = await requestTicket(sim.url, 'demo');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const { token, wsUrl, visit } = answer.body;
    expect(typeof token).toBe('string');
    expect(typeof visit).toBe('string');
    expect(token).not.toBe(visit);
    expect(wsUrl).toBe(`ws://127.0.0.1:${sim.port}/api/agents/socket`);

    // Host is what the client used, not the listening address.
    const viaLocalhost = await requestTicket(`http://localhost:${sim.port}`, 'demo');
    expect(viaLocalhost.body.wsUrl).toBe(`ws://localhost:${sim.port}/api/agents/socket`);
  });

  it('issues a different single ticket on each request', async () => {
    const sim = await startTestSimulator();
    const a = await requestTicket(sim.url, 'demo');
    const b = await requestTicket(sim.url, 'demo');
    expect(a.body.token).not.toBe(b.body.token);
  });

  it.each(['draft', 'switched-off', 'no-such-agent', '%E0%A4%A'])('answers 404 for %s', async (publicId) => {
    const sim = await startTestSimulator();
    const answer = await requestTicket(sim.url, publicId);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'This agent is not available' });
  });

  it('refuses a page outside the allowed list with 403 ORIGIN, readable by that page', async () => {
    const sim = await startTestSimulator();
    const answer = await requestTicket(sim.url, 'allow-list', { origin: 'https://other.example' });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('ORIGIN');
    expect(typeof answer.body.error).toBe('string');
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://other.example');
  });

  it('allows the listed site, and the agent public page (the simulator own origin)', async () => {
    const sim = await startTestSimulator();
    const listed = await requestTicket(sim.url, 'allow-list', { origin: 'https://shop.example' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const publicPage = await requestTicket(sim.url, 'allow-list', { origin: sim.url });
    expect(publicPage.status).toBe(200);
  });

  it('can be told where the public page is, or that there is none (the Vite-mounted demo)', async () => {
    const elsewhere = await startTestSimulator({ publicPageOrigin: 'https://agents.example' });
    expect((await requestTicket(elsewhere.url, 'allow-list', { origin: 'https://agents.example' })).status).toBe(200);
    expect((await requestTicket(elsewhere.url, 'allow-list', { origin: elsewhere.url })).status).toBe(403);
    const none = await startTestSimulator({ publicPageOrigin: null });
    expect((await requestTicket(none.url, 'allow-list', { origin: none.url })).status).toBe(403);
    expect((await requestTicket(none.url, 'allow-list', { origin: 'https://shop.example' })).status).toBe(200);
  });

  it('with an allowed list refuses a client without Origin; with an empty list accepts it', async () => {
    const sim = await startTestSimulator();
    expect((await requestTicket(sim.url, 'allow-list')).status).toBe(403);
    expect((await requestTicket(sim.url, 'demo')).status).toBe(200);
    expect((await requestTicket(sim.url, 'demo', { origin: 'https://anywhere.example' })).status).toBe(200);
  });

  it('answers the CORS preflight with the request origin, POST and the asked headers', async () => {
    const sim = await startTestSimulator();
    const res = await fetch(`${sim.url}/api/agents/public/demo/call`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://widget.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://widget.example');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('reads the body only with Content-Type application/json, and refuses invalid JSON with 400', async () => {
    const sim = await startTestSimulator();
    const invalid = await requestTicket(sim.url, 'demo', { body: '{visit:', contentType: 'application/json' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: 'Invalid JSON body' });
    const withCharset = await requestTicket(sim.url, 'demo', { body: 'nope', contentType: 'application/json; charset=utf-8' });
    expect(withCharset.status).toBe(400);
    // Without the header the body is ignored: the same garbage is no error.
    const plain = await requestTicket(sim.url, 'demo', { body: '{visit:', contentType: 'text/plain' });
    expect(plain.status).toBe(200);
    const empty = await requestTicket(sim.url, 'demo', { body: '', contentType: 'application/json' });
    expect(empty.status).toBe(200);
    // A body that is JSON but not an object, or a visit that is not a string, starts a new visit.
    for (const body of ['[1,2]', '"x"', 'null', '{"visit":42}']) {
      const odd = await requestTicket(sim.url, 'demo', { body, contentType: 'application/json' });
      expect(odd.status).toBe(200);
      expect(typeof odd.body.visit).toBe('string');
    }
  });

  it('refuses other methods with 405', async () => {
    const sim = await startTestSimulator();
    expect((await requestTicket(sim.url, 'demo', { method: 'GET' })).status).toBe(405);
  });

  it('limits one IP to 20 tickets an hour: the 21st gets 429 with Retry-After until the oldest leaves the window', async () => {
    const clock = new ManualClock();
    const sim = await startTestSimulator({ clock });
    // Refused requests use nothing up.
    for (let i = 0; i < 5; i++) expect((await requestTicket(sim.url, 'allow-list')).status).toBe(403);
    for (let i = 0; i < 20; i++) {
      expect((await requestTicket(sim.url, 'demo')).status).toBe(200);
      clock.advance(60_000); // one ticket a minute: the first was 20 minutes before the 21st
    }
    const refused = await requestTicket(sim.url, 'demo', { origin: 'https://w.example' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    // An unavailable agent is still told as such.
    expect((await requestTicket(sim.url, 'draft')).status).toBe(404);

    clock.advance(40 * 60_000 - 1000);
    expect((await requestTicket(sim.url, 'demo')).status).toBe(429);
    clock.advance(1000); // the oldest ticket is now an hour old
    expect((await requestTicket(sim.url, 'demo')).status).toBe(200);
    expect((await requestTicket(sim.url, 'demo')).status).toBe(429);
  });

  it('answers 503 MAINTENANCE with endsAt, messages in three languages and Retry-After while endsAt is ahead', async () => {
    const clock = new ManualClock();
    const sim = await startTestSimulator({ clock });
    const endsAt = new Date(clock.now() + 1800 * 1000).toISOString();

    const during = await requestTicket(sim.url, 'maintenance');
    expect(during.status).toBe(503);
    expect(during.body.code).toBe('MAINTENANCE');
    expect(during.body.error).toMatch(/[\u0600-\u06FF]/); // Arabic message in `error`
    expect(during.body.endsAt).toBe(endsAt);
    const messages = during.body.messages as Record<string, string>;
    expect(Object.keys(messages).sort()).toEqual(['ar', 'en', 'fr']);
    expect(during.headers.get('retry-after')).toBe('1800');

    clock.advance(1000 * 1000);
    expect((await requestTicket(sim.url, 'maintenance')).headers.get('retry-after')).toBe('800');

    // Maintenance does not end by itself at endsAt: same answer, old endsAt, no Retry-After.
    clock.advance(900 * 1000);
    const after = await requestTicket(sim.url, 'maintenance');
    expect(after.status).toBe(503);
    expect(after.body.endsAt).toBe(endsAt);
    expect(after.headers.get('retry-after')).toBeNull();
  });

  it('lets a page on another site read every answer and its Retry-After (spec §7.4), so the widget can say how long to wait', async () => {
    const sim = await startTestSimulator({ limits: { ticketsPerWindow: 1 } });
    const origin = 'https://shop.example';
    const answers = {
      200: await requestTicket(sim.url, 'demo', { origin }),
      429: await requestTicket(sim.url, 'demo', { origin }),
      503: await requestTicket(sim.url, 'maintenance', { origin }),
      404: await requestTicket(sim.url, 'draft', { origin }),
      403: await requestTicket(sim.url, 'allow-list', { origin: 'https://elsewhere.example' }),
      400: await requestTicket(sim.url, 'demo', { origin, body: '{', contentType: 'application/json' }),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status, status).toBe(Number(status));
      expect(answer.headers.get('access-control-allow-origin'), status).toBe(status === '403' ? 'https://elsewhere.example' : origin);
      expect(answer.headers.get('access-control-expose-headers'), status).toBe('Retry-After');
      expect(answer.headers.get('vary'), status).toContain('Origin');
    }
    expect(Number(answers[429].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(answers[503].headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 503 without endsAt or Retry-After when the end is unknown', async () => {
    const agents = agentsWith((d) => {
      agentOf(d, 'maintenance').maintenance = { endsInSeconds: null };
    });
    const sim = await startTestSimulator({ agents });
    const answer = await requestTicket(sim.url, 'maintenance');
    expect(answer.status).toBe(503);
    expect(answer.body.endsAt).toBeNull();
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('returns the same visit token while the visit is valid, a new one after a day or for another agent', async () => {
    const clock = new ManualClock();
    const sim = await startTestSimulator({ clock });
    const first = (await requestTicket(sim.url, 'demo')).body.visit as string;
    const withVisit = (visit: string, agent = 'demo') =>
      requestTicket(sim.url, agent, { body: JSON.stringify({ visit }), contentType: 'application/json' });

    clock.advance(23 * 3_600_000);
    expect((await withVisit(first)).body.visit).toBe(first);
    expect((await withVisit(first, 'demo-en')).body.visit).not.toBe(first);
    expect((await withVisit('vs_forged')).body.visit).not.toBe('vs_forged');
    clock.advance(3_600_000); // a day after the visit began
    expect((await withVisit(first)).body.visit).not.toBe(first);
  });

  it('answers 404 JSON for paths it does not know', async () => {
    const sim = await startTestSimulator();
    const res = await fetch(`${sim.url}/api/agents/public/demo`);
    expect(res.status).toBe(404);
  });
});
