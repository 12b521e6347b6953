// Small files with one job: the public element is read in one sitting, the call UI is a facade over its
// parts, and no file under src/ grows into a second element. Styles and the string catalogues are long by
// nature and exempt under src/ui/; tests placed beside the code count like the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;

it('keeps the public element and the call UI facade short', () => {
  expect(lines('src/ui/voice-agent-element.ts')).toBeLessThanOrEqual(320);
  expect(lines('src/ui/internal/call-ui.ts')).toBeLessThanOrEqual(250);
});

it('has no file over 400 lines under src/, nor over 300 under src/ui/ (styles and catalogues aside)', () => {
  const tooLong = sourceFiles('src').flatMap((file) => {
    const limit = !file.startsWith('src/ui/') ? 400 : /\.styles\.ts$|^src\/ui\/i18n\/(ar|fr|en)\.ts$/.test(file) ? Infinity : 300;
    const count = lines(file);
    return count > limit ? [`${file}: ${count} lines (limit ${limit})`] : [];
  });
  expect(tooLong).toEqual([]);
});
