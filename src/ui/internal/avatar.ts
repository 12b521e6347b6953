import { html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { sanitizeColour, sanitizeImageUrl } from '../../call/avatar.ts';
import type { AgentAvatar } from '../../call/types.ts';
import { cssProps } from './css-props.ts';
import { icons } from './icons.ts';

/**
 * The agent's face: its image when the URL is http(s), else a gradient of its colours with its initial
 * (a microphone before the agent is known).
 * Values are checked again here (the session already did): a colour that is not a colour never reaches a
 * style, and the gradient is set as one property through the CSSOM, never as style text.
 */
export function avatarView(name: string | undefined, avatar: AgentAvatar | undefined, size: 'small' | 'large') {
  const from = sanitizeColour(avatar?.from);
  const to = sanitizeColour(avatar?.to) ?? from;
  const url = sanitizeImageUrl(avatar?.url);
  const style: Record<string, string> = from && to ? { 'background-image': `linear-gradient(135deg, ${from}, ${to})` } : {};
  return html`<span part="avatar" class="avatar ${size}" ${cssProps(style)} aria-hidden="true">
    ${name ? html`<span class="initial">${initialOf(name)}</span>` : icons.mic}
    ${url
      ? keyed(
          url,
          html`<img src=${url} alt="" referrerpolicy="no-referrer" decoding="async"
            @error=${(event: Event) => ((event.target as HTMLImageElement).hidden = true)} />`,
        )
      : nothing}
  </span>`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first character (grapheme) of the name, upper-cased where the script has case. */
function initialOf(name: string): string {
  const first = graphemes.segment(name.trim())[Symbol.iterator]().next();
  return first.done ? '' : first.value.segment.toLocaleUpperCase();
}
