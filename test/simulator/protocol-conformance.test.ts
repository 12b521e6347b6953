// The simulator speaks the protocol the widget reads: every message it sends passes the widget's own
// validator (src/protocol), and it closes only with the protocol's close codes.
import { afterEach, describe, expect, it } from 'vitest';
import { CloseCode, parseServerMessage } from '../../src/protocol/index.ts';
import { agentOf, briefAgents, CallClient, closeAll, isTranscript, isType, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

const PROTOCOL_CODES: number[] = Object.values(CloseCode);

/** Every text frame the call received, as the widget would parse it. */
const parsedTexts = (call: CallClient) => call.messages.map((m) => parseServerMessage(JSON.stringify(m)));

describe('protocol conformance', () => {
  it('a whole talking call: ready, transcripts, pong, tool, goodbye, ended, close 1000', async () => {
    const sim = await startTestSimulator({ agents: briefAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'brief'));
    await call.next(isType('ready'));
    await call.next(isTranscript('agent', true));
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    call.send({ type: 'text', text: 'What time is it?' });
    await call.next((m) => m.type === 'tool' && m.status === 'done');
    call.send({ type: 'text', text: 'bye' });
    const closed = await call.closed;
    expect(closed.code).toBe(CloseCode.NORMAL);
    const types = call.messages.map((m) => m.type);
    expect(types).toEqual(expect.arrayContaining(['ready', 'transcript', 'pong', 'tool', 'ended']));
    const parsed = parsedTexts(call);
    expect(parsed.filter((m) => m === null)).toEqual([]);
    expect(parsed.map((m) => m?.type)).toEqual(types);
  });

  it('a realtime call: an utterance, a pause, another, then a hang-up', async () => {
    const agents = briefAgents();
    agentOf(agents, 'realtime-en').realtime = { pauses: 'silence', script: [{ say: 'Hi.', seconds: 0.2 }, { pause: 0.1 }, { say: 'Bye.', seconds: 0.2 }] };
    const sim = await startTestSimulator({ agents });
    const call = await CallClient.open(await ticketFor(sim.url, 'realtime-en'));
    await call.next(isType('ready'));
    await call.next((m) => isTranscript('agent', true)(m) && m.text === 'Bye.');
    call.send({ type: 'end' });
    expect((await call.closed).code).toBe(CloseCode.NORMAL);
    const parsed = parsedTexts(call);
    expect(parsed.filter((m) => m === null)).toEqual([]);
    expect(parsed.map((m) => m?.type)).toEqual(['ready', 'transcript', 'transcript', 'transcript', 'transcript', 'ended']);
    expect(call.audio.map((chunk) => chunk.length)).toEqual(Array(25).fill(960));
  });

  it.each([
    ['busy', CloseCode.SETUP_FAILED],
    ['vanishing', CloseCode.AGENT_GONE],
    ['crash', CloseCode.INTERNAL_ERROR],
  ])('%s closes with the protocol code %i, its error message valid', async (publicId, code) => {
    const agents = briefAgents();
    const agent = agentOf(agents, publicId);
    if (agent.failure) agent.failure = { ...agent.failure, afterMs: 100 };
    const sim = await startTestSimulator({ agents });
    const call = await CallClient.open(await ticketFor(sim.url, publicId));
    const closed = await call.closed;
    expect(closed.code).toBe(code);
    expect(PROTOCOL_CODES).toContain(closed.code);
    expect(parsedTexts(call).filter((m) => m === null)).toEqual([]);
  });
});
