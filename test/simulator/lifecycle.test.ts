// A live call until its end: messages, billing, limits, keep-alive, scripted failures (spec §3.5, §6, §8).
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../demo/server/index.ts';
import { sleep } from '../sleep.ts';
import {
  agentOf,
  agentsWith,
  briefAgents,
  CallClient,
  closeAll,
  expectToneEchoed,
  frames,
  isTranscript,
  isType,
  sendFrames,
  startTestSimulator,
  ticketFor,
} from './helpers.ts';

afterEach(closeAll);

/** A published agent that goes live and says nothing, on the demo account. */
const withQuietAgent = (patch: (a: ReturnType<typeof agentOf>) => void = () => {}) =>
  agentsWith((d) => {
    const quiet = { ...agentOf(d, 'demo-en'), publicId: 'quiet', behaviour: 'silent' as const };
    patch(quiet);
    d.agents.push(quiet);
  });

async function liveCall(options: Parameters<typeof startTestSimulator>[0] = {}, publicId = 'quiet') {
  const sim = await startTestSimulator({ agents: withQuietAgent(), ...options });
  const call = await CallClient.open(await ticketFor(sim.url, publicId));
  const ready = await call.next(isType('ready'));
  return { sim, call, conversationId: ready.conversationId as string };
}

describe('live call', () => {
  it('answers ping with pong', async () => {
    const { call } = await liveCall();
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
  });

  it('ignores invalid JSON, unknown types and malformed messages, and keeps going', async () => {
    const { call } = await liveCall();
    for (const junk of ['{not json', '42', 'null', '"text"', '[]', '{"type":"dance"}', '{"type":"text","text":7}', '{"type":"audio","data":5}', '{}']) {
      call.ws.send(junk);
    }
    call.ws.send(Buffer.from([1]), { binary: true }); // one odd byte of audio
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    expect(call.messages.map((m) => m.type)).toEqual(['ready', 'pong']);
  });

  it('end: sends ended, then closes with 1000', async () => {
    const { sim, call, conversationId } = await liveCall();
    call.send({ type: 'end' });
    const closed = await call.closed;
    expect(closed.code).toBe(1000);
    const last = call.messages.at(-1);
    expect(last).toEqual({
      type: 'ended',
      reason: 'caller_hangup',
      durationSeconds: expect.any(Number),
      billedSeconds: 0,
      freeSeconds: expect.any(Number),
      conversationId,
    });
    expect(await sim.simulator.whenCallEnds(conversationId)).toMatchObject({ reason: 'caller_hangup', endMessage: true });
  });

  it('closing without end is recorded as caller_hangup', async () => {
    const { sim, call, conversationId } = await liveCall();
    call.ws.close(1000);
    const record = await sim.simulator.whenCallEnds(conversationId);
    expect(record).toMatchObject({ reason: 'caller_hangup', endMessage: false, wentLive: true, publicId: 'quiet', account: 'demo-co' });
    expect(sim.simulator.account('demo-co')?.running).toBe(0);
  });

  it.each([
    [2900, 2.9],
    [2999, 3], // shown rounded to 3.0 s, yet under 3 s: still free
  ])('does not bill a call under 3 seconds (%i ms)', async (ms, shown) => {
    const clock = new ManualClock();
    const { sim, call } = await liveCall({ clock });
    const before = sim.simulator.account('demo-co')!.secondsLeft;
    clock.advance(ms);
    call.send({ type: 'end' });
    const ended = await call.next(isType('ended'));
    expect(ended).toMatchObject({ durationSeconds: shown, billedSeconds: 0, freeSeconds: shown });
    expect(sim.simulator.account('demo-co')!.secondsLeft).toBe(before);
  });

  it('bills a call of 3 seconds or more in whole seconds, rounded up, from the account minutes', async () => {
    const clock = new ManualClock();
    const { sim, call } = await liveCall({ clock });
    const before = sim.simulator.account('demo-co')!.secondsLeft;
    clock.advance(61_200);
    call.send({ type: 'end' });
    const ended = await call.next(isType('ended'));
    expect(ended).toMatchObject({ durationSeconds: 61.2, billedSeconds: 62, freeSeconds: 0 });
    expect(sim.simulator.account('demo-co')!.secondsLeft).toBe(before - 62);

    // exactly 3 s is billed
    const second = await CallClient.open(await ticketFor(sim.url, 'quiet'));
    await second.next(isType('ready'));
    clock.advance(3000);
    second.send({ type: 'end' });
    expect(await second.next(isType('ended'))).toMatchObject({ durationSeconds: 3, billedSeconds: 3, freeSeconds: 0 });
    expect(sim.simulator.account('demo-co')!.secondsLeft).toBe(before - 65);
  });

  it('bills a hang-up without end the same way', async () => {
    const clock = new ManualClock();
    const { sim, call, conversationId } = await liveCall({ clock });
    const before = sim.simulator.account('demo-co')!.secondsLeft;
    clock.advance(10_000);
    call.ws.close();
    expect(await sim.simulator.whenCallEnds(conversationId)).toMatchObject({ reason: 'caller_hangup', billedSeconds: 10 });
    expect(sim.simulator.account('demo-co')!.secondsLeft).toBe(before - 10);
  });

  it('ends the call at maxSeconds with ended max_duration and close 1000', async () => {
    const clock = new ManualClock();
    const agents = agentsWith((d) => {
      d.agents.push({ ...agentOf(d, 'demo-en'), publicId: 'short', behaviour: 'silent', maxCallSeconds: 45 });
    });
    const sim = await startTestSimulator({ clock, agents });
    const call = await CallClient.open(await ticketFor(sim.url, 'short'));
    expect((await call.next(isType('ready'))).maxSeconds).toBe(45);
    clock.advance(44_000);
    await sleep(100); // several duration checks: still live
    expect(call.messages.map((m) => m.type)).toEqual(['ready']);
    clock.advance(1000);
    const ended = await call.next(isType('ended'));
    expect(ended).toMatchObject({ reason: 'max_duration', durationSeconds: 45, billedSeconds: 45, freeSeconds: 0 });
    expect((await call.closed).code).toBe(1000);
  });

  it('refuses a message over 512 KB by closing with 1009; 512 KB exactly is accepted', async () => {
    const { sim, call, conversationId } = await liveCall();
    call.ws.send(Buffer.alloc(512 * 1024), { binary: true });
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    call.ws.send(Buffer.alloc(512 * 1024 + 2), { binary: true });
    expect((await call.closed).code).toBe(1009);
    expect((await sim.simulator.whenCallEnds(conversationId)).reason).toBe('message_too_big');
  });

  it('hears caller audio sent as JSON base64 too, a stray odd byte and junk included', async () => {
    const sim = await startTestSimulator({ agents: briefAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'brief'));
    await call.next(isTranscript('agent', true)); // "Hi." has been heard
    const speech = frames(1, 0.3, 220);
    // A frame in the middle of the tone with a trailing odd byte: its whole samples count and the stray byte
    // is dropped. Reading the bytes out of step (in this frame or, carried over, in the next ones) would
    // turn that part of the played-back tone into noise.
    speech[25] = Buffer.concat([speech[25]!, Buffer.from([0x7f])]);
    call.send({ type: 'audio', data: '%%% not base64 %%%' });
    sendFrames(call, [...frames(0.5, 0), ...speech, ...frames(1, 0)], { json: true });

    const userFinal = await call.next(isTranscript('user', true));
    expect(userFinal.text).toBe('(speech, 1.0 s — no speech recogniser in the simulator)');
    const from = call.indexOf(userFinal);
    const answer = await call.next(isTranscript('agent', true), { from });
    expect(answer.text).toMatch(/^I heard you speak for 1\.0 seconds/);
    expectToneEchoed(call, from, answer, 1, 220);
  });
});

