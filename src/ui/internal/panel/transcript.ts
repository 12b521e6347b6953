import { html, nothing } from 'lit/html.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Turn } from '../../../call/transcript.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';
import { type ElementRef, ref } from './element-ref.ts';

export interface TranscriptProps {
  turns: readonly Turn[];
  /** Where the line dropped: for each drop, the id of the last turn before it (0: before any turn). */
  breaks?: readonly number[];
  agentName: string;
  t: Catalogue;
  following: boolean;
  onJumpToLatest: () => void;
  /** Set to the scrolling list (it follows the newest turn). */
  list: ElementRef;
}

/**
 * The conversation as it is spoken. Each turn is one list item keyed by its id, so a newer version of a
 * turn replaces the text in place. Partial turns are marked provisional. Not a live region: finished turns
 * are announced once by `finalTurnsAnnouncer`.
 */
export function transcriptView({ turns, breaks = [], agentName, t, following, onJumpToLatest, list }: TranscriptProps) {
  if (turns.length === 0 && breaks.length === 0) return nothing;
  return html`<div class="transcript-wrap">
    <ol ${ref(list)} part="transcript" class="transcript" aria-label=${t.transcript} aria-live="off" tabindex="0">
      ${repeat(
        withBreaks(turns, breaks),
        (item) => item.key,
        (item) =>
          item.turn
            ? html`<li
                part="turn turn-${item.turn.role}${item.turn.final ? '' : ' turn-provisional'}"
                class="turn ${item.turn.role} ${item.turn.final ? 'final' : 'provisional'}"
                data-turn-id=${item.turn.id}
              >
                <span class="speaker">${item.turn.role === 'user' ? t.you : agentName}</span>
                <p class="text" dir="auto">${item.turn.text}</p>
              </li>`
            : html`<li part="line-dropped" class="line-dropped"><span>${t.lineDropped}</span></li>`,
      )}
    </ol>
    ${following
      ? nothing
      : html`<button part="jump-button" class="jump" type="button" @click=${onJumpToLatest}>
          ${icons.down}<span>${t.jumpToLatest}</span>
        </button>`}
  </div>`;
}

type Item = { key: string; turn: Turn } | { key: string; turn?: undefined };

/** The turns with a quiet marker after the last turn before each drop. */
function withBreaks(turns: readonly Turn[], breaks: readonly number[]): Item[] {
  const items: Item[] = [];
  const pending = [...breaks];
  const flush = (upTo: number) => {
    while (pending.length && pending[0]! <= upTo) items.push({ key: `drop-${items.length}-${pending.shift()}` });
  };
  for (const turn of turns) {
    flush(turn.id - 1);
    items.push({ key: `turn-${turn.id}`, turn });
  }
  flush(Number.POSITIVE_INFINITY);
  return items;
}

/** How many finished turns the hidden announcer keeps (older ones are dropped; removals are not announced). */
const ANNOUNCED = 3;

/**
 * A visually hidden polite live region that receives each turn once, when it becomes final. Agent turns the
 * visitor already heard in the agent's voice (`voiced`) are left out: a screen reader would say them again.
 */
export function finalTurnsAnnouncer(turns: readonly Turn[], voiced: ReadonlySet<number>, agentName: string, t: Catalogue) {
  const finals = turns.filter((turn) => turn.final && !voiced.has(turn.id)).slice(-ANNOUNCED);
  return html`<div class="visually-hidden" aria-live="polite" aria-relevant="additions" data-announcer="turns">
    ${repeat(
      finals,
      (turn) => turn.id,
      (turn) => html`<p>${turn.role === 'user' ? t.you : agentName}: <span dir="auto">${turn.text}</span></p>`,
    )}
  </div>`;
}
