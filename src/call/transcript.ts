import type { Role, TranscriptDetail } from './types.ts';

export interface Turn {
  id: number;
  role: Role;
  text: string;
  final: boolean;
  /** When the turn began (epoch ms, the page's clock). */
  at: number;
  /** The visitor typed it (the service's echo of a `text` message, spec §6.2). */
  typed?: boolean;
}

const MAX_TURNS = 500;

/**
 * The conversation as turns with replace semantics: each message carries the whole turn so far, so it
 * replaces the open turn of its role; `final: true` closes that turn and the role's next message opens a new one.
 * Roles interleave freely (the caller can speak while the agent's turn is still open).
 */
export class TranscriptTurns {
  #turns: Turn[] = [];
  #open = new Map<Role, Turn>();
  #nextId = 1;
  #drops: number[] = [];
  readonly #now: () => number;

  /** `now`: the wall clock each turn's `at` is read from. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get all(): readonly Turn[] {
    return this.#turns;
  }

  /** Where the line dropped during the call: for each drop, the id of the last turn before it (0: none). */
  get breaks(): readonly number[] {
    return this.#drops;
  }

  /** Notes that the line dropped here; turns after it keep counting their ids up. */
  markBreak(): void {
    const last = this.#turns.at(-1)?.id ?? 0;
    if (this.#drops.at(-1) !== last) this.#drops.push(last);
  }

  /** Applies one transcript message and returns the turn it changed, as an event detail. */
  apply(role: Role, text: string, final: boolean): TranscriptDetail {
    let turn = this.#open.get(role);
    if (!turn) {
      turn = { id: this.#nextId++, role, text, final, at: this.#now() };
      this.#turns.push(turn);
      if (this.#turns.length > MAX_TURNS) this.#turns.shift();
    }
    turn.text = text;
    turn.final = final;
    if (final) this.#open.delete(role);
    else this.#open.set(role, turn);
    return { role, text, final, turnId: turn.id };
  }

  /** Closes every open turn as it stands (for example when the call ends mid-sentence). */
  closeAll(): TranscriptDetail[] {
    const closed: TranscriptDetail[] = [];
    for (const turn of this.#open.values()) {
      turn.final = true;
      closed.push({ role: turn.role, text: turn.text, final: true, turnId: turn.id });
    }
    this.#open.clear();
    return closed;
  }

  clear(): void {
    this.#turns = [];
    this.#drops = [];
    this.#open.clear();
  }
}
