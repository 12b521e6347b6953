// The worklet module ships the resampler's prototype filter as the build designed it (vite.config.ts's
// `__PROTOTYPE_FILTER__`), not the Parks–McClellan design itself: no remez.ts in it, and the taps written in it
// are today's design.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { designPrototype, encodePrototype } from '../../worklets/dsp/prototype-design.ts';

const WORKLET = join(import.meta.dirname, '../../dist/assets/audio.worklet.js');

it('the built worklet carries the designed taps and none of the design’s code', async () => {
  const code = await readFile(WORKLET, 'utf8');
  const map = JSON.parse(await readFile(`${WORKLET}.map`, 'utf8')) as { sources: string[] };
  expect(map.sources.some((source) => source.endsWith('worklets/dsp/prototype-filter.ts'))).toBe(true);
  expect(map.sources.filter((source) => source.endsWith('/remez.ts'))).toEqual([]);
  expect(code).toContain(encodePrototype(designPrototype()));
});
