// diagnose(): what on this page would stop the widget, checked by trying, for the site's owner. Each check is a
// real probe (a policy is known by its refusal, reported as `securitypolicyviolation`), in the order a call
// needs them: the page, the widget's code, the audio, the service. The report is plain data, and the same in
// the console. It starts no call, asks for no microphone and changes nothing the visitor sees; it loads the
// call's code as a hover would, and spends one ticket. This chunk carries no Lit: it runs where the call's code
// cannot (Trusted Types that refuse Lit's policy, a policy that refuses the call's chunk).
import type { DiagnoseReport } from '../../../call/types.ts';
import { callCode, type CallModule, loadCode, trustedTypes, tryWorker, webAssembly, worker, worklet } from './code-checks.ts';
import { audioContext, microphone, secureContext } from './page-checks.ts';
import { type ConsoleLike, printReport, reportOf } from './report.ts';
import { serviceChecks } from './service-checks.ts';
import type { DiagnoseScope, DiagnoseSubject, DiagnoseTarget } from './subject.ts';
import { ViolationLog } from './violations.ts';

/** Where the widget's files are served (this chunk sits beside the call's, in assets/). */
const assets = (): string => import.meta.url.replace(/[^/]*$/, '');

/** Runs every check on `element`'s page and its calls to `target`, prints the report and resolves to it.
 *  `scope` is the page's global scope (a test's frame), `out` its console. */
export async function diagnose(
  element: DiagnoseSubject,
  target: DiagnoseTarget,
  /** The call's module once loaded (call-ui-loader.ts' `loadedCallUi`, which the launcher holds). */
  calls: () => CallModule | null,
  scope = globalThis as unknown as DiagnoseScope,
  out: ConsoleLike = console,
): Promise<DiagnoseReport> {
  const log = new ViolationLog(scope);
  try {
    const checks = [secureContext(scope), microphone(scope)];
    const load = await loadCode(element, log);
    const workerTry = await tryWorker(element, calls, log);
    checks.push(
      await callCode(load, assets(), log),
      trustedTypes(scope, load, workerTry),
      worker(workerTry),
      await worklet(scope, calls()?.workletUrl(element.workletBase || undefined) ?? null, log),
      await webAssembly(scope, log),
      await audioContext(scope),
      ...(await serviceChecks(scope, target, log)),
    );
    const report = reportOf(checks);
    printReport(report, out);
    return report;
  } finally {
    log.stop();
  }
}
