// The realtime agent over a real socket: its script streamed at exactly real time in 20 ms chunks with no
// lead, a transcript per utterance, deaf to the caller, and a send log the tests compare the page's playback
// with (Simulator.uplink(id).agentChunks, GET /__simulator/uplink/<id>).
import { afterEach, describe, expect, it } from 'vitest';
import { pcm16ToFloat, rms } from '../../bench/measure.ts';
import { loadAgentsFile, parseAgentsData, type RealtimeData } from '../../demo/server/agents.ts';
import type { AgentChunk, UplinkLevels } from '../../demo/server/uplink-meter.ts';
import { voiceOfLength } from '../../demo/server/realtime-agent.ts';
import { agentOf, agentsWith, CallClient, closeAll, frames, isTranscript, isType, sendFrames, startTestSimulator, ticketFor, type Received } from './helpers.ts';

afterEach(closeAll);

const SCRIPT: RealtimeData = {
  pauses: 'silence',
  script: [{ say: 'One two three.', seconds: 0.6 }, { pause: 0.2 }, { say: 'Four.', seconds: 0.4 }],
};
const realtimeAgents = (realtime: RealtimeData = SCRIPT) =>
  agentsWith((d) => {
    agentOf(d, 'realtime-en').realtime = realtime;
  });

/** Waits for the agent's last transcript, then for the send log to hold `count` chunks. */
async function sendLog(sim: Awaited<ReturnType<typeof startTestSimulator>>, id: string, count: number): Promise<AgentChunk[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const chunks = sim.simulator.uplink(id)?.agentChunks ?? [];
    if (chunks.length >= count || Date.now() > deadline) return chunks;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every logged chunk left when its place on the timeline (`slot(k)` × 20 ms after `start`) came, never
 *  sooner, and at most a loaded machine's timer delay later (late timers catch up: no drift). */
function expectOnTimeline(log: AgentChunk[], start: number, slot: (k: number) => number): void {
  for (const [k, chunk] of log.entries()) {
    const dueAt = start + slot(k) * 20;
    expect(chunk.at - dueAt, `chunk ${k}`).toBeGreaterThanOrEqual(-0.5);
    expect(chunk.at - dueAt, `chunk ${k}`).toBeLessThan(150);
  }
}

/** What the client received as a short string: `<` an agent transcript opening, `>` closing, `a` audio. */
const shape = (received: Received[]) =>
  received
    .map((r) => {
      if (r.kind === 'audio') return 'a';
      if (r.message.type !== 'transcript' || r.message.role !== 'agent') return '';
      return r.message.final ? '>' : '<';
    })
    .join('');

describe('the realtime agent', () => {
  it('streams its script at real time in 20 ms chunks, pauses as silence, a transcript per utterance', async () => {
    const sim = await startTestSimulator({ agents: realtimeAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'realtime-en'));
    const id = (await call.next(isType('ready'))).conversationId as string;
    await call.next((m) => isTranscript('agent', true)(m) && m.text === 'Four.', { timeoutMs: 15_000 });

    const audio = call.received.filter((r) => r.kind === 'audio');
    expect(new Set(audio.map((r) => r.bytes.length))).toEqual(new Set([960])); // 480 samples each
    // 30 chunks of voice, 10 of silence, 20 of voice; the transcripts around each utterance.
    expect(shape(call.received)).toMatch(/^<a{30}>a{10}<a{20}>$/);
    const level = (chunks: Buffer[]) => rms(pcm16ToFloat(chunks));
    expect(level(call.audio.slice(0, 30))).toBeGreaterThan(0.02);
    expect(level(call.audio.slice(30, 40))).toBe(0);
    expect(level(call.audio.slice(40))).toBeGreaterThan(0.02);
    const agentTurns = call.messages.filter((m) => m.type === 'transcript');
    expect(agentTurns.map((m) => [m.text, m.final])).toEqual([
      ['One two three.', false],
      ['One two three.', true],
      ['Four.', false],
      ['Four.', true],
    ]);

    // The send log: every chunk, the samples before it, its utterance, and when it left.
    const log = await sendLog(sim, id, 60);
    expect(log.map((c) => c.samples)).toEqual(Array.from({ length: 60 }, (_, k) => k * 480));
    expect(log.map((c) => c.utterance)).toEqual([...Array(30).fill(0), ...Array(10).fill(null), ...Array(20).fill(1)]);
    // Real time with no lead: chunk k leaves k × 20 ms after the stream's start (the first utterance's), never
    // sooner; a late timer is caught up, so lateness does not add up over the chunks.
    const start = sim.simulator.uplink(id)!.agentSpeech[0]!.from;
    expectOnTimeline(log, start, (k) => k);
    const route = await fetch(`${sim.url}/__simulator/uplink/${encodeURIComponent(id)}`);
    expect(((await route.json()) as UplinkLevels).agentChunks).toEqual(log);
    // The utterances are marked as the agent's speech, on the sender's timeline.
    const spans = sim.simulator.uplink(id)!.agentSpeech;
    expect(spans.map((s) => Math.round(s.to - s.from))).toEqual([600, 400]);
    expect(spans[1]!.from - spans[0]!.from).toBeCloseTo(800, 6);
  });

  it('sends nothing in a pause with pauses "nothing", and its next utterance at its time', async () => {
    const sim = await startTestSimulator({ agents: realtimeAgents({ ...SCRIPT, pauses: 'nothing' }) });
    const call = await CallClient.open(await ticketFor(sim.url, 'realtime-en'));
    const id = (await call.next(isType('ready'))).conversationId as string;
    await call.next((m) => isTranscript('agent', true)(m) && m.text === 'Four.', { timeoutMs: 15_000 });
    expect(shape(call.received)).toMatch(/^<a{30}><a{20}>$/);
    const log = await sendLog(sim, id, 50);
    expect(log.map((c) => c.samples)).toEqual(Array.from({ length: 50 }, (_, k) => k * 480));
    // Chunk 30, the second utterance's first, is the timeline's 40th: the 10 chunks of the pause went unsent.
    expectOnTimeline(log, sim.simulator.uplink(id)!.agentSpeech[0]!.from, (k) => (k < 30 ? k : k + 10));
  });

  it('never listens: the caller talking over it changes nothing; typed text is echoed as the caller’s turn', async () => {
    const sim = await startTestSimulator({ agents: realtimeAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'realtime-en'));
    await call.next(isType('ready'));
    await call.next(isTranscript('agent', false));
    sendFrames(call, frames(1, 0.5));
    call.send({ type: 'text', text: '  hello there ' });
    await call.next((m) => isTranscript('agent', true)(m) && m.text === 'Four.', { timeoutMs: 15_000 });
    expect(call.messages.filter((m) => m.type === 'interrupted')).toEqual([]);
    expect(call.messages.filter((m) => m.role === 'user')).toEqual([{ type: 'transcript', role: 'user', text: 'hello there', final: true }]);
    expect(call.audio.length).toBe(60);
  });

  it('closes its open turn when the caller hangs up in the middle of it, and sends nothing after', async () => {
    const sim = await startTestSimulator({ agents: realtimeAgents({ pauses: 'silence', script: [{ say: 'One two three.', seconds: 5 }] }) });
    const call = await CallClient.open(await ticketFor(sim.url, 'realtime-en'));
    await call.next(isType('ready'));
    await call.next(isTranscript('agent', false));
    call.send({ type: 'end' });
    const ended = await call.next(isType('ended'));
    const closing = call.received.findIndex((r) => r.kind === 'json' && isTranscript('agent', true)(r.message));
    expect(closing).toBeGreaterThan(-1);
    expect(closing).toBeLessThan(call.indexOf(ended));
    expect((await call.closed).code).toBe(1000);
    const audioAfter = call.audioBetween(call.indexOf(ended)).length;
    expect(audioAfter).toBe(0);
    expect(call.audio.length).toBeLessThan(250); // cut long before its 5 s
  });

  it('makes each utterance the phrase over and over, without its silences, faded in and out', () => {
    const phrase = new Int16Array(1000);
    phrase.fill(5000, 200, 700); // 500 samples of "voice" between silences
    const voice = voiceOfLength(phrase, 2400);
    expect(voice).toHaveLength(2400);
    expect(voice[0]).toBe(0);
    expect(voice[1199]).toBe(5000); // continuous: no silence between repetitions
    expect(voice.subarray(120, 2280).every((s) => s === 5000)).toBe(true);
    expect(voice[2399]).toBe(0);
    expect(voiceOfLength(new Int16Array(0), 480).every((s) => s === 0)).toBe(true);
  });
});

describe('warming the realtime agents’ scripts', () => {
  /** A synthesiser that only notes what it is asked for. */
  const noting = () => {
    const asked: string[] = [];
    return { asked, synthesiser: { speak: async (text: string) => (asked.push(text), new Int16Array(480)) } };
  };
  const scriptOf = (id: string) => agentOf(loadAgentsFile(), id).realtime!.script.flatMap((step) => ('say' in step ? [step.say] : []));

  it('is left out of prewarm() (the demo’s and the end-to-end servers’), and done for the agents named', async () => {
    const all = noting();
    const sim = await startTestSimulator({ synthesiser: all.synthesiser });
    await sim.simulator.prewarm();
    expect(all.asked.length).toBeGreaterThan(0);
    for (const text of scriptOf('realtime')) expect(all.asked).not.toContain(text);

    const named = noting();
    const other = await startTestSimulator({ synthesiser: named.synthesiser });
    await other.simulator.prewarm(['realtime']);
    expect(named.asked.sort()).toEqual(scriptOf('realtime').sort());
  });

  it('is done at the first ticket, for the whole script', async () => {
    const first = noting();
    const sim = await startTestSimulator({ synthesiser: first.synthesiser });
    await ticketFor(sim.url, 'realtime-fr');
    expect(first.asked.sort()).toEqual(scriptOf('realtime-fr').sort());
  });
});

describe('realtime agents data', () => {
  const agent = (realtime: unknown) => ({
    accounts: [{ id: 'a', minutes: 10 }],
    agents: [{ publicId: 'r', account: 'a', status: 'published', maxCallSeconds: 60, language: 'en', name: 'R', explain: { en: 'x' }, behaviour: 'realtime', realtime }],
  });

  it('ships `realtime` (ar, fr, en) with the jitter profile: 14 s of speech, then four 1.5 s sentences after 0.5 s pauses', () => {
    const shipped = loadAgentsFile();
    for (const id of ['realtime', 'realtime-fr', 'realtime-en']) {
      const realtime = agentOf(shipped, id).realtime!;
      expect(realtime.pauses, id).toBe('silence');
      const lengths = realtime.script.map((step) => ('say' in step ? step.seconds : -step.pause));
      expect(lengths, id).toEqual([14, -0.5, 1.5, -0.5, 1.5, -0.5, 1.5, -0.5, 1.5]);
    }
  });

  it('takes a script of words and pauses, its pauses sent as silence by default', () => {
    const parsed = parseAgentsData(agent({ script: [{ say: 'Hi.', seconds: 1.5 }, { pause: 0.5 }] })).agents[0]!;
    expect(parsed.realtime).toEqual({ pauses: 'silence', script: [{ say: 'Hi.', seconds: 1.5 }, { pause: 0.5 }] });
    expect(parseAgentsData(agent({ pauses: 'nothing', script: [{ say: 'Hi.', seconds: 1 }] })).agents[0]!.realtime!.pauses).toBe('nothing');
  });

  it.each([
    ['no script', {}, /realtime\.script must be a non-empty array/],
    ['an empty script', { script: [] }, /realtime\.script must be a non-empty array/],
    ['a script that says nothing', { script: [{ pause: 1 }] }, /realtime\.script says nothing/],
    ['a step without seconds', { script: [{ say: 'Hi.' }] }, /realtime\.script\[0\]\.seconds/],
    ['a step shorter than a chunk', { script: [{ say: 'Hi.', seconds: 0.01 }] }, /realtime\.script\[0\]\.seconds/],
    ['a negative pause', { script: [{ say: 'Hi.', seconds: 1 }, { pause: -1 }] }, /realtime\.script\[1\]\.pause/],
    ['a step of neither kind', { script: [{ sing: 'la' }] }, /realtime\.script\[0\] must be/],
    ['an unknown pause mode', { pauses: 'skip', script: [{ say: 'Hi.', seconds: 1 }] }, /realtime\.pauses/],
  ])('refuses %s, naming the entry', (_what, realtime, message) => {
    expect(() => parseAgentsData(agent(realtime))).toThrow(message);
  });
});
