// Editors know <voice-agent> in HTML from the packed package: VS Code through the HTML custom data it ships
// (read here by vscode-html-languageservice, the library VS Code's HTML support is built on, as the
// `html.customData` setting makes it), JetBrains IDEs through the web-types file package.json names. Both are
// written from dist/custom-elements.json at build time, so they say what the manifest says.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getLanguageService, newHTMLDataProvider, type HTMLDataV1 } from 'vscode-html-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Packed, packForConsumer } from './packed.ts';

interface Described {
  name: string;
  description?: string;
  type?: { text: string };
}

type ElementDeclaration = Described & { tagName?: string } & Record<'attributes' | 'events' | 'slots' | 'cssParts' | 'cssProperties', Described[]>;

interface Manifest {
  modules: { declarations?: ElementDeclaration[] }[];
}

let packed: Packed;
let element: ElementDeclaration;
beforeAll(async () => {
  packed = await packForConsumer();
  const manifest = JSON.parse(await readFile(join(packed.packageDir, 'dist/custom-elements.json'), 'utf8')) as Manifest;
  element = manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => d.tagName)!;
}, 60_000);
afterAll(() => packed?.dispose());

const readPackaged = async (path: string) => JSON.parse(await readFile(join(packed.packageDir, path), 'utf8')) as unknown;

/** The values an attribute takes when its type is a union of string literals. */
const LITERAL_UNIONS: Record<string, string[]> = {
  lang: ['ar', 'fr', 'en'],
  layout: ['floating', 'inline'],
  placement: ['end', 'start'],
  remember: ['visit', 'none'],
  theme: ['light', 'dark', 'auto'],
  continue: ['on', 'off'],
};
const BOOLEAN_ATTRIBUTES = ['muted', 'open'];
/** Reflected for the page to read (and style by), never written: editors do not offer it. */
const READ_ONLY = 'state';
const writable = () => element.attributes.filter((attribute) => attribute.name !== READ_ONLY);

describe('VS Code HTML custom data (dist/vscode.html-custom-data.json)', () => {
  async function editor(text: string) {
    const data = (await readPackaged('dist/vscode.html-custom-data.json')) as HTMLDataV1;
    const service = getLanguageService({ customDataProviders: [newHTMLDataProvider('voice-agent-widget', data)] });
    const cursor = text.indexOf('|');
    const document = TextDocument.create('file:///page.html', 'html', 1, text.replace('|', ''));
    const position = document.positionAt(cursor);
    const html = service.parseHTMLDocument(document);
    return {
      completions: () => service.doComplete(document, position, html).items,
      hover: () => service.doHover(document, position, html),
    };
  }

  it('completes the tag, and every attribute of the manifest on it, with its description', async () => {
    expect((await editor('<body><voice|</body>')).completions().map((item) => item.label)).toContain('voice-agent');
    const items = (await editor('<voice-agent |></voice-agent>')).completions();
    expect(element.attributes.map((attribute) => attribute.name)).toContain(READ_ONLY);
    expect(items.map((item) => item.label)).not.toContain(READ_ONLY);
    for (const attribute of writable()) {
      const item = items.find((candidate) => candidate.label === attribute.name);
      expect(item, attribute.name).toBeDefined();
      // `lang` is also HTML's global attribute, whose description VS Code shows first (its values are ours).
      if (attribute.name === 'lang') continue;
      expect(JSON.stringify(item!.documentation)).toContain(JSON.stringify(attribute.description).slice(1, 40));
    }
    // A boolean attribute is completed without a value.
    for (const name of BOOLEAN_ATTRIBUTES) expect(items.find((item) => item.label === name)?.textEdit?.newText).toBe(name);
    expect(items.find((item) => item.label === 'public-id')?.textEdit?.newText).toMatch(/^public-id="/);
  });

  it('completes the values of attributes that take a fixed set', async () => {
    for (const [name, values] of Object.entries(LITERAL_UNIONS)) {
      const items = (await editor(`<voice-agent ${name}="|"></voice-agent>`)).completions();
      expect(items.map((item) => item.label), name).toEqual(values);
    }
  });

  it('describes the tag on hover', async () => {
    const hover = (await editor('<voice-a|gent></voice-agent>')).hover();
    expect(JSON.stringify(hover?.contents)).toContain('a call with a business');
  });
});

describe('JetBrains web-types (package.json "web-types")', () => {
  interface WebTypesElement {
    name: string;
    description: string;
    attributes: (Described & { value: { kind: string; type?: string }; values?: { name: string }[] })[];
    slots: Described[];
    js: { events: Described[] };
    css: { properties: Described[]; parts: Described[] };
  }
  interface WebTypes {
    name: string;
    version: string;
    'description-markup': string;
    contributions: { html: { elements: WebTypesElement[] } };
  }

  async function webTypes() {
    const pkg = (await readPackaged('package.json')) as { name: string; version: string; 'web-types': string };
    return { pkg, types: (await readPackaged(pkg['web-types'])) as WebTypes };
  }

  it('names the package and its version, in markdown', async () => {
    const { pkg, types } = await webTypes();
    expect(types).toMatchObject({ name: pkg.name, version: pkg.version, 'description-markup': 'markdown' });
    expect(types.contributions.html.elements.map((entry) => entry.name)).toEqual(['voice-agent']);
  });

  it('has the manifest’s writable attributes (with their kind of value), slots, events, CSS parts and custom properties', async () => {
    const [entry] = (await webTypes()).types.contributions.html.elements;
    const pairs = (list: Described[]) => list.map(({ name, description }) => ({ name, description }));
    expect(pairs(entry!.attributes)).toEqual(pairs(writable()));
    expect(pairs(entry!.slots)).toEqual(pairs(element.slots));
    expect(pairs(entry!.js.events)).toEqual(pairs(element.events));
    expect(pairs(entry!.css.parts)).toEqual(pairs(element.cssParts));
    expect(pairs(entry!.css.properties)).toEqual(pairs(element.cssProperties));
    for (const attribute of entry!.attributes) {
      const values = LITERAL_UNIONS[attribute.name];
      if (values) {
        expect(attribute.value, attribute.name).toEqual({ kind: 'plain', type: 'enum' });
        expect(attribute.values?.map((value) => value.name), attribute.name).toEqual(values);
      } else if (BOOLEAN_ATTRIBUTES.includes(attribute.name)) {
        expect(attribute.value, attribute.name).toEqual({ kind: 'no-value' });
      } else {
        expect(attribute.value, attribute.name).toEqual({ kind: 'plain', type: 'string' });
      }
    }
  });
});
