// The SIMD kernel's module as the build writes it for the worklet (vite.config.ts's `__FIR_MODULE__`) is the
// assembled one, byte for byte; test/package/worklet-build-time.test.ts checks the built worklet.
import { expect, it } from 'vitest';
import { assembleFirModule, writeFirModule } from './wasm-fir-assembly.ts';
import { firModuleBytes, readFirModule } from './wasm-fir-kernel.ts';

const assembled = assembleFirModule();

it('is a valid WebAssembly module', () => {
  expect(WebAssembly.validate(assembled)).toBe(true);
});

it('reads back as written', () => {
  const written = writeFirModule(assembled);
  expect(written).toMatch(/^(?:[\da-f]{2})+$/);
  expect(readFirModule(written)).toEqual(assembled);
});

it('is what the resampler compiles (the build’s copy in this run, where Vite defines it)', () => {
  expect(firModuleBytes()).toEqual(assembled);
});
