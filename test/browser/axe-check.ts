// axe-core over the widget's open shadow root: WCAG 2.2 AA and best practices.
import axe from 'axe-core';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Every axe violation in `el`, one line per node (empty when clean). */
export async function violations(el: Element): Promise<string[]> {
  const wcag = await axe.run(el, { runOnly: { type: 'tag', values: WCAG_AA }, resultTypes: ['violations'] });
  // Best practices too, except `region` ("all content inside landmarks"), which is the host page's call.
  const practice = await axe.run(el, {
    runOnly: { type: 'tag', values: ['best-practice'] },
    rules: { region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return [...wcag.violations, ...practice.violations].flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
  );
}

