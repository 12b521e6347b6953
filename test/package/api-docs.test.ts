// One source for the API: dist/custom-elements.json, generated at build time from the element's JSDoc header
// and its Lit properties, must say what the code does (parts rendered, custom properties read) and what
// docs/widget.md and the README say, so the three cannot drift apart.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './packed.ts';

interface Named {
  name: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
  type?: { text: string };
}

interface ElementDeclaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Named[];
  members?: Named[];
  events?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
  slots?: Named[];
}

let element: ElementDeclaration;
let docs: string;

beforeAll(async () => {
  const manifest = JSON.parse(await readFile(join(REPO, 'dist/custom-elements.json'), 'utf8')) as {
    modules: { declarations?: ElementDeclaration[] }[];
  };
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.customElement);
  expect(elements.map((d) => d.tagName)).toEqual(['voice-agent']);
  element = elements[0]!;
  docs = await readFile(join(REPO, 'docs/widget.md'), 'utf8');
});

const names = (list: Named[] | undefined) => (list ?? []).map((item) => item.name).sort();

/** The backticked names in the first column of the table under `## <heading>` in docs/widget.md. */
function documented(heading: string): string[] {
  const start = docs.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/widget.md has a "## ${heading}" section`).toBeGreaterThan(-1);
  const section = docs.slice(start + heading.length + 5).split(/\n## /)[0]!;
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows
    .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!))
    .map((name) => name.replace(/\(.*\)$/, ''))
    .sort();
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(REPO, dir), { recursive: true });
  return Promise.all(
    entries.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).map((name) => readFile(join(REPO, dir, name), 'utf8')),
  );
}

describe('the custom elements manifest', () => {
  it('names every attribute docs/widget.md lists, and no other', () => {
    expect(names(element.attributes)).toEqual(documented('Attributes'));
  });

  it('names every public property and method docs/widget.md lists, and no private or protected member', () => {
    const members = element.members ?? [];
    expect(members.filter((member) => member.privacy && member.privacy !== 'public')).toEqual([]);
    expect(names(members.filter((member) => member.kind === 'field' && !member.static))).toEqual(documented('Properties'));
    expect(names(members.filter((member) => member.kind === 'method' && !member.static))).toEqual(documented('Methods'));
  });

  it('names every event docs/widget.md lists, each a CustomEvent with a detail type the package exports', async () => {
    expect(names(element.events)).toEqual(documented('Events'));
    const declarations = (await readdir(join(REPO, 'dist/types'), { recursive: true }))
      .filter((name) => name.endsWith('.d.ts'));
    const exported = new Set<string>();
    for (const file of declarations) {
      const text = await readFile(join(REPO, 'dist/types', file), 'utf8');
      for (const [, name] of text.matchAll(/export (?:interface|type) (\w+)/g)) exported.add(name!);
    }
    for (const event of element.events ?? []) {
      const detail = /^CustomEvent<(.+)>$/.exec(event.type?.text ?? '')?.[1];
      expect(detail, `${event.name} has a CustomEvent<…> type`).toBeDefined();
      if (detail !== 'Record<string, never>') expect(exported.has(detail!), `${event.name}: ${detail} is exported`).toBe(true);
    }
  });

  it('names every CSS part the templates render, as docs/widget.md lists them', async () => {
    const code = (await sourceFiles('src/ui')).join('\n');
    const rendered = new Set<string>();
    // In templates (`part="…"`) and in the launcher's hand-built DOM (`setAttribute('part', '…')`).
    for (const [, inTemplate, inDom] of code.matchAll(/\bpart=(?:"([^"]*)"|\$\{)|setAttribute\('part', '([^']*)'\)/g)) {
      const value = inTemplate ?? inDom;
      for (const token of (value ?? '').replace(/\$\{[^}]*\}/g, '§').split(/\s+/)) if (/^[a-z-]+$/.test(token)) rendered.add(token);
    }
    // The parts built from values: `turn-${role}` (+ ` turn-provisional`), `feedback-${rating}` and the level
    // meters' `part=${part}`.
    expect(code).toContain("part=\"turn turn-${item.turn.role}${item.turn.final ? '' : ' turn-provisional'}\"");
    for (const part of ['turn-user', 'turn-agent', 'turn-provisional']) rendered.add(part);
    expect(code).toContain('part="feedback-button feedback-${value}"');
    expect(code).toMatch(/button\('up', t\.feedbackUp\)[\s\S]*button\('down', t\.feedbackDown\)/);
    for (const part of ['feedback-up', 'feedback-down']) rendered.add(part);
    expect(code).toMatch(/levelMeter\(rms: number, part: 'input-level' \| 'output-level'/);
    for (const part of ['input-level', 'output-level']) rendered.add(part);
    // Type instead and Talk instead are one button (it keeps the focus as the call switches), its part by the mode.
    expect(code).toContain("part=${on ? 'microphone-off-button' : 'microphone-on-button'}");
    for (const part of ['microphone-off-button', 'microphone-on-button']) rendered.add(part);

    expect(names(element.cssParts)).toEqual([...rendered].sort());
    expect(names(element.cssParts)).toEqual(documented('CSS parts'));
  });

  it('names every --voice-agent-* custom property the styles read, as docs/widget.md lists them', async () => {
    const code = (await sourceFiles('src/ui')).join('\n');
    const read = new Set([...code.matchAll(/var\(\s*(--voice-agent-[a-z-]+)/g)].map((match) => match[1]!));
    expect(names(element.cssProperties)).toEqual([...read].sort());
    expect(names(element.cssProperties)).toEqual(documented('CSS custom properties'));
  });

  it('names every slot docs/widget.md lists', () => {
    expect(names(element.slots)).toEqual(documented('Slots'));
  });

  it('gives the counts the README quotes', async () => {
    const readme = await readFile(join(REPO, 'README.md'), 'utf8');
    const counts = /(\d+) `--voice-agent-\*` custom properties, (\d+) `::part`s/.exec(readme);
    expect(counts).not.toBeNull();
    expect(Number(counts![1])).toBe(element.cssProperties?.length);
    expect(Number(counts![2])).toBe(element.cssParts?.length);
  });
});
