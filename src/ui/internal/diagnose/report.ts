// The report diagnose() resolves to, and the same report in the console for the owner who typed it there.
import type { DiagnoseCheck, DiagnoseCheckId, DiagnoseReport } from '../../../call/types.ts';

/** One check's outcome: `ok` true (with a `fix`: it works, and would work better with the change), false
 *  (fails: `fix` is the change), or null (does not apply here, or could not be run). */
export const check = (id: DiagnoseCheckId, ok: boolean | null, message: string, fix = ''): DiagnoseCheck => ({
  id, ok, message, fix,
});

/** The report of `checks`: not ok when any failed. */
export const reportOf = (checks: DiagnoseCheck[]): DiagnoseReport => ({ ok: checks.every((c) => c.ok !== false), checks });

/** What the console is asked to do (the page's own `console`, or a test's). */
export type ConsoleLike = Pick<Console, 'group' | 'groupEnd' | 'log' | 'warn' | 'error' | 'info'>;

/** The mark and the console method of a check: passed, passed with a better way, failed, not applicable. */
function kind({ ok, fix }: DiagnoseCheck): ['✓' | '!' | '✗' | '–', 'log' | 'warn' | 'error' | 'info'] {
  if (ok === null) return ['–', 'info'];
  if (!ok) return ['✗', 'error'];
  return fix ? ['!', 'warn'] : ['✓', 'log'];
}

/** The report as one console group: a heading with the count of failures, then a line per check with its fix. */
export function printReport(report: DiagnoseReport, out: ConsoleLike = console): void {
  const failed = report.checks.filter((c) => c.ok === false).length;
  out.group(`<voice-agent> diagnose(): ${failed ? `${failed} check${failed > 1 ? 's' : ''} failed` : 'every check passed'}`);
  for (const item of report.checks) {
    const [mark, method] = kind(item);
    out[method](`${mark} ${item.id}: ${item.message}${item.fix ? `\n   fix: ${item.fix}` : ''}`);
  }
  out.groupEnd();
}
