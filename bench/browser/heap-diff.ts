// What a long call's page retains more of, by kind: two heap snapshots (each after a forced collection) of
// the built widget in a talking call, `seconds` apart, summed by node type and constructor. The bench says
// how much the heap grows; this says what grows. Needs `npm run build` (or a bench run) first.
// Usage: npx tsx bench/browser/heap-diff.ts [seconds=150]
import type { CDPSession } from 'playwright';
import { startCallRig } from './call-rig.ts';

type Totals = Map<string, { count: number; bytes: number }> & { long?: Map<string, number> };

const seconds = Number(process.argv[2] ?? 150);
const rig = await startCallRig(seconds + 30);
const { browser, site } = rig;
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(site.url, { waitUntil: 'load' });
  const widget = page.locator('voice-agent');
  await widget.locator('[part="launcher"]').click();
  await widget.locator('[part="call-button"]').click();
  await page.waitForTimeout(30_000); // past the greeting and the first answers, as the bench's heap figure
  // Read first: the first evaluate() injects Playwright's own script (330 KB of source) into the page.
  const shadowElements = () => widget.evaluate((el) => el.shadowRoot!.querySelectorAll('*').length);
  const elementsBefore = await shadowElements();
  const before = await snapshot(cdp);
  await page.waitForTimeout(seconds * 1000);
  const after = await snapshot(cdp);
  const elementsAfter = await shadowElements();

  const rows = [...after].map(([kind, { count, bytes }]) => ({
    kind,
    count: count - (before.get(kind)?.count ?? 0),
    bytes: bytes - (before.get(kind)?.bytes ?? 0),
  }));
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`over ${seconds} s of the call: ${(total / 1e3).toFixed(1)} KB more retained (self sizes); ` +
    `elements in the widget's shadow root ${elementsBefore} → ${elementsAfter}`);
  console.log('   bytes    count  kind (snapshot node type: name)');
  for (const row of rows.sort((a, b) => b.bytes - a.bytes).slice(0, 30)) {
    console.log(`${String(row.bytes).padStart(8)} ${String(row.count).padStart(8)}  ${row.kind}`);
  }
  const newLong = [...(after.long ?? [])].filter(([text]) => !before.long?.has(text)).sort((a, b) => b[1] - a[1]);
  console.log(`strings of 1 KB or more retained only at the end: ${newLong.length}`);
  for (const [text, bytes] of newLong.slice(0, 12)) console.log(`${String(bytes).padStart(8)}  ${JSON.stringify(text.slice(0, 100))}`);
} finally {
  await rig.close();
}

/** Self sizes and counts by node type and name (strings together), after a forced collection. */
async function snapshot(cdp: CDPSession): Promise<Totals> {
  await cdp.send('HeapProfiler.collectGarbage');
  let json = '';
  const onChunk = ({ chunk }: { chunk: string }) => void (json += chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const heap = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number];
  const totals: Totals = new Map();
  const long = new Map<string, number>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const kind = types[heap.nodes[i + type]!]!;
    const label = kind.endsWith('string') ? '(strings)' : heap.strings[heap.nodes[i + name]!]!.slice(0, 60);
    const key = `${kind}: ${label}`;
    const entry = totals.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += heap.nodes[i + size]!;
    totals.set(key, entry);
    if (kind.endsWith('string') && heap.nodes[i + size]! >= 1000) {
      const text = heap.strings[heap.nodes[i + name]!]!;
      long.set(text, (long.get(text) ?? 0) + heap.nodes[i + size]!);
    }
  }
  totals.long = long;
  return totals;
}
