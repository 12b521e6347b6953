// Numbers and durations through Intl, for one locale.

/** Wraps interpolated text (a name, a tool) in Unicode bidi isolates so it cannot reorder the sentence around it. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Made on the first name that needs it (the status line renders every second during a call). */
let graphemes: Intl.Segmenter | null | undefined;

/** `text` cut to at most `max` characters (user-perceived: a letter keeps its marks, an emoji its parts), at a
 *  word's end where there is one, with "…" after it. Bidi controls are dropped first: a cut must not leave one
 *  open, nor take the closing one of ours (see isolate). */
export function shortened(text: string, max: number): string {
  const plain = text.replace(/[\u202A-\u202E\u2066-\u2069]/g, '');
  // No more code units than `max` is no more characters: most names end here, without segmenting.
  if (plain.length <= max) return plain;
  graphemes ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  const chars = graphemes ? Array.from(graphemes.segment(plain), (part) => part.segment) : Array.from(plain);
  if (chars.length <= max) return plain;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export class Formatter {
  readonly #integer: Intl.NumberFormat;
  readonly #twoDigits: Intl.NumberFormat;
  readonly #units: Record<'hour' | 'minute' | 'second', Intl.NumberFormat>;
  readonly #list: Intl.ListFormat;

  constructor(readonly locale: string) {
    this.#integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.#twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, maximumFractionDigits: 0 });
    const unit = (name: 'hour' | 'minute' | 'second') =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long', maximumFractionDigits: 0 });
    this.#units = { hour: unit('hour'), minute: unit('minute'), second: unit('second') };
    this.#list = new Intl.ListFormat(locale, { type: 'unit', style: 'long' });
  }

  /** A running clock: `m:ss`, or `h:mm:ss` from one hour. */
  clock(totalSeconds: number): string {
    const { hours, minutes, seconds } = split(totalSeconds);
    const ss = this.#twoDigits.format(seconds);
    if (hours > 0) return `${this.#integer.format(hours)}:${this.#twoDigits.format(minutes)}:${ss}`;
    return `${this.#integer.format(minutes)}:${ss}`;
  }

  /** A duration in words: "2 minutes, 5 seconds" / "دقيقتان و5 ثوان" / "2 minutes et 5 secondes". */
  duration(totalSeconds: number): string {
    const { hours, minutes, seconds } = split(totalSeconds);
    const parts: string[] = [];
    if (hours) parts.push(this.#units.hour.format(hours));
    if (minutes) parts.push(this.#units.minute.format(minutes));
    if (seconds || parts.length === 0) parts.push(this.#units.second.format(seconds));
    return this.#list.format(parts);
  }
}

function split(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const whole = Number.isFinite(totalSeconds) ? Math.max(0, Math.round(totalSeconds)) : 0;
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

const formatters = new Map<string, Formatter>();

/** One Formatter per locale for the widget's life. */
export function formatterFor(locale: string): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) formatters.set(locale, (formatter = new Formatter(locale)));
  return formatter;
}
