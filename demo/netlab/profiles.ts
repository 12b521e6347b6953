// The named networks a visitor calls from, with their figures (README.md lists them). A timed profile's
// `timeline` counts from a start its user triggers (`link.schedule(profile.timeline)` when the call goes
// live), so that tests, the bench and the demo line its events up with a call.
import type { DirectionConditions, LinkConditionsInput } from './conditions.ts';
import type { Link } from './link.ts';
import type { TimelineStep } from './timeline.ts';

export interface NetworkProfile {
  name: string;
  /** Its figures, in English (logs, the README). */
  summary: string;
  /** One line for the demo page's picker, per page language. */
  explain: { en: string; fr: string; ar: string };
  /** The link's conditions once the profile is picked. */
  conditions: LinkConditionsInput;
  /** Changes at offsets from a start; none for a steady profile. */
  timeline?: TimelineStep[];
}

/** The same figures both ways. */
const both = (d: Partial<DirectionConditions>): LinkConditionsInput => ({ up: d, down: d });

const mbit = 1_000_000;
const kbit = 1_000;

const thinUp: LinkConditionsInput = { up: { delayMs: 30, bandwidthBps: 128 * kbit }, down: { delayMs: 30 } };
const thinDown: LinkConditionsInput = { up: { delayMs: 30 }, down: { delayMs: 30, bandwidthBps: 300 * kbit } };
const steady40 = both({ delayMs: 40 });

