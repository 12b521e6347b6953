import { html } from 'lit';
import type { Catalogue } from '../../i18n/index.ts';
import { icons } from '../icons.ts';
import { levelMeter } from './level-meter.ts';

export interface CallControlsProps {
  t: Catalogue;
  muted: boolean;
  inputLevel: number;
  onToggleMute: () => void;
  onEnd: () => void;
}

/** Mute (a toggle: `aria-pressed`, its name stays "Mute") with the microphone level, and End call. */
export function callControls({ t, muted, inputLevel, onToggleMute, onEnd }: CallControlsProps) {
  return html`<div part="controls" class="controls">
    <button part="mute-button" class="secondary" type="button" aria-pressed=${muted ? 'true' : 'false'} @click=${onToggleMute}>
      ${muted ? icons.micOff : icons.mic}<span>${t.mute}</span>${levelMeter(muted ? 0 : inputLevel, 'input-level')}
    </button>
    <button part="end-button" class="danger" type="button" @click=${onEnd}>${icons.hangUp}<span>${t.endCall}</span></button>
  </div>`;
}
