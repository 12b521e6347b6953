import { ensureCallerWav } from './fixtures.ts';

export default async function globalSetup(): Promise<void> {
  await ensureCallerWav();
}