export const PROFILES: readonly NetworkProfile[] = [
  {
    name: 'fibre',
    summary: 'RTT 10 ms (5 ms each way), no jitter, no loss, not capped',
    explain: {
      en: 'Fibre at home: a 10 ms round trip.',
      fr: 'Fibre à la maison : 10 ms aller-retour.',
      ar: 'ألياف بصرية في المنزل: ذهاب وإياب في 10 مللي ثانية.',
    },
    conditions: both({ delayMs: 5 }),
  },
  {
    name: '4g',
    summary: 'RTT 80 ms (40 ms each way) + exponential jitter each way (mean 8 ms, cap 50 ms), 0.5% loss each way, 20 Mbit/s down, 8 Mbit/s up',
    explain: {
      en: '4G on a phone: an 80 ms round trip, some jitter, 0.5% of packets lost.',
      fr: '4G sur un téléphone : 80 ms aller-retour, un peu de gigue, 0,5 % de paquets perdus.',
      ar: 'شبكة 4G على هاتف: ذهاب وإياب في 80 مللي ثانية، تذبذب خفيف، وفقدان 0.5% من الحزم.',
    },
    conditions: {
      up: { delayMs: 40, jitter: { kind: 'exponential', meanMs: 8, capMs: 50 }, loss: 0.005, bandwidthBps: 8 * mbit },
      down: { delayMs: 40, jitter: { kind: 'exponential', meanMs: 8, capMs: 50 }, loss: 0.005, bandwidthBps: 20 * mbit },
    },
  },
  {
    name: 'congested',
    summary: 'RTT 300 ms (150 ms each way) + exponential jitter each way (mean 30 ms, so 60 ms on the round trip; cap 200 ms), 2% loss each way, 2 Mbit/s down, 1 Mbit/s up',
    explain: {
      en: 'A crowded hotel Wi-Fi: a 300 ms round trip, 60 ms of jitter, 2% of packets lost.',
      fr: "Le Wi-Fi saturé d'un hôtel : 300 ms aller-retour, 60 ms de gigue, 2 % de paquets perdus.",
      ar: 'شبكة Wi-Fi مزدحمة في فندق: ذهاب وإياب في 300 مللي ثانية، تذبذب 60 مللي ثانية، وفقدان 2% من الحزم.',
    },
    conditions: {
      up: { delayMs: 150, jitter: { kind: 'exponential', meanMs: 30, capMs: 200 }, loss: 0.02, bandwidthBps: 1 * mbit },
      down: { delayMs: 150, jitter: { kind: 'exponential', meanMs: 30, capMs: 200 }, loss: 0.02, bandwidthBps: 2 * mbit },
    },
  },
  {
    name: 'satellite',
    summary: 'RTT 650 ms (325 ms each way, a geostationary hop) + uniform jitter 0–10 ms each way, 20 Mbit/s down, 3 Mbit/s up',
    explain: {
      en: 'A geostationary satellite: a 650 ms round trip.',
      fr: 'Un satellite géostationnaire : 650 ms aller-retour.',
      ar: 'قمر صناعي ثابت: ذهاب وإياب في 650 مللي ثانية.',
    },
    conditions: {
      up: { delayMs: 325, jitter: { kind: 'uniform', maxMs: 10 }, bandwidthBps: 3 * mbit },
      down: { delayMs: 325, jitter: { kind: 'uniform', maxMs: 10 }, bandwidthBps: 20 * mbit },
    },
  },
  {
    name: 'thin-uplink',
    summary: 'RTT 60 ms; the uplink capped at 128 kbit/s (the microphone needs ≈262) for 12 s from the start, then not capped',
    explain: {
      en: 'A thin uplink: 128 kbit/s up for the first 12 s of the call (the microphone needs about 262), then healed.',
      fr: "Une voie montante étroite : 128 kbit/s pendant les 12 premières secondes de l'appel (le micro en demande environ 262), puis rétablie.",
      ar: 'اتجاه صاعد ضيق: 128 كيلوبت/ث خلال أول 12 ثانية من المكالمة (يحتاج الميكروفون نحو 262)، ثم يتعافى.',
    },
    conditions: thinUp,
    timeline: [
      { atMs: 0, set: thinUp },
      { atMs: 12_000, set: both({ delayMs: 30 }) },
    ],
  },
  {
    name: 'thin-downlink',
    summary: "RTT 60 ms; the downlink capped at 300 kbit/s (the agent's voice is 384 kbit/s while it speaks) for 12 s from the start, then not capped",
    explain: {
      en: "A thin downlink: 300 kbit/s down for the first 12 s of the call (the agent's voice needs 384 while it speaks), then healed.",
      fr: "Une voie descendante étroite : 300 kbit/s pendant les 12 premières secondes de l'appel (la voix de l'agent en demande 384 quand il parle), puis rétablie.",
      ar: 'اتجاه نازل ضيق: 300 كيلوبت/ث خلال أول 12 ثانية من المكالمة (يحتاج صوت الوكيل 384 أثناء كلامه)، ثم يتعافى.',
    },
    conditions: thinDown,
    timeline: [
      { atMs: 0, set: thinDown },
      { atMs: 12_000, set: both({ delayMs: 30 }) },
    ],
  },
  {
    name: 'outage',
    summary: 'RTT 80 ms (40 ms each way); nothing delivered either way from 6 s to 10 s after the start (4 s)',
    explain: {
      en: 'An outage: the link carries nothing from 6 s to 10 s into the call (a tunnel on a train).',
      fr: "Une coupure : plus rien ne passe de 6 s à 10 s après le début de l'appel (un tunnel en train).",
      ar: 'انقطاع: لا يمر شيء من الثانية 6 إلى الثانية 10 من المكالمة (نفق أثناء رحلة قطار).',
    },
    conditions: steady40,
    timeline: [
      { atMs: 6_000, set: { ...steady40, outage: true } },
      { atMs: 10_000, set: steady40 },
    ],
  },
  {
    name: 'handover',
    summary: 'RTT 80 ms (40 ms each way); at 5 s after the start every open connection dies (never delivers again), new ones work',
    explain: {
      en: 'A handover from Wi-Fi to 4G 5 s into the call: the open connection dies, new ones work.',
      fr: "Un passage du Wi-Fi à la 4G 5 s après le début de l'appel : la connexion ouverte meurt, les nouvelles passent.",
      ar: 'انتقال من Wi-Fi إلى 4G بعد 5 ثوانٍ من بدء المكالمة: يموت الاتصال المفتوح، وتعمل الاتصالات الجديدة.',
    },
    conditions: steady40,
    timeline: [{ atMs: 5_000, handover: true }],
  },
  {
    name: 'jitter',
    summary: 'RTT 80 ms (40 ms each way); from 4 s to 14 s after the start, exponential jitter each way (mean 60 ms, cap 300 ms); steady before and after',
    explain: {
      en: 'A bad spell: steady for 4 s, then 10 s of heavy jitter (mean 60 ms), then steady again.',
      fr: 'Un mauvais passage : stable 4 s, puis 10 s de forte gigue (60 ms en moyenne), puis stable.',
      ar: 'فترة سيئة: مستقر 4 ثوانٍ، ثم 10 ثوانٍ من تذبذب شديد (60 مللي ثانية في المتوسط)، ثم مستقر من جديد.',
    },
    conditions: steady40,
    timeline: [
      { atMs: 0, set: steady40 },
      { atMs: 4_000, set: both({ delayMs: 40, jitter: { kind: 'exponential', meanMs: 60, capMs: 300 } }) },
      { atMs: 14_000, set: steady40 },
    ],
  },
  {
    name: 'start',
    summary: 'RTT 200 ms (100 ms each way), no jitter, no loss, not capped',
    explain: {
      en: 'A 200 ms round trip: how long the call takes to start.',
      fr: "200 ms aller-retour : le temps que met l'appel à démarrer.",
      ar: 'ذهاب وإياب في 200 مللي ثانية: كم يستغرق بدء المكالمة.',
    },
    conditions: both({ delayMs: 100 }),
  },
];

export const PROFILE_NAMES: readonly string[] = PROFILES.map((p) => p.name);

export function profileNamed(name: string): NetworkProfile | undefined {
  return PROFILES.find((p) => p.name === name);
}

/** Puts `profile` on `link` now: its conditions, and its timeline from now (an earlier one is cancelled).
 *  Returns the timeline's start in epoch ms. */
export function applyProfile(link: Link, profile: NetworkProfile): number {
  link.set(profile.conditions);
  return link.schedule(profile.timeline ?? []);
}
