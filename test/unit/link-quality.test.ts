// The connection's quality on its own: readings the test makes up, on a clock it moves (the session reads the
// link every 250 ms; here each assess() is one such reading).
import { describe, expect, it } from 'vitest';
import { LinkQuality, SETTLE_MS, type LinkReading } from '../../src/call/link-quality.ts';
import type { Quality } from '../../src/call/types.ts';

const quiet: LinkReading = {
  roundTrips: [80, 80], waitingMs: 0, silent: false, reconnecting: false, framesDropped: 0, underruns: 0, audioBytesReceived: 0,
};

/** A quality read every 250 ms from `from` to `to` (ms), each reading from `at`. */
function readings(quality: LinkQuality, from: number, to: number, at: (t: number) => Partial<LinkReading>): Quality[] {
  const seen: Quality[] = [];
  for (let t = from; t <= to; t += 250) seen.push(quality.assess({ ...quiet, ...at(t) }, t));
  return seen;
}
/** A quality past its first readings (the page's own start: see "as the call starts" below). */
function settled(): LinkQuality {
  const quality = new LinkQuality();
  quality.assess(quiet, -SETTLE_MS);
  return quality;
}
const changes = (seen: Quality[]) => seen.filter((quality, i) => i > 0 && quality !== seen[i - 1]).length;

describe('as the call starts', () => {
  it('says only `lost` for its first 1.5 s: the page itself is busy then, not the line', () => {
    const quality = new LinkQuality();
    const slow = { roundTrips: [400, 500], waitingMs: 600 };
    expect(quality.assess({ ...quiet, ...slow }, 0)).toBe('good');
    expect(quality.assess({ ...quiet, ...slow, framesDropped: 3 }, SETTLE_MS - 1)).toBe('good');
    expect(quality.assess({ ...quiet, ...slow, framesDropped: 6 }, SETTLE_MS)).toBe('poor');
    expect(new LinkQuality().assess({ ...quiet, silent: true }, 0)).toBe('lost');
  });
});

describe('the anchors', () => {
  it('is good on a line with short round trips, and from the first reading', () => {
    const quality = new LinkQuality();
    expect(readings(quality, 0, 60_000, () => ({}))).toEqual(Array(241).fill('good'));
  });

  it('is fair once two round trips in a row take 300 ms or more, not for one', () => {
    const quality = settled();
    expect(quality.assess({ ...quiet, roundTrips: [80, 450] }, 0)).toBe('good');
    expect(quality.assess({ ...quiet, roundTrips: [450, 80] }, 250)).toBe('good');
    expect(quality.assess({ ...quiet, roundTrips: [310, 300] }, 500)).toBe('fair');
  });

  it('is poor once round trips of 1 s or more have held for 2 s', () => {
    const quality = settled();
    const seen = readings(quality, 0, 3000, () => ({ roundTrips: [1100, 1200] }));
    expect(seen.slice(0, 8).every((q) => q === 'fair')).toBe(true);
    expect(seen[8]).toBe('poor'); // at 2,000 ms
  });

  it('is poor as soon as frames are dropped for a line backed up, and stays so for 4 s', () => {
    const quality = settled();
    quality.assess(quiet, 0);
    expect(quality.assess({ ...quiet, framesDropped: 5 }, 250)).toBe('poor');
    expect(quality.assess({ ...quiet, framesDropped: 5 }, 4000)).toBe('poor');
    expect(quality.assess({ ...quiet, framesDropped: 5 }, 4250)).toBe('good');
  });

  it('is lost while nothing arrives (ping interval + 2 s) and while the socket is replaced', () => {
    expect(new LinkQuality().assess({ ...quiet, silent: true }, 0)).toBe('lost');
    expect(new LinkQuality().assess({ ...quiet, reconnecting: true }, 0)).toBe('lost');
  });

  it('is fair for a break in the agent\u2019s voice (an underrun the service\u2019s next audio followed), not for the end of a sentence', () => {
    const broken = settled();
    broken.assess(quiet, 0);
    expect(broken.assess({ ...quiet, underruns: 1, audioBytesReceived: 0 }, 250)).toBe('good');
    expect(broken.assess({ ...quiet, underruns: 1, audioBytesReceived: 960 }, 500)).toBe('fair');

    const ended = settled();
    ended.assess(quiet, 0);
    expect(ended.assess({ ...quiet, underruns: 1 }, 250)).toBe('good');
    expect(ended.assess({ ...quiet, underruns: 1 }, 1000)).toBe('good');
    expect(ended.assess({ ...quiet, underruns: 1, audioBytesReceived: 960 }, 5000)).toBe('good'); // the next answer
  });
});

describe('an outage', () => {
  it('shows within 2 s (a ping unanswered well past the usual round trip), then lost, then good again after', () => {
    const quality = new LinkQuality();
    // Pings every 200 ms answered in 80 ms; nothing answered from 1 s to 5 s; silent from 3.2 s (ping interval + 2 s).
    const seen = readings(quality, 0, 12_000, (t) =>
      t > 1000 && t < 5000 ? { waitingMs: t - 1000, silent: t - 1000 > 2200 } : {},
    );
    const at = (ms: number) => seen[ms / 250];
    expect(at(1000)).toBe('good');
    expect(at(1750)).toBe('fair'); // 750 ms after the line went
    expect(at(3250)).toBe('lost');
    expect(at(4750)).toBe('lost');
    // Back at 5 s: lost a moment longer, then what the outage was on the way there, then good.
    expect(at(6500)).not.toBe('lost');
    expect(at(10_000)).toBe('good');
  });
});

describe('without flicker', () => {
  it('keeps fair on a line whose round trips wander about 300 ms', () => {
    const quality = new LinkQuality();
    let n = 0;
    const seen = readings(quality, 0, 60_000, () => ({ roundTrips: [250 + (n++ % 5) * 25, 250 + (n % 5) * 25] }));
    expect(changes(seen)).toBeLessThanOrEqual(1);
    expect(seen.at(-1)).toBe('fair');
  });

  it('takes one late pong every 3 s for nothing, and a line slow every 3 s for fair throughout, not by turns', () => {
    const spikes = readings(new LinkQuality(), 0, 60_000, (t) => (t % 3000 === 0 ? { roundTrips: [80, 600] } : {}));
    expect(spikes.every((q) => q === 'good')).toBe(true);
    const slow = readings(new LinkQuality(), 0, 60_000, (t) => (t % 3000 >= 2500 ? { roundTrips: [400, 400] } : {}));
    expect(changes(slow)).toBe(1);
    expect(slow.at(-1)).toBe('fair');
  });
});
