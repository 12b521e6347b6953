import { html, nothing } from 'lit/html.js';
import type { ToolDetail } from '../../../call/types.ts';
import type { CallTimes } from './call-clock.ts';
import { isolate, type Formatter } from '../../i18n/format.ts';
import type { Catalogue } from '../../i18n/index.ts';
import { icons } from '../icons.ts';

/** Tool names are identifiers (`get_opening_hours`): shown as words. */
export function toolLabel(name: string): string {
  return name.replace(/[_-]+/g, ' ').trim();
}

/** Elapsed time, time left before the service's limit (a warning in the last 30 s) and the tool at work. */
export function liveInfo(times: CallTimes, tool: ToolDetail | null, t: Catalogue, format: Formatter) {
  const elapsed = format.clock(times.elapsedSeconds);
  const left = format.clock(times.leftSeconds);
  return html`<div class="live-info">
    <p part="timer" class="timer ${times.warning ? 'warning' : ''}" role="timer">
      <span class="visually-hidden">${t.elapsed(elapsed)}</span>
      <span class="elapsed" aria-hidden="true">${elapsed}</span>
      <span class="left" dir="auto">${times.warning ? icons.warning : nothing}${t.timeLeft(left)}</span>
    </p>
    ${tool
      ? html`<p part="tool" class="tool">${icons.tool}<span>${t.tool(isolate(toolLabel(tool.name)))}</span></p>`
      : nothing}
  </div>`;
}
