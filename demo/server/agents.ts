// The agents file: every scenario the simulator plays is data, not code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isRecord } from './http-util.ts';

export const defaultAgentsFile = fileURLToPath(new URL('./agents.json', import.meta.url));

export type Language = 'ar' | 'fr' | 'en';
export const LANGUAGES: readonly Language[] = ['ar', 'fr', 'en'];

export interface AccountData {
  id: string;
  name: string;
  /** Call minutes left (fractions allowed). */
  minutes: number;
  /** Running calls allowed at once; default: the limit `maxRunningCalls` (5). */
  maxCalls?: number;
  /** Calls already running elsewhere (to play "every line is busy"). */
  runningCalls?: number;
  /** false: the voice model cannot be reached, calls fail set-up with MODEL. */
  modelUp?: boolean;
}

/** A scripted failure during a call. `afterMs` counts from `ready` (vanish, drop, silence) or from the
 *  socket opening (crash, which happens before `ready`). */
export interface FailureData {
  /** vanish: error NOT_FOUND, close 4404. drop: the TCP connection is cut (1006 at the client). crash:
   *  close 1011 during set-up. silence: a dead link, the connection stays open but nothing more is sent
   *  (not even pongs) and nothing more is read. */
  kind: FailureKind;
  afterMs: number;
  /** The failure happens in the visit's first call only; the visit's later calls (a widget reconnecting
   *  with the visit token) behave. */
  oncePerVisit?: boolean;
  /** After the failure, ticket requests carrying the visit's token are cut at the network level (no
   *  answer): a service that has become unreachable for this visitor. */
  thenUnreachable?: boolean;
}

