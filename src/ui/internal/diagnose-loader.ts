// `diagnose()`, the owner's check of the page. The launcher holds only this: the checks are a chunk of their
// own (diagnose/diagnose.ts), downloaded when asked for, without the call's code (which a page may block). Where
// even that chunk cannot be downloaded (a script-src that names only voice-agent.js, files missing beside it),
// the report says so, with the fix. (No retry under a URL of its own, as the call's chunks have: the owner who
// fixes the page reloads it.)
import type { DiagnoseReport } from '../../call/types.ts';
import { loadedCallUi } from './call-ui-loader.ts';
import type { DiagnoseSubject, DiagnoseTarget } from './diagnose/subject.ts';

/** Runs the checks of `element`'s page and its calls to `target` (see diagnose/diagnose.ts). */
export const diagnose = (element: DiagnoseSubject, target: DiagnoseTarget): Promise<DiagnoseReport> =>
  import('./diagnose/diagnose.ts').then(
    (module) => module.diagnose(element, target, loadedCallUi),
    (error: unknown) => ({
      ok: false,
      checks: [{ id: 'widget-code', ok: false, message: `${error}`, fix: 'serve assets/ beside voice-agent.js, and allow them in script-src' }],
    }),
  );
