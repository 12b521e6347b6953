// The talking demo agent over a real socket: espeak speech at 24 kHz in varying chunks with a growing
// transcript, VAD turns, interruption, typed text, the get_time tool, goodbye, returning visitors.
import ESpeakNg from 'espeak-ng';
import { afterEach, describe, expect, it } from 'vitest';
import { pcm16ToFloat, rms } from '../../bench/measure.ts';
import { ManualClock } from '../../demo/server/index.ts';
import { PHRASES } from '../../demo/server/phrases.ts';
import { decodeWav } from '../../demo/server/wav.ts';
import {
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
  type ServerMessage,
} from './helpers.ts';

afterEach(closeAll);

/** Samples espeak-ng itself produces for `text` (at its own 22,050 Hz). */
async function espeakSamples(text: string, voice: string): Promise<number> {
  const es = await ESpeakNg({ arguments: ['-v', voice, '-w', 'ref.wav', ` ${text}`], print: () => {}, printErr: () => {} });
  const sound = decodeWav(es.FS.readFile('ref.wav'));
  expect(sound.sampleRate).toBe(22_050);
  return sound.samples.length;
}

describe('demo agent', () => {
  it('greets aloud: 24 kHz s16le chunks of varying even lengths, sent ahead of a word-by-word transcript', async () => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    const greeting = PHRASES.en.greeting('Sam');
    const final = await call.next(isTranscript('agent', true));
    expect(final.text).toBe(greeting);

    const finalAt = call.indexOf(final);
    const chunks = call.audioBetween(0, finalAt);
    expect(chunks.every((c) => c.length % 2 === 0)).toBe(true);
    expect(new Set(chunks.map((c) => c.length)).size).toBeGreaterThan(3);
    // faster than real time: all of it was sent before the caller could have heard it all
    expect(call.audioBetween(finalAt)).toEqual([]);
    // espeak's 22,050 Hz output, resampled to exactly 24,000 Hz
    const reference = await espeakSamples(greeting, 'en');
    const samples = pcm16ToFloat(chunks);
    expect(samples.length).toBe(Math.floor((reference * 24_000) / 22_050));
    expect(rms(samples)).toBeGreaterThan(0.02);

    // The transcript grows: each partial extends the previous one (replace semantics) up to the final.
    const partials = call.messages.filter(isTranscript('agent', false)).map((m) => m.text as string);
    expect(partials.length).toBeGreaterThan(5);
    partials.reduce((previous, text) => {
      expect(text.startsWith(previous)).toBe(true);
      expect(text.length).toBeGreaterThan(previous.length);
      return text;
    }, '');
    expect(greeting.startsWith(partials.at(-1)!)).toBe(true);
  });

  it.each([
    ['demo', 'ar', 'أمينة'],
    ['demo-fr', 'fr', 'Camille'],
  ] as const)('%s speaks its own language (%s)', async (publicId, language, name) => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, publicId));
    const greeting = PHRASES[language].greeting(name);
    await call.next((m) => m.type === 'transcript' && m.role === 'agent' && typeof m.text === 'string' && m.text.length > 0);
    await call.next(() => call.audio.length > 3);
    const samples = pcm16ToFloat(call.audio);
    expect(rms(samples)).toBeGreaterThan(0.02);
    const first = call.messages.find(isTranscript('agent', false))!;
    expect(greeting.startsWith(first.text as string)).toBe(true);
    call.send({ type: 'end' });
  });

  it('ends a caller turn after 700 ms of silence, not 500: honest user transcript, then answers with the caller own words', async () => {
    const sim = await startTestSimulator({ agents: briefAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'brief'));
    await call.next(isTranscript('agent', true)); // "Hi." has been heard
    sendFrames(call, [...frames(1, 0.3, 220), ...frames(0.5, 0)]);
    call.send({ type: 'ping' });
    const pong = await call.next(isType('pong')); // answered in order: every frame before it went through the VAD

    const listening = await call.next(isTranscript('user', false));
    expect(listening.text).toBe('(speaking…)');
    expect(call.indexOf(listening)).toBeLessThan(call.indexOf(pong));
    expect(call.messages.filter(isTranscript('user', true))).toEqual([]); // 500 ms of silence: still the caller's turn
    sendFrames(call, frames(0.4, 0)); // 900 ms
    const userFinal = await call.next(isTranscript('user', true));
    expect(userFinal.text).toBe('(speech, 1.0 s — no speech recogniser in the simulator)');
    const from = call.indexOf(userFinal);
    const answer = await call.next(isTranscript('agent', true), { from });
    expect(answer.text).toBe('I heard you speak for 1.0 seconds. Here is what I heard: [your words, played back]');
    expect(call.messages.some(isType('interrupted'))).toBe(false);

    // The answer ends with the caller's tone played back.
    expectToneEchoed(call, from, answer, 1, 220);
  });

  it('a turn of silence alone is no turn', async () => {
    const sim = await startTestSimulator({ agents: briefAgents() });
    const call = await CallClient.open(await ticketFor(sim.url, 'brief'));
    await call.next(isTranscript('agent', true));
    sendFrames(call, [...frames(1.5, 0), ...frames(0.04, 0.3)]); // and a click shorter than a turn start
    call.send({ type: 'ping' });
    await call.next(isType('pong'));
    expect(call.messages.filter((m) => m.role === 'user')).toEqual([]);
  });

  it('caller speech over the agent: interrupted, no more of that answer, its transcript closed with what was heard', async () => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    const greeting = PHRASES.en.greeting('Sam');
    await call.next(() => call.audio.length > 0);
    sendFrames(call, [...frames(0.3, 0.3), ...frames(1, 0)]);

    const interrupted = await call.next(isType('interrupted'));
    const at = call.indexOf(interrupted);
    const closedTurn = await call.next(isTranscript('agent', true));
    expect(call.indexOf(closedTurn)).toBe(at + 1);
    const heard = closedTurn.text as string;
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.length).toBeLessThan(greeting.length);
    expect(greeting.startsWith(heard)).toBe(true);

    const userFinal = await call.next(isTranscript('user', true));
    expect(call.audioBetween(at, call.indexOf(userFinal))).toEqual([]); // the rest was dropped
    const sentBefore = pcm16ToFloat(call.audioBetween(0, at)).length;
    expect(sentBefore).toBeLessThan(Math.floor(((await espeakSamples(greeting, 'en')) * 24_000) / 22_050));
    // and the agent answers the turn
    const answer = await call.next(isTranscript('agent', true), { from: call.indexOf(userFinal) });
    expect(answer.text).toMatch(/^I heard you speak for 0\.3 seconds/);
  });

  it('typed text: cuts the current answer, is echoed as the caller final turn, and answered aloud', async () => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, 'demo-en'));
    await call.next(() => call.audio.length > 0);
    call.send({ type: 'text', text: '  hello there \u0007' });

    const cut = await call.next(isTranscript('agent', true));
    const echoed = await call.next(isTranscript('user', true));
    expect(echoed.text).toBe('hello there');
    expect(call.indexOf(cut)).toBeLessThan(call.indexOf(echoed));
    expect(call.messages.some(isType('interrupted'))).toBe(false); // the client stops by itself when it types
    const from = call.indexOf(echoed);
    const answer = await call.next(isTranscript('agent', true), { from });
    expect(answer.text).toBe('You wrote: hello there');
    expect(rms(pcm16ToFloat(call.audioBetween(from, call.indexOf(answer))))).toBeGreaterThan(0.02);

    // Blank text is no turn.
    call.send({ type: 'text', text: '   ' });
    call.send({ type: 'ping' });
    await call.next(isType('pong'), { from: call.indexOf(answer) });
    expect(call.messages.filter(isTranscript('user', true))).toHaveLength(1);
  });

  it.each([
    ['demo-en', 'What time is it?', 'It is 10:00.'],
    ['demo-fr', 'Quelle heure est-il ?', 'Il est 11 heures 00.'],
    ['demo', 'كم الساعة؟', 'الساعة الآن 11:00.'],
  ])('%s: asking the time runs get_time (running, then done ok) and speaks it', async (publicId, question, spoken) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 15, 10, 0, 0));
    const sim = await startTestSimulator({ clock });
    const call = await CallClient.open(await ticketFor(sim.url, publicId));
    await call.next(isType('ready'));
    call.send({ type: 'text', text: question });
    const running = await call.next(isType('tool'));
    expect(running).toEqual({ type: 'tool', name: 'get_time', status: 'running' });
    const done = await call.next((m) => m.type === 'tool' && m.status === 'done');
    expect(done).toEqual({ type: 'tool', name: 'get_time', status: 'done', ok: true });
    const answer = await call.next(isTranscript('agent', true), { from: call.indexOf(done) });
    expect(answer.text).toBe(spoken);
  });

  it.each([
    ['demo-en', 'ok, bye!', 'Goodbye, and thank you for calling!'],
    ['demo', 'مع السلامة', 'مع السلامة، وشكرا على اتصالك!'],
  ])('%s: a typed goodbye is answered, then the agent ends the call (agent_ended, 1000)', async (publicId, bye, goodbye) => {
    const sim = await startTestSimulator();
    const call = await CallClient.open(await ticketFor(sim.url, publicId));
    await call.next(isType('ready'));
    call.send({ type: 'text', text: bye });
    const echoed = await call.next(isTranscript('user', true));
    const said = await call.next(isTranscript('agent', true), { from: call.indexOf(echoed) });
    expect(said.text).toBe(goodbye);
    const ended = await call.next(isType('ended'));
    expect(call.indexOf(ended)).toBeGreaterThan(call.indexOf(said));
    expect(ended).toMatchObject({ reason: 'agent_ended', conversationId: expect.any(String) });
    expect((await call.closed).code).toBe(1000);
    expect(sim.simulator.calls()[0]?.reason).toBe('agent_ended');
  });

  it('greets a returning visitor back, remembering what was typed; after a day the visit is new', async () => {
    const clock = new ManualClock();
    const sim = await startTestSimulator({ clock });
    const firstTicket = await ticketFor(sim.url, 'demo-en');
    const first = await CallClient.open(firstTicket);
    await first.next(isType('ready'));
    first.send({ type: 'text', text: 'my order is 42' });
    await first.next(isTranscript('user', true));
    first.send({ type: 'end' });
    await first.closed;

    const again = await ticketFor(sim.url, 'demo-en', { visit: firstTicket.visit });
    expect(again.visit).toBe(firstTicket.visit);
    const second = await CallClient.open(again);
    const welcome = await second.next(isTranscript('agent', false));
    const expected = PHRASES.en.welcomeBack('Sam', 'my order is 42');
    expect(expected).toContain('Welcome back');
    expect(expected.startsWith(welcome.text as string)).toBe(true);
    const whole = await second.next(isTranscript('agent', true));
    expect(whole.text).toBe(expected);

    clock.advance(24 * 3_600_000);
    const later = await ticketFor(sim.url, 'demo-en', { visit: firstTicket.visit });
    expect(later.visit).not.toBe(firstTicket.visit);
    const third = await CallClient.open(later);
    const greeting: ServerMessage = await third.next(isTranscript('agent', false));
    expect(greeting.text).toBe('Hello,');
  });
});
