// Heap allocations made by a piece of code, from V8's sampling heap profiler (inspector protocol),
// counting objects already collected too. Used to check that the audio-thread paths allocate nothing.

import { Session } from 'node:inspector/promises';

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

/**
 * Runs fn `warmup` times (so it is optimised), then `calls` times under the sampling profiler (one sample
 * per ~`interval` bytes), and returns the sampled bytes whose allocating stack includes a frame from a
 * script whose URL contains `scope`. Zero means nothing from that code was seen allocating.
 */
export async function sampledAllocationBytes(
  fn: () => void,
  scope: string,
  { calls = 20_000, warmup = 5_000, interval = 64 } = {},
): Promise<number> {
  for (let i = 0; i < warmup; i++) fn();
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
    for (let i = 0; i < calls; i++) fn();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    await session.post('HeapProfiler.disable');
    let bytes = 0;
    const walk = (node: ProfileNode, inScope: boolean): void => {
      const here = inScope || node.callFrame.url.includes(scope);
      if (here) bytes += node.selfSize;
      for (const child of node.children) walk(child, here);
    };
    walk(profile.head as ProfileNode, false);
    return bytes;
  } finally {
    session.disconnect();
  }
}
