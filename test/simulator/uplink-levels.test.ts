// What the real-devices lane relies on in the simulator: the monologue agent (real-time speech, 200 ms ahead,
// deaf to the caller) and the uplink levels the service heard (Simulator.uplink, GET /__simulator/uplink/…).
import { afterEach, describe, expect, it } from 'vitest';
import { pcm16ToFloat, rms } from '../../bench/measure.ts';
import { parseAgentsData } from '../../demo/server/agents.ts';
import { floatToInt16 } from '../../demo/server/pcm.ts';
import { resample } from '../../demo/server/resample.ts';
import { windowLevel, windowPace, type UplinkLevels } from '../../demo/server/uplink-meter.ts';
import { CLOCK_RATE, clockSignal } from '../fixtures/signals.ts';
import { agentOf, agentsWith, CallClient, closeAll, frames, isTranscript, isType, sendFrames, startTestSimulator, ticketFor } from './helpers.ts';

afterEach(closeAll);

const SECONDS = 1.5;
const LEAD_MS = 200;
const monologueAgents = () =>
  agentsWith((d) => {
    const monologue = agentOf(d, 'monologue');
    monologue.monologue = { seconds: SECONDS, leadMs: LEAD_MS };
    monologue.greeting = 'One two three.';
  });

const audioSamples = (call: CallClient) => pcm16ToFloat(call.audio).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the monologue agent', () => {
  it('speaks for exactly its seconds, at real time 200 ms ahead, and is not interrupted by what it hears', async () => {
    const sim = await startTestSimulator({ agents: monologueAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'monologue'));
    const ready = await call.next(isType('ready'));
    const first = await call.next(isTranscript('agent', false));
    expect(first.text).toBe('One two three.');

    // Real time, not 3× ahead: half a second in, about 0.7 s of audio has been sent.
    const [span] = await waitFor(() => {
      const spans = sim.simulator.uplink(ready.conversationId as string)?.agentSpeech;
      return spans?.length ? spans : undefined;
    });
    await sleep(span!.from + 500 - Date.now());
    const sentSeconds = audioSamples(call) / 24_000;
    expect(sentSeconds).toBeGreaterThan(0.5 + LEAD_MS / 1000 - 0.15);
    expect(sentSeconds).toBeLessThan(0.5 + LEAD_MS / 1000 + 0.15);

    // The caller talks all along (a loud tone): the agent neither stops nor answers.
    sendFrames(call, frames(SECONDS, 0.5));
    const final = await call.next(isTranscript('agent', true), { timeoutMs: 5_000 });
    expect(final.text).toBe('One two three.');
    expect(Date.now()).toBeGreaterThanOrEqual(span!.from + SECONDS * 1000 - 30);
    expect(span!.to - span!.from).toBe(SECONDS * 1000);
    expect(audioSamples(call)).toBe(SECONDS * 24_000);
    expect(rms(pcm16ToFloat(call.audio))).toBeGreaterThan(0.02);
    expect(call.messages.filter((m) => m.type === 'interrupted' || m.role === 'user')).toEqual([]);
  });
});

describe('the uplink levels', () => {
  it('give the level of what arrived, in 100 ms blocks of arrival time, through the API and the control route', async () => {
    const sim = await startTestSimulator({ agents: monologueAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'monologue'));
    const id = (await call.next(isType('ready'))).conversationId as string;
    const sentAt = Date.now();
    sendFrames(call, frames(0.2, 0.5)); // a sine of amplitude 0.5: RMS −9.03 dBFS
    await sleep(400);
    sendFrames(call, frames(0.2, 0)); // digital silence
    const levels = await waitFor(() => {
      const seen = sim.simulator.uplink(id);
      return seen && seen.blocks.reduce((n, b) => n + b.samples, 0) === 6_400 ? seen : undefined;
    });
    expect(levels).toMatchObject({ conversationId: id, blockMs: 100 });
    const loud = windowLevel(levels, sentAt - 100, sentAt + 200);
    expect(loud.samples).toBe(3_200);
    expect(loud.dbfs).toBeCloseTo(-9.03, 1);
    expect(windowLevel(levels, sentAt + 200, Infinity)).toEqual({ samples: 3_200, dbfs: -Infinity });
    expect(levels.blocks.every((b, i) => b.at === levels.startedAt + i * 100)).toBe(true);
    expect(levels.lateness).toBeUndefined(); // not the clock's tones

    const route = await fetch(`${sim.url}/__simulator/uplink/${encodeURIComponent(id)}`);
    expect(route.status).toBe(200);
    const overHttp = (await route.json()) as UplinkLevels;
    expect(windowLevel(overHttp, sentAt - 100, sentAt + 200)).toEqual(loud);
    expect((await fetch(`${sim.url}/__simulator/uplink/conv_unknown`)).status).toBe(404);

    sim.simulator.reset();
    expect(sim.simulator.uplink(id)).toBeUndefined();
  });

  it('count frames sent as JSON audio messages too', async () => {
    const sim = await startTestSimulator({ agents: monologueAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'monologue'));
    const id = (await call.next(isType('ready'))).conversationId as string;
    sendFrames(call, frames(0.1, 0.25), { json: true });
    const levels = await waitFor(() => (sim.simulator.uplink(id)?.blocks.length ? sim.simulator.uplink(id) : undefined));
    expect(windowLevel(levels, 0, Infinity).samples).toBe(1_600);
    expect(windowLevel(levels, 0, Infinity).dbfs).toBeCloseTo(-15.05, 1);
  });
});

