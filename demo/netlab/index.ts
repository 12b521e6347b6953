// The network lab: a link emulator (a userspace TCP proxy) and its named profiles. See README.md.
export { startLink, type Link, type LinkOptions, type LinkStats, type DirectionStats } from './link.ts';
export {
  normaliseConditions,
  retransmissionTimeoutMs,
  windowBytes,
  SEGMENT_BYTES,
  type DirectionConditions,
  type Jitter,
  type LinkConditions,
  type LinkConditionsInput,
} from './conditions.ts';
export { checkTimeline, type TimelineStep } from './timeline.ts';
export { PROFILES, PROFILE_NAMES, applyProfile, profileNamed, type NetworkProfile } from './profiles.ts';