export const FAILURE_KINDS = ['vanish', 'drop', 'crash', 'silence'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface MaintenanceData {
  /** Expected end, in seconds after the simulator starts; null: unknown. */
  endsInSeconds: number | null;
}

export interface AgentData {
  publicId: string;
  /** Owning account id; an id absent from `accounts` plays "the owner's account was deleted". */
  account: string;
  status: 'published' | 'draft' | 'off';
  /** Origins allowed to request tickets; empty: any site and any client without Origin. */
  allowedOrigins: string[];
  maxCallSeconds: number;
  language: Language;
  name: string;
  avatar: { from?: string; to?: string; url?: string };
  /** talk: greets, listens, answers aloud (see talking-agent.ts). silent: goes live and says nothing.
   *  monologue: says its greeting over and over for `monologue.seconds`, at real time, and never listens
   *  (see monologue-agent.ts). realtime: follows `realtime.script`, streamed at exactly real time in 20 ms
   *  chunks, and never listens (see realtime-agent.ts). */
  behaviour: Behaviour;
  /** For `behaviour: "monologue"`: how long it speaks, and how far ahead of real time its audio is sent. */
  monologue?: MonologueData;
  /** For `behaviour: "realtime"`: what it says and pauses, in order, and how pauses are sent. */
  realtime?: RealtimeData;
  failure?: FailureData;
  /** Present: ticket requests for this agent answer 503 MAINTENANCE. */
  maintenance?: MaintenanceData;
  /** IANA time zone the get_time tool answers in. */
  timeZone?: string;
  /** Replaces the standard greeting (in the agent's language) for first-time visitors. */
  greeting?: string;
  /** One line per language saying what this scenario shows. */
  explain: Partial<Record<Language, string>> & { en: string };
}

export const BEHAVIOURS = ['talk', 'silent', 'monologue', 'realtime'] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

export interface MonologueData {
  seconds: number;
  leadMs: number;
}

/** One step of a realtime script: `say` spoken (the phrase over and over) for exactly `seconds`, or a pause
 *  of `pause` seconds. Both are rounded to whole 20 ms chunks. */
export type RealtimeStep = { say: string; seconds: number } | { pause: number };

export interface RealtimeData {
  script: RealtimeStep[];
  /** silence (default): a pause is streamed as silent samples at the same pace; nothing: nothing is sent. */
  pauses: 'silence' | 'nothing';
}

export interface AgentsData {
  accounts: AccountData[];
  agents: AgentData[];
}

export function loadAgentsFile(path: string = defaultAgentsFile): AgentsData {
  const text = readFileSync(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
  }
  return parseAgentsData(json, path);
}

/** Checks the shape of agents data and fills defaults; throws a message naming the faulty entry. */
export function parseAgentsData(json: unknown, source = 'agents data'): AgentsData {
  const fail = (what: string): never => {
    throw new Error(`${source}: ${what}`);
  };
  if (!isRecord(json)) fail('expected an object with "accounts" and "agents"');
  const root = json as Record<string, unknown>;
  if (!Array.isArray(root.accounts)) fail('"accounts" must be an array');
  if (!Array.isArray(root.agents)) fail('"agents" must be an array');

  const accounts = (root.accounts as unknown[]).map((raw, i): AccountData => {
    const where = `accounts[${i}]`;
    if (!isRecord(raw)) return fail(`${where} must be an object`);
    const id = requireString(raw.id, `${where}.id`, fail);
    const minutes = raw.minutes;
    if (typeof minutes !== 'number' || !(minutes >= 0)) fail(`${where}.minutes must be a number ≥ 0`);
    const account: AccountData = { id, name: optionalString(raw.name) ?? id, minutes: minutes as number };
    if (raw.maxCalls !== undefined) account.maxCalls = requireCount(raw.maxCalls, `${where}.maxCalls`, fail);
    if (raw.runningCalls !== undefined) {
      account.runningCalls = requireCount(raw.runningCalls, `${where}.runningCalls`, fail);
    }
    if (raw.modelUp !== undefined) {
      if (typeof raw.modelUp !== 'boolean') fail(`${where}.modelUp must be a boolean`);
      account.modelUp = raw.modelUp as boolean;
    }
    return account;
  });

  const seen = new Set<string>();
  const agents = (root.agents as unknown[]).map((raw, i): AgentData => {
    const where = `agents[${i}]`;
    if (!isRecord(raw)) return fail(`${where} must be an object`);
    const publicId = requireString(raw.publicId, `${where}.publicId`, fail);
    if (seen.has(publicId)) fail(`${where}.publicId "${publicId}" is used twice`);
    seen.add(publicId);
    const status = raw.status;
    if (status !== 'published' && status !== 'draft' && status !== 'off') {
      fail(`${where}.status must be published, draft or off`);
    }
    const allowed = raw.allowedOrigins ?? [];
    if (!Array.isArray(allowed) || !allowed.every((o) => typeof o === 'string')) {
      fail(`${where}.allowedOrigins must be an array of origins`);
    }
    const maxCallSeconds = raw.maxCallSeconds;
    if (typeof maxCallSeconds !== 'number' || !(maxCallSeconds > 0)) {
      fail(`${where}.maxCallSeconds must be a number > 0`);
    }
    const language = raw.language;
    if (!LANGUAGES.includes(language as Language)) fail(`${where}.language must be one of ${LANGUAGES.join(', ')}`);
    const behaviour = raw.behaviour ?? 'silent';
    if (!BEHAVIOURS.includes(behaviour as Behaviour)) fail(`${where}.behaviour must be one of ${BEHAVIOURS.join(', ')}`);
    const avatar = isRecord(raw.avatar) ? raw.avatar : {};
    const explain = isRecord(raw.explain) ? raw.explain : {};
    if (typeof explain.en !== 'string') fail(`${where}.explain.en must be a string`);

    const agent: AgentData = {
      publicId,
      account: requireString(raw.account, `${where}.account`, fail),
      status: status as AgentData['status'],
      allowedOrigins: (allowed as string[]).map(normaliseOrigin),
      maxCallSeconds: maxCallSeconds as number,
      language: language as Language,
      name: requireString(raw.name, `${where}.name`, fail),
      avatar: {},
      behaviour: behaviour as AgentData['behaviour'],
      explain: { en: explain.en as string },
    };
    for (const key of ['from', 'to', 'url'] as const) {
      const value = optionalString(avatar[key]);
      if (value !== undefined) agent.avatar[key] = value;
    }
    for (const lang of ['fr', 'ar'] as const) {
      const line = optionalString(explain[lang]);
      if (line !== undefined) agent.explain[lang] = line;
    }
    if (behaviour === 'monologue') {
      const m = isRecord(raw.monologue) ? raw.monologue : {};
      const seconds = m.seconds;
      const leadMs = m.leadMs ?? 200;
      if (typeof seconds !== 'number' || !(seconds > 0)) fail(`${where}.monologue.seconds must be a number > 0`);
      if (typeof leadMs !== 'number' || !(leadMs >= 0)) fail(`${where}.monologue.leadMs must be a number ≥ 0`);
      agent.monologue = { seconds: seconds as number, leadMs: leadMs as number };
    }
    if (behaviour === 'realtime') agent.realtime = parseRealtime(raw.realtime, `${where}.realtime`, fail);
    const greeting = optionalString(raw.greeting);
    if (greeting !== undefined) agent.greeting = greeting;
    const timeZone = optionalString(raw.timeZone);
    if (timeZone !== undefined) {
      try {
        new Intl.DateTimeFormat('en', { timeZone });
      } catch {
        fail(`${where}.timeZone "${timeZone}" is not a known time zone`);
      }
      agent.timeZone = timeZone;
    }
    if (raw.failure !== undefined && raw.failure !== null) {
      const failure = raw.failure;
      if (!isRecord(failure) || !FAILURE_KINDS.includes(failure.kind as FailureKind)) {
        fail(`${where}.failure.kind must be one of ${FAILURE_KINDS.join(', ')}`);
      }
      const f = failure as Record<string, unknown>;
      const afterMs = f.afterMs ?? 0;
      if (typeof afterMs !== 'number' || !(afterMs >= 0)) fail(`${where}.failure.afterMs must be a number ≥ 0`);
      agent.failure = { kind: f.kind as FailureKind, afterMs: afterMs as number };
      for (const flag of ['oncePerVisit', 'thenUnreachable'] as const) {
        if (f[flag] === undefined) continue;
        if (typeof f[flag] !== 'boolean') fail(`${where}.failure.${flag} must be a boolean`);
        if (f[flag]) agent.failure[flag] = true;
      }
      if (agent.failure.kind === 'crash' && (agent.failure.oncePerVisit || agent.failure.thenUnreachable)) {
        fail(`${where}.failure: a crash happens before ready, in every call`);
      }
    }
    if (raw.maintenance !== undefined && raw.maintenance !== null) {
      const m = raw.maintenance;
      const ends = isRecord(m) ? m.endsInSeconds : undefined;
      if (ends !== null && (typeof ends !== 'number' || !(ends >= 0))) {
        fail(`${where}.maintenance.endsInSeconds must be a number ≥ 0 or null`);
      }
      agent.maintenance = { endsInSeconds: ends as number | null };
    }
    return agent;
  });

  return { accounts, agents };
}

/** `https://Shop.Example/` → `https://shop.example`; strings that are not URLs are kept as written. */
export function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}


