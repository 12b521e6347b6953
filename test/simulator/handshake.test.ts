// The call socket's handshake (spec §4.10): a ticket opens exactly one call, for two minutes, from the
// origin that asked for it; anything else is refused with HTTP 401.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../../demo/server/index.ts';
import { CallClient, HandshakeRefused, closeAll, isType, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

async function refusal(url: string, origin?: string): Promise<number> {
  const client = new CallClient(url, origin ? { origin } : {});
  const error = await client.opened.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HandshakeRefused)) throw new Error(`expected a refused handshake, got ${String(error)}`);
  return error.status;
}

describe('socket handshake', () => {
  it('opens a call with a fresh ticket', async () => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await call.next(isType('ready'));
  });

  it('refuses a second socket with the same ticket (single use)', async () => {
    const sim = await startTestSimulator();
    const ticket = await ticketFor(sim.url, 'demo-en');
    const first = await CallClient.open(ticket);
    expect(await refusal(`${ticket.wsUrl}?token=${ticket.token}`)).toBe(401);
    // also once the first call is over
    first.ws.close();
    await first.closed;
    expect(await refusal(`${ticket.wsUrl}?token=${ticket.token}`)).toBe(401);
  });

  it('refuses an unknown or missing token', async () => {
    const sim = await startTestSimulator();
    expect(await refusal(`${sim.wsUrl}?token=tk_made_up`)).toBe(401);
    expect(await refusal(sim.wsUrl)).toBe(401);
  });

  it('refuses a ticket older than two minutes', async () => {
    const clock = new ManualClock();
    const sim = await startTestSimulator({ clock });
    const fresh = await ticketFor(sim.url, 'demo-en');
    const stale = await ticketFor(sim.url, 'demo-en');
    clock.advance(2 * 60_000 - 1);
    await CallClient.open(fresh);
    clock.advance(1);
    expect(await refusal(`${stale.wsUrl}?token=${stale.token}`)).toBe(401);
  });

  it('binds a ticket asked for with Origin to that origin', async () => {
    const sim = await startTestSimulator();
    const ticket = await ticketFor(sim.url, 'demo-en', { origin: 'https://site.example' });
    const url = `${ticket.wsUrl}?token=${ticket.token}`;
    expect(await refusal(url, 'https://other.example')).toBe(401);
    expect(await refusal(url)).toBe(401);
    // The failed attempts did not use the ticket up.
    const call = await CallClient.open(ticket, { origin: 'https://site.example' });
    await call.next(isType('ready'));
  });

  it('accepts a ticket asked for without Origin from any origin', async () => {
    const sim = await startTestSimulator();
    const ticket = await ticketFor(sim.url, 'demo-en');
    const call = await CallClient.open(ticket, { origin: 'https://anything.example' });
    await call.next(isType('ready'));
  });

  it('leaves upgrades for other paths alone', async () => {
    const sim = await startTestSimulator();
    const ticket = await ticketFor(sim.url, 'demo-en');
    const ws = new WebSocket(`ws://127.0.0.1:${sim.port}/elsewhere?token=${ticket.token}`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(404);
    // and the ticket is still good
    await CallClient.open(ticket);
  });
});
