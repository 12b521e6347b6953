import { html, nothing } from 'lit/html.js';
import type { ToolDetail } from '../../../call/types.ts';
import type { CallTimes } from './call-clock.ts';
import { isolate, type Formatter } from '../../i18n/format.ts';
import type { Catalogue } from '../../i18n/catalogue.ts';
import { icons } from '../icons.ts';

/**
 * A tool's name as words. The service sends only the owner's identifier (spec §6.3: `name`, no label), so it is
 * humanised: `get_opening_hours`, `get-opening-hours` and `getOpeningHours` read "Get opening hours"; an acronym
 * keeps its capitals (`sendSMS` → "Send SMS"); a name in capitals is lowered (`GET_TIME` → "Get time").
 * Empty when the name has no word in it.
 */
export function toolLabel(name: string, locale: string): string {
  const shouting = name === name.toLocaleUpperCase(locale) && name !== name.toLocaleLowerCase(locale);
  const words = name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2') // camelCase
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2') // an acronym before a word: SMSCode
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (!shouting && isAcronym(word, locale) ? word : word.toLocaleLowerCase(locale)));
  const phrase = words.join(' ');
  return phrase.charAt(0).toLocaleUpperCase(locale) + phrase.slice(1);
}

const isAcronym = (word: string, locale: string) => word.length > 1 && word === word.toLocaleUpperCase(locale) &&
  word !== word.toLocaleLowerCase(locale);

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
    ${tool ? html`<p part="tool" class="tool">${icons.tool}<span>${toolLine(tool.name, t)}</span></p>` : nothing}
  </div>`;
}

function toolLine(name: string, t: Catalogue): string {
  const label = toolLabel(name, t.locale);
  return label ? t.tool(isolate(label)) : t.toolUnnamed;
}
