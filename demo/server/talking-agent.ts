// The demo agent: greets (or greets back), listens with an energy VAD, answers speech by playing the
// caller's own words back, answers typed text aloud, runs a get_time tool, and hangs up after "bye".
import { UPLINK_SAMPLE_RATE } from '../../src/protocol/index.ts';
import type { AgentBehaviour, BehaviourContext } from './agent-behaviour.ts';
import { AgentVoice, composeUtterance, type Segment } from './agent-voice.ts';
import { floatToInt16, int16ToFloat } from './pcm.ts';
import { PHRASES, asksTime, isGoodbye, type Phrases } from './phrases.ts';
import { resample } from './resample.ts';
import { SampleHistory } from './sample-history.ts';
import { AGENT_RATE } from './synthesiser.ts';
import { clockTime } from './tools.ts';
import { cleanTyped } from './typed-text.ts';
import { EnergyVad, type VadEvent } from './vad.ts';

const CALLER_RATE = UPLINK_SAMPLE_RATE;
const PREROLL_SAMPLES = CALLER_RATE / 5;
const MAX_ECHO_SAMPLES = CALLER_RATE * 6;
/** Longest typed text spoken back. */
const MAX_SPOKEN_CHARS = 200;

export class TalkingAgent implements AgentBehaviour {
  readonly #c: BehaviourContext;
  readonly #phrases: Phrases;
  readonly #voice: AgentVoice;
  readonly #vad: EnergyVad;
  readonly #history: SampleHistory;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();
  /** Bumped by every new caller turn: an answer still being prepared for an older turn is dropped. */
  #turn = 0;
  #saidGoodbye = false;
  #stopped = false;
  /** Settles when this call's latest synthesis is done: one at a time per call, so a caller who floods
   *  typed messages queues nothing for the others (answers superseded meanwhile are never synthesised). */
  #synthesising: Promise<void> = Promise.resolve();

  constructor(context: BehaviourContext) {
    this.#c = context;
    this.#phrases = PHRASES[context.agent.language];
    const t = context.timings;
    this.#voice = new AgentVoice(context.channel, {
      audioPace: t.audioPace,
      playbackSpeed: t.playbackSpeed,
      minChunkMs: t.minChunkMs,
      maxChunkMs: t.maxChunkMs,
      random: context.random,
    });
    this.#vad = new EnergyVad({ endSilenceMs: t.endOfTurnSilenceMs, maxTurnMs: t.maxTurnMs });
    this.#history = new SampleHistory(CALLER_RATE * Math.ceil(t.maxTurnMs / 1000 + 2));
  }

  start(): void {
    const { agent, visit, returningVisit } = this.#c;
    const text = returningVisit
      ? this.#phrases.welcomeBack(agent.name, visit.typed.at(-1))
      : (agent.greeting ?? this.#phrases.greeting(agent.name));
    void this.#answer(this.#turn, [text]);
  }

  onAudio(samples: Int16Array): void {
    if (this.#stopped) return;
    this.#history.append(samples);
    for (const event of this.#vad.push(samples)) {
      if (event.type === 'start') this.#callerStartsSpeaking();
      else this.#callerFinishedTurn(event);
    }
  }

  onText(text: string): void {
    const clean = cleanTyped(text);
    if (!clean || this.#stopped) return;
    // The client stops playing when it sends text; the server stops sending and closes the agent's turn.
    this.#voice.cut();
    const turn = ++this.#turn;
    this.#c.rememberTyped(clean);
    this.#c.channel.sendJson({ type: 'transcript', role: 'user', text: clean, final: true });
    if (this.#saidGoodbye) return;
    if (isGoodbye(clean)) {
      this.#saidGoodbye = true;
      void this.#answer(turn, [this.#phrases.goodbye]).then(() => this.#after(this.#c.timings.hangupMarginMs, () => this.#c.channel.hangUp()));
    } else if (asksTime(clean)) {
      this.#tellTime(turn).catch((error: unknown) => this.#c.log(`get_time failed: ${(error as Error).message}`));
    } else {
      const spoken = clean.length > MAX_SPOKEN_CHARS ? `${clean.slice(0, MAX_SPOKEN_CHARS)}…` : clean;
      void this.#answer(turn, [this.#phrases.youWrote(spoken)]);
    }
  }

  stop(): void {
    this.#stopped = true;
    this.#turn++;
    this.#voice.cut(); // closes the agent's turn with what was heard, if the socket is still open
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #callerStartsSpeaking(): void {
    if (this.#voice.speaking) {
      this.#c.channel.sendJson({ type: 'interrupted' });
      this.#voice.cut();
    }
    this.#turn++;
    this.#c.channel.sendJson({ type: 'transcript', role: 'user', text: this.#phrases.listening, final: false });
  }

  #callerFinishedTurn(event: Extract<VadEvent, { type: 'end' }>): void {
    const seconds = Math.round((event.endSample - event.startSample) / (CALLER_RATE / 10)) / 10;
    const turn = ++this.#turn;
    this.#c.channel.sendJson({ type: 'transcript', role: 'user', text: this.#phrases.userSpeech(seconds), final: true });
    if (this.#saidGoodbye) return;
    const from = Math.max(0, event.startSample - PREROLL_SAMPLES);
    const to = Math.min(event.endSample + PREROLL_SAMPLES, from + MAX_ECHO_SAMPLES);
    const echo = floatToInt16(resample(int16ToFloat(this.#history.slice(from, to)), CALLER_RATE, AGENT_RATE));
    void this.#answer(turn, [this.#phrases.heard(seconds), { pcm: echo, text: this.#phrases.echoLabel }]);
  }

  async #tellTime(turn: number): Promise<void> {
    const channel = this.#c.channel;
    channel.sendJson({ type: 'tool', name: 'get_time', status: 'running' });
    await new Promise<void>((resolve) => this.#after(this.#c.timings.toolDelayMs, resolve));
    if (this.#stopped) return;
    const { hours, minutes } = clockTime(this.#c.clock.now(), this.#c.agent.timeZone);
    channel.sendJson({ type: 'tool', name: 'get_time', status: 'done', ok: true });
    await this.#answer(turn, [this.#phrases.time(hours, minutes)]);
  }

  /** Synthesises the parts (text, or ready audio with its transcript stand-in) and speaks them, unless a
   *  newer turn has begun meanwhile. */
  async #answer(turn: number, parts: (string | Segment)[]): Promise<void> {
    const { synth, agent } = this.#c;
    const superseded = () => turn !== this.#turn || this.#stopped;
    const previous = this.#synthesising;
    let synthesised!: () => void;
    this.#synthesising = new Promise((resolve) => (synthesised = resolve));
    try {
      await previous;
      if (superseded()) return;
      const segments = await Promise.all(
        parts.map(async (part): Promise<Segment> =>
          typeof part === 'string' ? { pcm: await synth.speak(part, agent.language), text: part } : part,
        ),
      );
      synthesised();
      if (superseded()) return;
      await this.#voice.speak(composeUtterance(segments));
    } catch (error) {
      this.#c.log(`agent answer failed: ${(error as Error).stack ?? error}`);
    } finally {
      synthesised();
    }
  }

  #after(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!this.#stopped) action();
    }, ms);
    this.#timers.add(timer);
  }
}