describe('keep-alive', () => {
  // Each ping checks the previous one was answered: receiving the third proves the first two were.
  it('pings every interval; a client that answers stays connected', async () => {
    const { sim, call } = await liveCall({ timings: { pingIntervalMs: 250 } });
    await new Promise<void>((resolve, reject) => {
      let pings = 0;
      call.ws.on('ping', () => ++pings === 3 && resolve());
      call.ws.once('close', (code) => reject(new Error(`dropped (close ${code}) after ${pings} pings`)));
    });
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    expect(call.ws.readyState).toBe(call.ws.OPEN);
    expect(sim.simulator.calls()).toEqual([]); // no call has ended
  });

  it('drops a connection that stops answering pings', async () => {
    const sim = await startTestSimulator({ agents: withQuietAgent(), timings: { pingIntervalMs: 250 } });
    const call = await CallClient.open(await ticketFor(sim.url, 'quiet'), { autoPong: false });
    const ready = await call.next(isType('ready'));
    const closed = await call.closed;
    expect(closed.code).toBe(1006); // cut, no close frame
    expect((await sim.simulator.whenCallEnds(ready.conversationId as string)).reason).toBe('connection_lost');
  });
});

describe('scripted failures', () => {
  it('vanishing: the agent is deleted during the call → error NOT_FOUND, close 4404', async () => {
    const agents = agentsWith((d) => {
      agentOf(d, 'vanishing').failure = { kind: 'vanish', afterMs: 150 };
    });
    const sim = await startTestSimulator({ agents });
    const call = await CallClient.open(await ticketFor(sim.url, 'vanishing'));
    await call.next(isType('ready'));
    expect((await call.closed).code).toBe(4404);
    expect(call.messages.filter((m) => m.type === 'error')).toEqual([{ type: 'error', code: 'NOT_FOUND', error: expect.any(String) }]);
    expect(sim.simulator.calls()[0]).toMatchObject({ reason: 'agent_deleted', wentLive: true });
  });

  it('drop: the connection is cut without a close frame → the client sees 1006', async () => {
    const agents = agentsWith((d) => {
      agentOf(d, 'drop').failure = { kind: 'drop', afterMs: 150 };
    });
    const sim = await startTestSimulator({ agents });
    const call = await CallClient.open(await ticketFor(sim.url, 'drop'));
    await call.next(isType('ready'));
    expect((await call.closed).code).toBe(1006);
    expect(call.messages.some((m) => m.type === 'ended')).toBe(false);
    expect(sim.simulator.calls()[0]).toMatchObject({ reason: 'connection_lost', wentLive: true });
  });

  it('the shipped vanishing and drop agents fail a few seconds after ready', async () => {
    const sim = await startTestSimulator();
    const vanishing = await CallClient.open(await ticketFor(sim.url, 'vanishing'));
    const drop = await CallClient.open(await ticketFor(sim.url, 'drop'));
    await vanishing.next(isType('ready'));
    await drop.next(isType('ready'));
    const [v, d] = await Promise.all([vanishing.closed, drop.closed]);
    expect(v.code).toBe(4404);
    expect(d.code).toBe(1006);
    // they were live calls that talked before failing
    expect(vanishing.audio.length).toBeGreaterThan(0);
  });
});
