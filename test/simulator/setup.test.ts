// From socket open to `ready` or a refusal (spec §3.5, §6.3, §7.4).
import { afterEach, describe, expect, it } from 'vitest';
import { agentOf, agentsWith, CallClient, closeAll, isType, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

describe('call set-up', () => {
  it('sends ready with the conversation, maxSeconds and the agent', async () => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'demo'));
    const ready = await call.next(isType('ready'));
    expect(ready).toEqual({
      type: 'ready',
      conversationId: expect.stringMatching(/^conv_[\w-]+$/),
      maxSeconds: 300,
      agent: {
        name: 'أمينة',
        avatar: { from: '#0f766e', to: '#4f46e5', url: `http://127.0.0.1:${sim.port}/__simulator/avatars/demo.svg` },
        language: 'ar',
      },
    });
    // ready is the first thing the socket says
    expect(call.received[0]).toEqual({ kind: 'json', message: ready });
    const avatar = await fetch((ready.agent as { avatar: { url: string } }).avatar.url);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
    expect(await avatar.text()).toContain('<svg');
  });

  it('limits maxSeconds to the time left on the account', async () => {
    const agents = agentsWith((d) => {
      d.accounts.find((a) => a.id === 'demo-co')!.minutes = 1.5;
    });
    const sim = await startTestSimulator({ agents });
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    expect((await call.next(isType('ready'))).maxSeconds).toBe(90);
  });

  it.each([
    ['no-minutes', 'QUOTA'],
    ['busy', 'BUSY'],
    ['model-down', 'MODEL'],
    ['owner-gone', 'OWNER'],
  ])('%s: error %s, then close 4000, no ready', async (publicId, code) => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, publicId));
    const closed = await call.closed;
    expect(closed.code).toBe(4000);
    expect(call.messages).toEqual([{ type: 'error', code, error: expect.any(String) }]);
    const [record] = sim.simulator.calls();
    expect(record).toMatchObject({ publicId, reason: 'setup_failed', errorCode: code, wentLive: false, billedSeconds: 0 });
  });

  it('needs 30 seconds left: 29 is QUOTA, 30 starts', async () => {
    const agents = agentsWith((d) => {
      d.accounts.find((a) => a.id === 'empty-co')!.minutes = 29 / 60;
      d.accounts.push({ id: 'thirty', name: 'thirty', minutes: 0.5 });
      d.agents.push({ ...agentOf(d, 'no-minutes'), publicId: 'thirty-seconds', account: 'thirty' });
    });
    const sim = await startTestSimulator({ agents });
    const short = await CallClient.open(await ticketFor(sim.url, 'no-minutes'));
    expect((await short.next(isType('error'))).code).toBe('QUOTA');
    const enough = await CallClient.open(await ticketFor(sim.url, 'thirty-seconds'));
    expect((await enough.next(isType('ready'))).maxSeconds).toBe(30);
  });

  it('counts its own running calls against the account limit, and frees the line when a call ends', async () => {
    const agents = agentsWith((d) => {
      d.accounts.find((a) => a.id === 'demo-co')!.maxCalls = 2;
    });
    const sim = await startTestSimulator({ agents });
    const first = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    const second = await CallClient.open(await ticketFor(sim.url, 'demo-fr'));
    await first.next(isType('ready'));
    await second.next(isType('ready'));
    const third = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    expect((await third.next(isType('error'))).code).toBe('BUSY');
    expect((await third.closed).code).toBe(4000);

    first.send({ type: 'end' });
    await first.closed;
    const fourth = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await fourth.next(isType('ready'));
  });

  it('crash: closes with 1011 during set-up, before ready', async () => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'crash'));
    expect((await call.closed).code).toBe(1011);
    expect(call.messages.filter((m) => m.type === 'ready')).toEqual([]);
    expect(sim.simulator.calls()[0]).toMatchObject({ reason: 'server_error', wentLive: false });
  });

  it('a failed set-up does not hold a line', async () => {
    const agents = agentsWith((d) => {
      d.accounts.find((a) => a.id === 'demo-co')!.maxCalls = 1;
    });
    const sim = await startTestSimulator({ agents });
    const crashed = await CallClient.open(await ticketFor(sim.url, 'crash'));
    await crashed.closed;
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await call.next(isType('ready'));
    expect(sim.simulator.account('demo-co')?.running).toBe(1);
  });
});
