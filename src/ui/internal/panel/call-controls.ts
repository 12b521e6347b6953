import { html, type TemplateResult } from 'lit/html.js';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';
import type { ElementRef } from './element-ref.ts';
import { levelMeter } from './level-meter.ts';

export interface CallControlsProps {
  t: Catalogue;
  muted: boolean;
  /** Type instead or Talk instead, between Mute and End call. */
  switch: TemplateResult;
  inputLevel: number;
  /** Set to the microphone's meter (painted between renders). */
  inputMeter: ElementRef;
  onToggleMute: () => void;
  onEnd: () => void;
}

/**
 * Mute (a toggle: `aria-pressed`, its name stays "Mute") with the microphone level, Type instead or Talk instead,
 * and End call. Mute is the panel's main action during a call: focus lands there, not on the text box (which would
 * raise a phone's keyboard over End call) nor on End call (where a stray Enter hangs up).
 */
export function callControls({ t, muted, switch: between, inputLevel, inputMeter, onToggleMute, onEnd }: CallControlsProps) {
  return html`<div part="controls" class="controls">
    <button part="mute-button" class="secondary" type="button" aria-pressed=${muted ? 'true' : 'false'} data-primary @click=${onToggleMute}>
      ${muted ? icons.micOff : icons.mic}<span>${t.mute}</span>${levelMeter(inputLevel, 'input-level', inputMeter, muted)}
    </button>
    ${between}
    <button part="end-button" class="danger" type="button" @click=${onEnd}>${icons.hangUp}<span>${t.endCall}</span></button>
  </div>`;
}
