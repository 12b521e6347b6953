// The demo page's "Check this page": runs the widget's diagnose() and shows its report as a table (each check,
// its result and its fix), as an owner sees it on their own site.
import { html, nothing } from 'lit';
import type { DiagnoseCheck, DiagnoseReport } from '../../src/call/types.ts';
import type { VoiceAgentElement } from '../../src/voice-agent.ts';

export interface CheckStrings {
  check: string;
  checking: string;
  checkColumn: string;
  resultColumn: string;
  fixColumn: string;
  allPassed: string;
  failed: (count: number) => string;
}

/** The last report of the page's widget, and whether a check is under way. */
export class PageCheck {
  report: DiagnoseReport | null = null;
  running = false;

  constructor(private readonly changed: () => void) {}

  async run(widget: VoiceAgentElement): Promise<void> {
    this.running = true;
    this.changed();
    try {
      this.report = await widget.diagnose();
    } finally {
      this.running = false;
      this.changed();
    }
  }
}

const mark = ({ ok, fix }: DiagnoseCheck) => (ok === null ? '–' : !ok ? '✗' : fix ? '!' : '✓');

/** The report as a table (the words of `t`; the checks' own are the widget's, in English, for developers). */
export function reportTable(report: DiagnoseReport, t: CheckStrings) {
  const failed = report.checks.filter((c) => c.ok === false).length;
  return html`<table class="report" data-testid="report" data-ok=${String(report.ok)} dir="ltr">
    <caption>${failed ? t.failed(failed) : t.allPassed}</caption>
    <tr><th>${t.checkColumn}</th><th>${t.resultColumn}</th><th>${t.fixColumn}</th></tr>
    ${report.checks.map(
      (item) => html`<tr data-check=${item.id} data-ok=${String(item.ok)}>
        <td><span aria-hidden="true">${mark(item)}</span> <code>${item.id}</code></td>
        <td>${item.message}</td>
        <td>${item.fix ? html`<code>${item.fix}</code>` : nothing}</td>
      </tr>`,
    )}
  </table>`;
}

/** The button and, once there is one, the report. */
export function pageCheckView(check: PageCheck, widget: VoiceAgentElement, t: CheckStrings) {
  return html`<p>
      <button type="button" data-testid="check-page" ?disabled=${check.running} @click=${() => void check.run(widget)}>
        ${check.running ? t.checking : t.check}
      </button>
    </p>
    ${check.report ? reportTable(check.report, t) : nothing}`;
}
