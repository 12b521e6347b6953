// Makes the emitted declarations (dist/types/) usable by any TypeScript consumer: the project imports its
// own files as `./x.ts`, which the declarations must name `./x.js`; and Lit's types are reached only through
// `lit` itself (the package's dependency), never through `lit-html` or `@lit/reactive-element`, which a strict
// package manager (pnpm) does not let a consumer resolve.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist/types';

const LIT_PACKAGES: [RegExp, string][] = [
  [/^lit-html(\/.*)?$/, 'lit'],
  [/^lit-element\/lit-element\.js$/, 'lit'],
  [/^@lit\/reactive-element$/, 'lit'],
];

export function finishDeclaration(text: string): string {
  return text.replace(/(\bfrom\s*|\bimport\s*\(\s*)(['"])([^'"]+)\2/g, (_match, lead: string, quote: string, specifier: string) => {
    return `${lead}${quote}${rewrite(specifier)}${quote}`;
  });
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
  console.log(`finish-types: ${files.length} declaration files in ${root}`);
}

await main();
