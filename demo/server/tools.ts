/** The get_time tool: hours and minutes (two digits each, 24-hour clock) at `now` in `timeZone`. */
export function clockTime(now: number, timeZone = 'UTC'): { hours: string; minutes: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { hours: part('hour'), minutes: part('minute') };
}
