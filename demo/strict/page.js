// The strict site's page script (demo/strict/strict-site.ts serves it as it is): "Check this page" runs the
// widget's diagnose() and shows its report as a table, in the page's language.
const WORDS = {
  en: { checking: 'Checking…', check: 'Check', result: 'Result', fix: 'Fix', ok: 'every check passed', failed: (n) => `${n} failed` },
  fr: { checking: 'Vérification…', check: 'Vérification', result: 'Résultat', fix: 'Correction', ok: 'toutes les vérifications passent', failed: (n) => `${n} en échec` },
  ar: { checking: 'جارٍ الفحص…', check: 'الفحص', result: 'النتيجة', fix: 'الإصلاح', ok: 'نجحت كل الفحوص', failed: (n) => `فشل ${n}` },
};
const t = WORDS[document.documentElement.lang] ?? WORDS.en;
const MARKS = { true: '✓', false: '✗', null: '–' };

const cell = (tag, text) => Object.assign(document.createElement(tag), { textContent: text });

function render(report) {
  const table = document.createElement('table');
  table.dataset.testid = 'report';
  table.dataset.ok = String(report.ok);
  const failed = report.checks.filter((c) => c.ok === false).length;
  table.append(cell('caption', failed ? t.failed(failed) : t.ok));
  const head = document.createElement('tr');
  head.append(cell('th', t.check), cell('th', t.result), cell('th', t.fix));
  table.append(head);
  for (const check of report.checks) {
    const row = document.createElement('tr');
    row.dataset.check = check.id;
    row.dataset.ok = String(check.ok);
    const mark = check.ok && check.fix ? '!' : MARKS[String(check.ok)];
    row.append(cell('td', `${mark} ${check.id}`), cell('td', check.message), cell('td', check.fix));
    table.append(row);
  }
  document.getElementById('report').replaceChildren(table);
}

const button = document.getElementById('check');
// Enabled once the widget is defined (its module comes from the service's origin).
void customElements.whenDefined('voice-agent').then(() => (button.disabled = false));
button.addEventListener('click', async () => {
  const label = button.textContent;
  button.disabled = true;
  button.textContent = t.checking;
  try {
    render(await document.querySelector('voice-agent').diagnose());
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
});
