// In Firefox, reading `AudioContext.outputLatency` asks the audio server, and asked while the output the call
// just connected was starting, it froze the page for good (the first call of a page, 1 in 1 to 23; the tab's
// main thread waiting on the audio server while the graph's thread waited on the main thread's lock). The
// call's worker is handed a reader of the latency, called once the agent's last words have left the
// processor, never the value read at set-up. Checked here in Chromium, by counting the reads.
import { afterEach, expect, it } from 'vitest';
import { AudioEngine } from '../../src/audio/audio-engine.ts';
import { restoreAfterTest, restoreAll } from '../fixtures/after-test.ts';
import { sleep } from '../sleep.ts';

afterEach(restoreAll);

/** Counts reads of `outputLatency` on every context. */
function countLatencyReads(): () => number {
  let reads = 0;
  const descriptor = Object.getOwnPropertyDescriptor(AudioContext.prototype, 'outputLatency')!;
  Object.defineProperty(AudioContext.prototype, 'outputLatency', {
    configurable: true,
    get(this: AudioContext) {
      reads++;
      return descriptor.get!.call(this) as number;
    },
  });
  restoreAfterTest(() => Object.defineProperty(AudioContext.prototype, 'outputLatency', descriptor));
  return () => reads;
}

it('hands the worker a reader of the output latency, and nothing reads it while the output starts', async () => {
  const reads = countLatencyReads();
  let readLatency: (() => number) | null = null;
  const engine = new AudioEngine({
    audioProcessing: false,
    pipe: {
      capture: (port) => port.close(),
      playback: (port, outputLatencyMs) => {
        readLatency = outputLatencyMs;
        port.close();
      },
    },
  });
  restoreAfterTest(() => engine.close());
  await Promise.all([engine.source.open(), engine.sink.open()]);
  await expect.poll(() => engine.context?.state).toBe('running');
  await sleep(300); // the output is playing
  expect(readLatency).not.toBeNull();
  expect(reads()).toBe(0);

  const latencyMs = readLatency!();
  expect(reads()).toBe(1);
  expect(latencyMs).toBeGreaterThanOrEqual(0);
  expect(latencyMs).toBeLessThanOrEqual(500);
});