/** A realtime agent's script: at least one step with words; every length at least one 20 ms chunk. */
function parseRealtime(raw: unknown, where: string, fail: (what: string) => never): RealtimeData {
  const r = isRecord(raw) ? raw : {};
  const pauses = r.pauses ?? 'silence';
  if (pauses !== 'silence' && pauses !== 'nothing') fail(`${where}.pauses must be silence or nothing`);
  if (!Array.isArray(r.script) || r.script.length === 0) fail(`${where}.script must be a non-empty array of steps`);
  const seconds = (value: unknown, at: string): number => {
    if (typeof value !== 'number' || !(value >= 0.02) || value > 600) fail(`${at} must be a number of seconds from 0.02 to 600`);
    return value as number;
  };
  const script = (r.script as unknown[]).map((step, i): RealtimeStep => {
    const at = `${where}.script[${i}]`;
    if (isRecord(step) && typeof step.say === 'string' && step.say.trim() !== '') {
      return { say: step.say, seconds: seconds(step.seconds, `${at}.seconds`) };
    }
    if (isRecord(step) && step.pause !== undefined && step.say === undefined) return { pause: seconds(step.pause, `${at}.pause`) };
    return fail(`${at} must be { "say": "words", "seconds": n } or { "pause": n }`);
  });
  if (!script.some((step) => 'say' in step)) fail(`${where}.script says nothing`);
  return { script, pauses: pauses as RealtimeData['pauses'] };
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function requireString(value: unknown, where: string, fail: (what: string) => never): string {
  if (typeof value !== 'string' || value === '') fail(`${where} must be a non-empty string`);
  return value as string;
}

function requireCount(value: unknown, where: string, fail: (what: string) => never): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(`${where} must be a whole number ≥ 0`);
  return value as number;
}
