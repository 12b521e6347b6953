// Editors learn <voice-agent> in HTML (and in Vue, Svelte or Angular templates) from two files written here at
// build time from dist/custom-elements.json, the one source for the API:
//  - dist/vscode.html-custom-data.json, VS Code's HTML custom data (the `html.customData` setting);
//  - dist/web-types.json, JetBrains' web-types (package.json "web-types", found by the IDE by itself).
// Attribute values come from the attribute's type when it is a union of string literals (`'ar' | 'fr' | 'en'`).
// Read-only attributes (the reflected `state`) are left out: editors complete what a page writes.
import { readFile, writeFile } from 'node:fs/promises';

const READ_ONLY_ATTRIBUTES = new Set(['state']);

interface Described {
  name: string;
  description?: string;
  type?: { text: string };
}

interface ElementDeclaration extends Described {
  tagName?: string;
  attributes?: Described[];
  events?: Described[];
  slots?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}

/** `'a' | 'b'` → ['a', 'b']; anything else (string, boolean, a named type) → null. */
function literalValues(type: string | undefined): string[] | null {
  if (!type) return null;
  const parts = type.split('|').map((part) => part.trim());
  const values = parts.map((part) => /^'([^']*)'$/.exec(part)?.[1]);
  return values.every((value) => value !== undefined) ? (values as string[]) : null;
}

const markdown = (value: string | undefined) => ({ kind: 'markdown', value: value ?? '' });

/** An attribute a page writes, with what it takes: a fixed set of values, presence alone, or any text. */
interface EditorAttribute {
  name: string;
  description?: string;
  values: { name: string }[] | null;
  boolean: boolean;
}

function editorAttributes(element: ElementDeclaration): EditorAttribute[] {
  return (element.attributes ?? [])
    .filter((attribute) => !READ_ONLY_ATTRIBUTES.has(attribute.name))
    .map(({ name, description, type }) => ({
      name,
      description,
      values: literalValues(type?.text)?.map((value) => ({ name: value })) ?? null,
      boolean: type?.text === 'boolean',
    }));
}

function vscodeCustomData(element: ElementDeclaration) {
  return {
    version: 1.1,
    tags: [
      {
        name: element.tagName,
        description: markdown(element.description),
        attributes: editorAttributes(element).map(({ name, description, values, boolean }) => ({
          name,
          description: markdown(description),
          ...(values ? { values } : {}),
          // A boolean attribute is present or absent: VS Code's value set "v" completes it with no value.
          ...(boolean ? { valueSet: 'v' } : {}),
        })),
      },
    ],
  };
}

function webTypes(element: ElementDeclaration, pkg: { name: string; version: string }) {
  const named = (list: Described[] | undefined) =>
    (list ?? []).map(({ name, description }) => ({ name, ...(description ? { description } : {}) }));
  return {
    $schema: 'https://json.schemastore.org/web-types',
    name: pkg.name,
    version: pkg.version,
    'description-markup': 'markdown',
    contributions: {
      html: {
        elements: [
          {
            name: element.tagName,
            description: element.description,
            attributes: editorAttributes(element).map(({ name, description, values, boolean }) => ({
              name,
              description,
              // A boolean attribute is present or absent; an enum completes its values.
              value: boolean ? { kind: 'no-value' } : { kind: 'plain', type: values ? 'enum' : 'string' },
              ...(values ? { values } : {}),
            })),
            slots: named(element.slots),
            js: { events: named(element.events) },
            css: { properties: named(element.cssProperties), parts: named(element.cssParts) },
          },
        ],
      },
    },
  };
}

async function main(): Promise<void> {
  const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { name: string; version: string };
  const manifest = JSON.parse(await readFile('dist/custom-elements.json', 'utf8')) as {
    modules: { declarations?: ElementDeclaration[] }[];
  };
  const element = manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.tagName);
  if (!element) throw new Error('dist/custom-elements.json declares no custom element');
  await writeFile('dist/vscode.html-custom-data.json', JSON.stringify(vscodeCustomData(element)));
  await writeFile('dist/web-types.json', JSON.stringify(webTypes(element, pkg)));
}

await main();