describe('how late the service hears the caller', () => {
  it('is measured when the caller’s microphone plays the clock’s tones, with the pace it arrives at', async () => {
    const sim = await startTestSimulator({ agents: monologueAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'monologue'));
    const id = (await call.next(isType('ready'))).conversationId as string;
    // 4 s of the clock's tones sent at real time in 20 ms frames: each frame when its capture ends.
    const tones = floatToInt16(resample(clockSignal().subarray(0, 4 * CLOCK_RATE), CLOCK_RATE, 16_000));
    const startedAt = Date.now();
    for (let k = 0; k < 200; k++) {
      await sleep(startedAt + (k + 1) * 20 - Date.now());
      call.ws.send(tones.subarray(k * 320, (k + 1) * 320), { binary: true });
    }
    const levels = await waitFor(() => {
      const seen = sim.simulator.uplink(id);
      return (seen?.lateness?.length ?? 0) > 10 ? seen : undefined;
    });
    // Loopback, sent at real time: the lateness stays near its reference (0). The sender shares this process's
    // event loop, so a stall of the machine makes a frame or two late (110 ms seen once): the median is checked.
    const late = levels.lateness!.map((p) => p.lateMs).sort((a, b) => a - b);
    expect(late[late.length >> 1]!).toBeLessThan(20);
    expect(late[0]!).toBeGreaterThan(-20);
    expect(late.at(-1)!).toBeLessThan(300);
    expect(levels.lateness!.every((p) => p.at >= startedAt && p.at <= Date.now())).toBe(true);
    // The pace it arrived at: 16,000 samples a second.
    expect(windowPace(levels, startedAt + 500, startedAt + 3_500)).toBeGreaterThan(16_000 * 0.95);
    expect(windowPace(levels, startedAt + 500, startedAt + 3_500)).toBeLessThan(16_000 * 1.05);
    const overHttp = (await (await fetch(`${sim.url}/__simulator/uplink/${encodeURIComponent(id)}`)).json()) as UplinkLevels;
    expect(overHttp.lateness!.length).toBeGreaterThanOrEqual(levels.lateness!.length);
  });
});

describe('the uplink frames', () => {
  it('are the caller audio messages as received, the latest 500, through the API and the control route', async () => {
    const sim = await startTestSimulator({ agents: monologueAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'monologue'));
    const id = (await call.next(isType('ready'))).conversationId as string;
    const sent = frames(10.4, 0.5); // 520 frames of 320 samples
    sendFrames(call, sent);
    await waitFor(() => (sim.simulator.uplink(id)?.blocks.reduce((n, b) => n + b.samples, 0) === 520 * 320 ? true : undefined));
    const kept = sim.simulator.uplinkFrames(id)!;
    expect(kept).toHaveLength(500);
    expect(new Set(kept.map((frame) => frame.length))).toEqual(new Set([320]));
    const asSamples = (frame: Buffer) => Array.from(new Int16Array(frame.buffer, frame.byteOffset, frame.length / 2));
    expect(kept[0]).toEqual(asSamples(sent[20]!));
    expect(kept.at(-1)).toEqual(asSamples(sent.at(-1)!));

    const route = await fetch(`${sim.url}/__simulator/uplink/${encodeURIComponent(id)}/frames`);
    expect(route.status).toBe(200);
    expect(await route.json()).toEqual(kept);
    expect((await fetch(`${sim.url}/__simulator/uplink/conv_unknown/frames`)).status).toBe(404);
  });
});

describe('monologue agents data', () => {
  const agent = (patch: Record<string, unknown>) => ({
    accounts: [{ id: 'a', minutes: 10 }],
    agents: [{ publicId: 'm', account: 'a', status: 'published', maxCallSeconds: 60, language: 'en', name: 'M', explain: { en: 'x' }, behaviour: 'monologue', ...patch }],
  });

  it('takes seconds, with a 200 ms lead by default', () => {
    expect(parseAgentsData(agent({ monologue: { seconds: 8 } })).agents[0]!.monologue).toEqual({ seconds: 8, leadMs: 200 });
  });

  it.each([
    ['no seconds', {}],
    ['zero seconds', { monologue: { seconds: 0 } }],
    ['a negative lead', { monologue: { seconds: 8, leadMs: -1 } }],
  ])('refuses %s', (_what, patch) => {
    expect(() => parseAgentsData(agent(patch))).toThrow(/agents\[0\]\.monologue/);
  });
});

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}
