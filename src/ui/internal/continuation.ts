// The next page of the site continues the call. When the page goes away (`pagehide`) during a call, what the next
// page needs to offer it is kept in sessionStorage (this tab only, for 2 minutes): the transcript so far, bounded,
// and the agent's public identity, nothing else of the visitor. A widget for the same agent on the next page
// offers it with one control, "Continue the call"; pressing it starts a call as any other, and the visit token
// (kept with remember="visit") lets the agent pick up the conversation; the earlier turns stay above the new.
// Nothing is kept with remember="none" or continue="off"; forget() removes it (VisitStore.forgetAll).
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Turn } from '../../call/transcript.ts';
import type { AgentInfo } from '../../call/types.ts';
import { readAgent } from './agent-memory.ts';

/** How long the next page may offer to continue. */
export const CONTINUE_WITHIN_MS = 2 * 60_000;
/** What is kept of the transcript: the latest turns, within this many characters. */
const MAX_TURNS = 50;
const MAX_CHARS = 8000;

export interface Continuation {
  /** When the page that had the call went away (the wall clock). */
  at: number;
  agent: AgentInfo | null;
  /** The conversation so far, oldest first (ids below zero: they are no turns of this page's calls). */
  turns: Turn[];
  /** The call went on without a microphone (typed): it continues so, and never reopens the microphone itself. */
  typed: boolean;
}

export interface ContinuationOptions {
  /** Its sessionStorage key (the agent's: service and public id). */
  key: () => string;
  /** The owner lets the widget keep it (remember="visit", continue not "off"). */
  allowed: () => boolean;
  /** The call is under way (live, or reconnecting). */
  live: () => boolean;
  /** The conversation shown now, the agent, and whether the call goes on without a microphone. */
  turns: () => readonly Turn[];
  agent: () => AgentInfo | null;
  typed: () => boolean;
  now?: () => number;
}

export class ContinuationController implements ReactiveController {
  /** The call the previous page left, while this page offers to continue it. */
  offer: Continuation | null = null;
  readonly #options: ContinuationOptions;

  constructor(host: ReactiveControllerHost, options: ContinuationOptions) {
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    this.offer ??= this.#options.allowed() ? this.#read() : null;
    addEventListener('pagehide', this.#pageHidden);
    addEventListener('pageshow', this.#pageShown);
  }

  hostDisconnected(): void {
    removeEventListener('pagehide', this.#pageHidden);
    removeEventListener('pageshow', this.#pageShown);
  }

  /** The offer was taken (the call went live) or set aside: the next page load does not offer it again. */
  settle(): void {
    this.offer = null;
    this.#storage((storage) => storage.removeItem(this.#options.key()));
  }

  readonly #pageHidden = (): void => {
    const { live, allowed, turns, agent, typed, key, now = Date.now } = this.#options;
    if (!live() || !allowed()) return;
    const kept: Pick<Turn, 'role' | 'text' | 'at' | 'typed'>[] = [];
    let chars = 0;
    for (const { role, text, at, typed } of [...turns()].reverse()) {
      chars += text.length;
      if (kept.length === MAX_TURNS || chars > MAX_CHARS) break;
      kept.unshift({ role, text, at, typed });
    }
    const stored = { at: now(), agent: agent(), turns: kept, typed: typed() };
    this.#storage((storage) => storage.setItem(key(), JSON.stringify(stored)));
  };

  /** Back from the back-forward cache: this page goes on with its own call, the next one offers nothing. */
  readonly #pageShown = (event: Event): void => {
    if ((event as PageTransitionEvent).persisted) this.#storage((storage) => storage.removeItem(this.#options.key()));
  };

  /** The stored offer for this agent if it is younger than 2 minutes; read like a server message. */
  #read(): Continuation | null {
    const { key, now = Date.now } = this.#options;
    return this.#storage((storage) => {
      const raw = storage.getItem(key());
      if (!raw) return null;
      const { at, agent, turns, typed } = JSON.parse(raw) as Record<string, unknown>;
      const age = now() - Number(at);
      if (!(age >= 0 && age < CONTINUE_WITHIN_MS) || !Array.isArray(turns)) return null;
      const read: Turn[] = turns
        .filter((turn): turn is Pick<Turn, 'role' | 'text' | 'at' | 'typed'> =>
          (turn?.role === 'user' || turn?.role === 'agent') && typeof turn.text === 'string')
        .slice(-MAX_TURNS)
        .map((turn, i, all) => ({
          id: i - all.length, role: turn.role, text: turn.text.slice(0, MAX_CHARS), final: true,
          // A turn's time as it was kept, else the time the page went away; marked typed only when it says so.
          at: Number.isFinite(turn.at) ? turn.at : Number(at), typed: turn.typed === true,
        }));
      return { at: Number(at), agent: readAgent(agent), turns: read, typed: typed === true };
    }) ?? null;
  }

  /** sessionStorage, where the page may use it; nothing happens (and nothing is thrown) where it may not. */
  #storage<T>(use: (storage: Storage) => T): T | undefined {
    try {
      return use(sessionStorage);
    } catch {
      return undefined;
    }
  }
}
