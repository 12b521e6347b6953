import { html, nothing } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Turn } from '../../../call/transcript.ts';
import type { Catalogue } from '../../i18n/index.ts';
import { icons } from '../icons.ts';

export interface TranscriptProps {
  turns: readonly Turn[];
  agentName: string;
  t: Catalogue;
  /** Lit ref callback for the scrolling list (auto-scroll). */
  attach: (element: Element | undefined) => void;
  following: boolean;
  onJumpToLatest: () => void;
}

/**
 * The conversation as it is spoken. Each turn is one list item keyed by its id, so a newer version of a
 * turn replaces the text in place. Partial turns are marked provisional. Not a live region: finished turns
 * are announced once by `finalTurnsAnnouncer`.
 */
export function transcriptView({ turns, agentName, t, attach, following, onJumpToLatest }: TranscriptProps) {
  if (turns.length === 0) return nothing;
  return html`<div class="transcript-wrap">
    <ol part="transcript" class="transcript" aria-label=${t.transcript} aria-live="off" tabindex="0" ${ref(attach)}>
      ${repeat(
        turns,
        (turn) => turn.id,
        (turn) => html`<li
          part="turn turn-${turn.role}${turn.final ? '' : ' turn-provisional'}"
          class="turn ${turn.role} ${turn.final ? 'final' : 'provisional'}"
          data-turn-id=${turn.id}
        >
          <span class="speaker">${turn.role === 'user' ? t.you : agentName}</span>
          <p class="text" dir="auto">${turn.text}</p>
        </li>`,
      )}
    </ol>
    ${following
      ? nothing
      : html`<button part="jump-button" class="jump" type="button" @click=${onJumpToLatest}>
          ${icons.down}<span>${t.jumpToLatest}</span>
        </button>`}
  </div>`;
}

/** How many finished turns the hidden announcer keeps (older ones are dropped; removals are not announced). */
const ANNOUNCED = 3;

/** A visually hidden polite live region that receives each turn once, when it becomes final. */
export function finalTurnsAnnouncer(turns: readonly Turn[], agentName: string, t: Catalogue) {
  const finals = turns.filter((turn) => turn.final).slice(-ANNOUNCED);
  return html`<div class="visually-hidden" aria-live="polite" aria-relevant="additions" data-announcer="turns">
    ${repeat(
      finals,
      (turn) => turn.id,
      (turn) => html`<p>${turn.role === 'user' ? t.you : agentName}: <span dir="auto">${turn.text}</span></p>`,
    )}
  </div>`;
}
