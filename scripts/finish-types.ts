// Makes the emitted declarations (dist/types/) usable by any TypeScript consumer: the project imports its
// own files as `./x.ts`, which the declarations must name `./x.js`; and Lit's types are reached only through
// `lit` itself (the package's dependency), never through `lit-html` or `@lit/reactive-element`, which a strict
// package manager (pnpm) does not let a consumer resolve. Then drops the declaration files the public entry
// does not reach (TypeScript emits one for every source file in the program). The element's tag lists
// (`@attr`, `@event`, `@csspart`, `@cssproperty`, `@slot`) are left to custom-elements.json, which editors read
// them from: in the declarations they would only repeat it (and weigh on the package's 100 kB budget).
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';

const root = process.argv[2] ?? 'dist/types';
/** The package's type entries: `voice-agent-widget` and `voice-agent-widget/react`. */
const ENTRIES = ['src/voice-agent.d.ts', 'src/react.d.ts'];

const LIT_PACKAGES: [RegExp, string][] = [
  [/^lit-html(\/.*)?$/, 'lit'],
  [/^lit-element\/lit-element\.js$/, 'lit'],
  [/^@lit\/reactive-element$/, 'lit'],
];

export function finishDeclaration(text: string): string {
  return withoutManifestTags(text).replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])([^'"]+)\2/g, (_match, lead: string, quote: string, specifier: string) => {
    return `${lead}${quote}${rewrite(specifier)}${quote}`;
  });
}

const MANIFEST_TAG = /^\s*\*\s*@(attr|event|csspart|cssproperty|slot)\b/;
const CONTINUATION = /^\s*\*\s{2,}\S/;

/** The text without the JSDoc lines of the manifest's tags (each with its indented continuation lines). */
function withoutManifestTags(text: string): string {
  const kept: string[] = [];
  let skipping = false;
  for (const line of text.split('\n')) {
    if (MANIFEST_TAG.test(line)) skipping = true;
    else if (!(skipping && CONTINUATION.test(line))) skipping = false;
    const blankAfterBlank = /^\s*\*\s*$/.test(line) && /^\s*\*\s*$/.test(kept.at(-1) ?? '');
    if (!skipping && !blankAfterBlank) kept.push(line);
  }
  return kept.join('\n');
}

function rewrite(specifier: string): string {
  if (specifier.startsWith('.')) return specifier.replace(/\.ts$/, '.js');
  for (const [pattern, target] of LIT_PACKAGES) {
    const match = pattern.exec(specifier);
    if (match) return `${target}${match[1] ?? ''}`;
  }
  return specifier;
}

async function main(): Promise<void> {
  const entries = await readdir(root, { recursive: true });
  const files = entries.filter((name) => name.endsWith('.d.ts')).map((name) => join(root, name));
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const finished = finishDeclaration(text);
    if (finished !== text) await writeFile(file, finished);
  }
  const reached = await reachable(ENTRIES.map((entry) => join(root, entry)));
  const unreached = files.filter((file) => !reached.has(normalize(file)));
  await Promise.all(unreached.map((file) => rm(file)));
  console.log(`finish-types: ${reached.size} declaration files in ${root} (${unreached.length} not reached from ${ENTRIES.join(' or ')} removed)`);
}

/** The declaration files the entries import, directly or not (the entries included). */
async function reachable(entries: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => normalize(entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.[^'"]+)\.js['"]/g)) {
      queue.push(normalize(join(dirname(file), `${specifier}.d.ts`)));
    }
  }
  if (seen.size === 0) throw new Error(`no declarations at ${entries.map((entry) => relative('.', entry)).join(', ')}`);
  return seen;
}

await main();
