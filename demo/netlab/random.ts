// A small seeded generator (mulberry32), so that a link's jitter and losses repeat from run to run.

/** Uniform numbers in [0, 1) from a 32-bit seed; the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of one connection's direction, derived from the link's seed: each gets a stream of its own,
 *  so what one connection draws does not depend on how the others interleave with it. */
export function streamSeed(linkSeed: number, connection: number, direction: 'up' | 'down'): number {
  const mixed = Math.imul((linkSeed >>> 0) ^ Math.imul(connection + 1, 0x9e3779b9), 0x85ebca6b);
  return (mixed ^ (direction === 'up' ? 0x27d4eb2f : 0x165667b1)) >>> 0;
}
