// The scenario agents a reconnecting widget is tested against: a drop once per visit, a dead link once
// per visit, and a service that becomes unreachable for the visit after a drop.
import { afterEach, describe, expect, it } from 'vitest';
import type { FailureData } from '../../demo/server/agents.ts';
import { sleep } from '../sleep.ts';
import { agentOf, agentsWith, CallClient, closeAll, isType, requestTicket, startTestSimulator, ticketFor, type ServerMessage } from './helpers.ts';

afterEach(closeAll);

/** The shipped agent `publicId` with its failure `afterMs` shortened. */
const quickly = (publicId: string, afterMs = 150) =>
  agentsWith((d) => {
    const agent = agentOf(d, publicId);
    agent.failure = { ...(agent.failure as FailureData), afterMs };
  });

const agentSays = (start: RegExp) => (m: ServerMessage) => m.type === 'transcript' && m.role === 'agent' && start.test(m.text as string);

describe('drop-once', () => {
  it('cuts the visit’s first call (1006), not the next one that carries the visit token', async () => {
    const sim = await startTestSimulator({ agents: quickly('drop-once') });
    const first = await ticketFor(sim.url, 'drop-once');
    const dropped = await CallClient.open(first);
    await dropped.next(isType('ready'));
    expect((await dropped.closed).code).toBe(1006);
    expect(dropped.messages.some((m) => m.type === 'ended' || m.type === 'error')).toBe(false);

    const again = await CallClient.open(await ticketFor(sim.url, 'drop-once', { visit: first.visit }));
    await again.next(isType('ready'));
    await again.next(agentSays(/^Welcome back/)); // the same visit, greeted back like the demo agent does
    await sleep(600); // four times the failure delay
    again.send({ type: 'ping' });
    await again.next(isType('pong'));
    again.send({ type: 'end' });
    expect((await again.closed).code).toBe(1000);
    expect(sim.simulator.calls().map((c) => c.reason)).toEqual(['connection_lost', 'caller_hangup']);
  });

  it('drops again on a new visit', async () => {
    const sim = await startTestSimulator({ agents: quickly('drop-once') });
    const visit = (await ticketFor(sim.url, 'drop-once')).visit;
    for (const ticket of [await ticketFor(sim.url, 'drop-once'), await ticketFor(sim.url, 'drop-once')]) {
      expect(ticket.visit).not.toBe(visit);
      const call = await CallClient.open(ticket);
      await call.next(isType('ready'));
      expect((await call.closed).code).toBe(1006);
    }
  });

  it('is keyed on the visit, not on the first call: a call that ended before the drop leaves it to the next', async () => {
    const sim = await startTestSimulator({ agents: quickly('drop-once', 400) });
    const first = await ticketFor(sim.url, 'drop-once');
    const short = await CallClient.open(first);
    await short.next(isType('ready'));
    short.send({ type: 'end' });
    expect((await short.closed).code).toBe(1000);
    const next = await CallClient.open(await ticketFor(sim.url, 'drop-once', { visit: first.visit }));
    await next.next(isType('ready'));
    expect((await next.closed).code).toBe(1006);
  });
});

describe('dead-link', () => {
  it('goes silent with the connection open: no messages, no audio, no pong; then the keep-alive cuts it', async () => {
    const sim = await startTestSimulator({ agents: quickly('dead-link', 300), timings: { pingIntervalMs: 1000 } });
    const call = await CallClient.open(await ticketFor(sim.url, 'dead-link'));
    const ready = await call.next(isType('ready'));
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    await sleep(400);
    const heardBefore = call.received.length;
    call.send({ type: 'ping' });
    call.send({ type: 'text', text: 'are you there?' });
    let wsPong = false;
    call.ws.on('pong', () => (wsPong = true));
    call.ws.ping();
    await sleep(700);
    expect(call.received.length).toBe(heardBefore);
    expect(wsPong).toBe(false);
    expect(call.ws.readyState).toBe(call.ws.OPEN);
    // The service's own keep-alive (two ping periods) ends the call in the end, with no close frame.
    expect((await call.closed).code).toBe(1006);
    expect((await sim.simulator.whenCallEnds(ready.conversationId as string)).reason).toBe('connection_lost');
  });

  it('behaves on the visit’s next call', async () => {
    const sim = await startTestSimulator({ agents: quickly('dead-link') });
    const first = await ticketFor(sim.url, 'dead-link');
    const dead = await CallClient.open(first);
    await dead.next(isType('ready'));
    await sleep(300);
    dead.ws.terminate(); // the widget gives up on the dead socket

    const next = await CallClient.open(await ticketFor(sim.url, 'dead-link', { visit: first.visit }));
    await next.next(isType('ready'));
    await sleep(450);
    next.send({ type: 'ping' });
    await next.next(isType('pong'));
  });
});

describe('unreachable', () => {
  it('drops, then cuts every ticket request that carries the visit at the network level', async () => {
    const sim = await startTestSimulator({ agents: quickly('unreachable') });
    const first = await ticketFor(sim.url, 'unreachable');
    const call = await CallClient.open(first);
    await call.next(isType('ready'));
    expect((await call.closed).code).toBe(1006);

    const body = JSON.stringify({ visit: first.visit });
    for (let i = 0; i < 2; i++) {
      await expect(requestTicket(sim.url, 'unreachable', { body, contentType: 'application/json' })).rejects.toThrow(/fetch failed/);
    }
    // Another visitor still gets a ticket (and its own drop).
    expect((await requestTicket(sim.url, 'unreachable')).status).toBe(200);
  });

  it('answers the visit normally before the drop', async () => {
    const sim = await startTestSimulator({ agents: quickly('unreachable', 60_000) });
    const first = await ticketFor(sim.url, 'unreachable');
    const call = await CallClient.open(first);
    await call.next(isType('ready'));
    const answer = await requestTicket(sim.url, 'unreachable', { body: JSON.stringify({ visit: first.visit }), contentType: 'application/json' });
    expect(answer.status).toBe(200);
    expect(answer.body.visit).toBe(first.visit);
  });
});
