// The worklet module ships what the build made once rather than the code that makes it: the resampler's
// prototype filter as designed (vite.config.ts's `__PROTOTYPE_FILTER__`), not the Parks–McClellan design, and
// the SIMD kernel's module as assembled (`__FIR_MODULE__`), not its assembler.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { designPrototype, encodePrototype } from '../../worklets/dsp/prototype-design.ts';
import { assembleFirModule, writeFirModule } from '../../worklets/dsp/wasm-fir-assembly.ts';

const WORKLET = join(import.meta.dirname, '../../dist/assets/audio.worklet.js');
let code = '';
let sources: string[] = [];

beforeAll(async () => {
  code = await readFile(WORKLET, 'utf8');
  sources = (JSON.parse(await readFile(`${WORKLET}.map`, 'utf8')) as { sources: string[] }).sources;
});

it('the built worklet carries the designed taps and none of the design’s code', () => {
  expect(sources.some((source) => source.endsWith('worklets/dsp/prototype-filter.ts'))).toBe(true);
  expect(sources.filter((source) => source.endsWith('/remez.ts'))).toEqual([]);
  expect(code).toContain(encodePrototype(designPrototype()));
});

it('the built worklet carries the assembled SIMD kernel and none of the assembler', () => {
  expect(sources.some((source) => source.endsWith('worklets/dsp/wasm-fir-kernel.ts'))).toBe(true);
  expect(sources.filter((source) => source.endsWith('/wasm-fir-assembly.ts'))).toEqual([]);
  expect(code).toContain(writeFirModule(assembleFirModule()));
});
