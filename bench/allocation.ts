// Heap allocations made by a piece of code, from V8's sampling heap profiler (inspector protocol),
// counting objects already collected too. Used to check that the audio-thread paths allocate nothing.

import { Session } from 'node:inspector/promises';

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

/** One loop for every phase, so it is compiled (and on-stack replaced) during the warm-up, not later. */
function repeat(fn: () => void, times: number): void {
  for (let i = 0; i < times; i++) fn();
}

/** At least `times` calls and at least `ms` milliseconds: optimising compilers run on background threads,
 *  which a busy machine may schedule late. */
function warm(fn: () => void, times: number, ms: number): void {
  const until = performance.now() + ms;
  repeat(fn, times);
  while (performance.now() < until) repeat(fn, 100);
}

/**
 * Runs fn `warmup` times and for `warmupMs` (so it is optimised), then `calls` times under the sampling profiler (one sample
 * per ~`interval` bytes), and returns the sampled bytes whose allocating stack includes a frame from a
 * script whose URL contains `scope`. Zero means nothing from that code was seen allocating.
 *
 * The JIT allocates too (code, feedback, deoptimisation data, mostly when a function is optimised again)
 * and the profiler blames whatever JavaScript frame is running at that moment. To keep that out: starting
 * the profiler deoptimises code the first time (V8 switches off inline allocation), so the warm-up runs
 * again under a discarded sampling session; and the measurement is repeated `rounds` times, keeping the
 * smallest — an allocation made by the code itself shows up in every round. `beforeMeasuring` runs
 * (unsampled) before each round.
 */
export async function sampledAllocationBytes(
  fn: () => void,
  scope: string,
  { calls = 20_000, warmup = 5_000, warmupMs = 250, interval = 64, rounds = 3, beforeMeasuring = () => {} } = {},
): Promise<number> {
  warm(fn, warmup, warmupMs);
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    // (The include… flags are newer than @types/node's protocol typings.)
    const sampling: object = {
      samplingInterval: interval,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    };
    await session.post('HeapProfiler.startSampling', sampling);
    warm(fn, warmup, warmupMs);
    await session.post('HeapProfiler.stopSampling');
    let least = Number.POSITIVE_INFINITY;
    for (let round = 0; round < rounds; round++) {
      beforeMeasuring();
      await session.post('HeapProfiler.startSampling', sampling);
      repeat(fn, calls);
      const { profile } = await session.post('HeapProfiler.stopSampling');
      least = Math.min(least, bytesInScope(profile.head as ProfileNode, scope));
    }
    await session.post('HeapProfiler.disable');
    return least;
  } finally {
    session.disconnect();
  }
}

function bytesInScope(root: ProfileNode, scope: string): number {
  let bytes = 0;
  const walk = (node: ProfileNode, inScope: boolean): void => {
    const here = inScope || node.callFrame.url.includes(scope);
    if (here) bytes += node.selfSize;
    for (const child of node.children) walk(child, here);
  };
  walk(root, false);
  return bytes;
}
