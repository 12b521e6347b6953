// The benchmark's output: each table is printed as it is measured and collected into one Markdown file,
// bench/results/<date>.md (not committed), headed by the machine, the runtime and the date.
// docs/benchmarks.md is the committed record, copied from such a file.

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Table {
  title: string;
  header: string[];
  rows: string[][];
  /** Sentences under the table: what each column measures. */
  notes?: string[];
}

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

export class BenchReport {
  private readonly tables: Table[] = [];
  readonly started = new Date();

  /** Prints `table` now and keeps it for the results file. */
  add(table: Table): void {
    this.tables.push(table);
    console.log(`\n${table.title}\n`);
    const widths = table.header.map((h, i) => Math.max(h.length, ...table.rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(table.header));
    console.log(line(table.header.map((h) => '─'.repeat(h.length))));
    for (const row of table.rows) console.log(line(row));
    for (const note of table.notes ?? []) console.log(`\n${note}`);
  }

  /** The machine the figures were measured on. */
  static machine(): string {
    const cpu = cpus();
    return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; ${process.platform} ${process.arch}`;
  }

  markdown(): string {
    const out = [
      '# `npm run bench` results',
      '',
      `Measured ${this.started.toISOString().replace(/\.\d+Z$/, 'Z')} on ${BenchReport.machine()}.`,
    ];
    for (const table of this.tables) {
      out.push('', `## ${table.title}`, '');
      out.push(`| ${table.header.join(' | ')} |`, `|${table.header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
      for (const row of table.rows) out.push(`| ${row.join(' | ')} |`);
      for (const note of table.notes ?? []) out.push('', note);
    }
    return `${out.join('\n')}\n`;
  }

  /** Writes bench/results/<date>.md and bench/results/latest.md; returns the dated file's path. */
  write(): string {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const stamp = this.started.toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z');
    const file = join(RESULTS_DIR, `${stamp}.md`);
    const text = this.markdown();
    writeFileSync(file, text);
    writeFileSync(join(RESULTS_DIR, 'latest.md'), text);
    return file;
  }
}
