// The named profiles hold the figures demo/netlab/README.md documents, and each one is valid to apply.
import { describe, expect, it } from 'vitest';
import { normaliseConditions, retransmissionTimeoutMs, type LinkConditions } from '../../demo/netlab/conditions.ts';
import { PROFILES, PROFILE_NAMES, profileNamed } from '../../demo/netlab/profiles.ts';
import { checkTimeline } from '../../demo/netlab/timeline.ts';

const conditionsOf = (name: string): LinkConditions => normaliseConditions(profileNamed(name)!.conditions);
const rtt = (c: LinkConditions) => c.up.delayMs + c.down.delayMs;

describe('network profiles', () => {
  it('are the issue’s list, each valid, with an explanation in every page language', () => {
    expect(PROFILE_NAMES).toEqual(['fibre', '4g', 'congested', 'satellite', 'thin-uplink', 'thin-downlink', 'outage', 'handover', 'jitter', 'start']);
    for (const profile of PROFILES) {
      expect(() => normaliseConditions(profile.conditions)).not.toThrow();
      expect(() => checkTimeline(profile.timeline ?? [])).not.toThrow();
      expect(Object.keys(profile.explain).sort()).toEqual(['ar', 'en', 'fr']);
    }
  });

  it('keep the documented round trips, jitter, loss, caps and retransmission timeouts', () => {
    expect(rtt(conditionsOf('fibre'))).toBe(10);
    const g4 = conditionsOf('4g');
    expect([rtt(g4), g4.up.loss, g4.down.loss, retransmissionTimeoutMs(g4)]).toEqual([80, 0.005, 0.005, 200]);
    expect(g4.down.jitter).toEqual({ kind: 'exponential', meanMs: 8, capMs: 50 });
    const congested = conditionsOf('congested');
    expect([rtt(congested), congested.up.loss, congested.down.loss]).toEqual([300, 0.02, 0.02]);
    expect(congested.up.jitter.kind === 'exponential' && congested.up.jitter.meanMs * 2).toBe(60); // on the round trip
    expect(Math.round(retransmissionTimeoutMs(congested))).toBe(470);
    expect(rtt(conditionsOf('satellite'))).toBe(650);
    expect(Math.round(retransmissionTimeoutMs(conditionsOf('satellite')))).toBe(666);
    expect(rtt(conditionsOf('start'))).toBe(200);
    // The thin links are thinner than the stream they carry.
    expect(conditionsOf('thin-uplink').up.bandwidthBps).toBe(128_000);
    expect(conditionsOf('thin-uplink').up.bandwidthBps!).toBeLessThan(262_000);
    expect(conditionsOf('thin-downlink').down.bandwidthBps).toBe(300_000);
    expect(conditionsOf('thin-downlink').down.bandwidthBps!).toBeLessThan(384_000);
  });

  it('script their events at the documented offsets', () => {
    const outage = profileNamed('outage')!.timeline!;
    expect(outage.map((s) => [s.atMs, normaliseConditions(s.set).outage])).toEqual([
      [6000, true],
      [10000, false],
    ]);
    expect(profileNamed('handover')!.timeline).toEqual([{ atMs: 5000, handover: true }]);
    const jitter = profileNamed('jitter')!.timeline!.map((s) => [s.atMs, normaliseConditions(s.set).down.jitter]);
    expect(jitter).toEqual([
      [0, { kind: 'none' }],
      [4000, { kind: 'exponential', meanMs: 60, capMs: 300 }],
      [14000, { kind: 'none' }],
    ]);
    for (const name of ['thin-uplink', 'thin-downlink']) {
      const steps = profileNamed(name)!.timeline!.map((s) => normaliseConditions(s.set));
      expect(profileNamed(name)!.timeline!.map((s) => s.atMs)).toEqual([0, 12000]);
      expect(steps[1]!.up.bandwidthBps).toBeNull();
      expect(steps[1]!.down.bandwidthBps).toBeNull();
    }
    expect(normaliseConditions(profileNamed('jitter')!.conditions).up.delayMs).toBe(40);
  });
});
