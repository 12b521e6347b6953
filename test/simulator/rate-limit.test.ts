// The ticket limiter's own memory: addresses seen once are forgotten after their window.
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '../../demo/server/rate-limit.ts';

describe('SlidingWindowLimiter', () => {
  it('forgets keys whose events have all left the window once it has grown', () => {
    const limiter = new SlidingWindowLimiter(20, 1000, 100);
    for (let i = 0; i < 100; i++) limiter.take(`10.0.0.${i}`, 0);
    expect(limiter.keys).toBe(100);
    limiter.take('10.0.1.1', 1000); // the first hundred are idle for a whole window
    expect(limiter.keys).toBe(1);
  });

  it('keeps active keys and their counts, sweeping less often while they all stay active', () => {
    const limiter = new SlidingWindowLimiter(1, 1000, 10);
    for (let i = 0; i < 50; i++) expect(limiter.take(`k${i}`, i)).toEqual({ ok: true });
    expect(limiter.keys).toBe(50);
    expect(limiter.take('k0', 60)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
