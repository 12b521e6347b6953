import { html } from 'lit';
import { cssProps } from '../css-props.ts';

const FLOOR_DB = -50;
const CEILING_DB = -10;
/** Above this loudness the meter counts as active (used for the static, reduced-motion display). */
export const ACTIVE_LOUDNESS = 0.15;

/** RMS (0–1) to a perceived loudness 0–1 on a -50…-10 dBFS scale; anything not a positive number is 0. */
export function loudness(rms: number): number {
  if (!(rms > 0) || !Number.isFinite(rms)) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / (CEILING_DB - FLOOR_DB)));
}

/**
 * Five bars whose heights follow the level; `off` (a muted microphone) flattens and dims them. Decorative (the activity line says who speaks). With
 * `prefers-reduced-motion: reduce` the bars stop moving and the meter only changes colour when active.
 */
export function levelMeter(rms: number, part: 'input-level' | 'output-level', off = false) {
  const value = off ? 0 : loudness(rms);
  return html`<span part=${part} class="meter ${value > ACTIVE_LOUDNESS ? 'active' : ''} ${off ? 'off' : ''}"
    ${cssProps({ '--level': value.toFixed(3) })} aria-hidden="true"
    ><i></i><i></i><i></i><i></i><i></i
  ></span>`;
}
