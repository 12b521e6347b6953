// The simulated agent-call service, independent of any HTTP server: Node's (index.ts) or Vite's
// (vite-plugin.ts) feeds it requests and upgrades.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { accountStates, type AccountState } from './accounts.ts';
import { loadAgentsFile, normaliseOrigin, parseAgentsData, type AgentData, type AgentsData } from './agents.ts';
import { systemClock } from './clock.ts';
import type { CallRecord, SimulatorContext } from './context.ts';
import { CONTROL_PREFIX, handleControlRequest } from './control-routes.ts';
import { handleHealthRequest, HEALTH_PATH } from './health-route.ts';
import { decodeSegment, ownOrigin, sendJson, sendText } from './http-util.ts';
import { isHostAllowed, withOwnHosts } from './host-check.ts';
import { defaultLimits, defaultTimings, type Limits, type SimulatorOptions } from './options.ts';
import { PHRASES } from './phrases.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { SocketGate } from './socket-gate.ts';
import { ESpeakSynthesiser } from './synthesiser.ts';
import { handleTicketRequest, TICKET_ROUTE } from './ticket-route.ts';
import { TicketStore } from './tickets.ts';
import { UplinkMeters, type UplinkLevels } from './uplink-meter.ts';
import { VisitStore } from './visits.ts';

export const DEFAULT_SOCKET_PATH = '/api/agents/socket';

export interface Simulator {
  readonly socketPath: string;
  /** The limits in force (defaults with the options' overrides). */
  readonly limits: Limits;
  /** Connect-style handler: answers /health, the ticket route and /__simulator/…; anything else goes to
   *  `next` (or gets a 404 when there is no `next`). */
  handleRequest(req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void;
  /** Takes an HTTP upgrade for the call socket's path; returns false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Every finished call, oldest first. */
  calls(): CallRecord[];
  /** Resolves with the record of a call once it has ended. */
  whenCallEnds(conversationId: string): Promise<CallRecord>;
  /** What the service has heard of one of the latest calls, live or ended (uplink-meter.ts). */
  uplink(conversationId: string): UplinkLevels | undefined;
  /** The caller audio messages the service received last in one of the latest calls (10 s of them). */
  uplinkFrames(conversationId: string): number[][] | undefined;
  /** An account's live state (copy), or undefined for an unknown id. */
  account(id: string): AccountState | undefined;
  /** Back to the agents file's state: minutes, tickets, visits, rate limits and call records. */
  reset(): void;
  /** Synthesises the talking agents' fixed phrases (greetings, goodbye) into the cache; with `publicIds`,
   *  those agents' only. The realtime agents' scripts are left to their first ticket unless named: the
   *  demo and the end-to-end servers prewarm, and need none of them. */
  prewarm(publicIds?: readonly string[]): Promise<void>;
  /** Cuts every open call. */
  close(): void;
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const data: AgentsData = options.agents ? parseAgentsData(options.agents) : loadAgentsFile(options.agentsFile);
  const limits = { ...defaultLimits, ...options.limits };
  const timings = { ...defaultTimings, ...options.timings };
  const clock = options.clock ?? systemClock;
  const log = options.log ?? (() => {});
  const records: CallRecord[] = [];
  const ended = new EventEmitter();
  const synth = options.synthesiser ?? new ESpeakSynthesiser(log);
  const publicOrigin = options.publicOrigin === undefined ? undefined : checkedOrigin(options.publicOrigin);
  const allowedHosts = withOwnHosts(options.allowedHosts ?? [], publicOrigin && new URL(publicOrigin).hostname);

  const ctx: SimulatorContext = {
    agents: new Map(data.agents.map((a) => [a.publicId, a])),
    accounts: accountStates(data.accounts, limits.maxRunningCalls),
    tickets: new TicketStore(limits.ticketTtlMs),
    visits: new VisitStore(limits.visitTtlMs, limits.maxVisits),
    ticketLimiter: new SlidingWindowLimiter(limits.ticketsPerWindow, limits.rateWindowMs),
    clock,
    limits,
    timings,
    synth,
    random: options.random ?? Math.random,
    log,
    startedAt: clock.now(),
    socketPath: options.socketPath ?? DEFAULT_SOCKET_PATH,
    publicPageOrigin: options.publicPageOrigin,
    hostAllowed: (req) => isHostAllowed(req.headers.host, allowedHosts),
    serviceOrigin: (req) => publicOrigin ?? ownOrigin(req),
    recordCall(record) {
      records.push(record);
      ended.emit(record.conversationId, record);
    },
    uplinkMeters: new UplinkMeters(),
  };
  const gate = new SocketGate(ctx);
  const talkers = data.agents.filter((a) => a.behaviour !== 'silent' && a.status === 'published');
  // A talking agent's greeting (a realtime agent's script) is synthesised when its first ticket is asked for,
  // so it is ready by `ready`.
  const warmed = new Set<string>();
  const warmGreeting = (rawId: string) => {
    const agent = talkers.find((a) => a.publicId === decodeSegment(rawId));
    if (!agent || warmed.has(agent.publicId)) return;
    warmed.add(agent.publicId);
    for (const text of firstWords(agent)) void synth.speak(text, agent.language);
  };

  const simulator: Simulator = {
    socketPath: ctx.socketPath,
    limits,

    handleRequest(req, res, next) {
      let pathname: string;
      try {
        pathname = new URL(req.url ?? '/', 'http://simulator').pathname;
      } catch {
        pathname = '';
      }
      const ticket = TICKET_ROUTE.exec(pathname);
      const ours = ticket !== null || pathname === HEALTH_PATH || pathname.startsWith(CONTROL_PREFIX);
      if (ours && !ctx.hostAllowed(req)) {
        req.resume();
        sendText(res, 403, 'Blocked request: this host is not allowed.');
      } else if (pathname === HEALTH_PATH) {
        handleHealthRequest(req, res);
      } else if (ticket) {
        if (req.method === 'POST') warmGreeting(ticket[1]!);
        handleTicketRequest(req, res, ticket[1]!, ctx).catch((error: unknown) => {
          log(`ticket request failed: ${(error as Error).stack ?? error}`);
          if (!res.headersSent) sendJson(res, 500, { error: 'Server error' });
          else res.destroy();
        });
      } else if (pathname.startsWith(CONTROL_PREFIX)) {
        handleControlRequest(req, res, pathname, {
          agents: data.agents,
          calls: () => simulator.calls(),
          uplink: (conversationId) => simulator.uplink(conversationId),
          uplinkFrames: (conversationId) => simulator.uplinkFrames(conversationId),
          reset: () => simulator.reset(),
          isOwnOrigin: (origin, request) => [ctx.serviceOrigin(request), ownOrigin(request)].includes(normaliseOrigin(origin)),
        });
      } else if (next) {
        next();
      } else {
        sendJson(res, 404, { error: 'Not found' });
      }
    },

    handleUpgrade: (req, socket, head) => gate.handleUpgrade(req, socket, head),

    calls: () => records.map((r) => ({ ...r })),

    whenCallEnds(conversationId) {
      const done = records.find((r) => r.conversationId === conversationId);
      if (done) return Promise.resolve({ ...done });
      return new Promise((resolve) => ended.once(conversationId, (r: CallRecord) => resolve({ ...r })));
    },

    uplink: (conversationId) => ctx.uplinkMeters.levels(conversationId),
    uplinkFrames: (conversationId) => ctx.uplinkMeters.frames(conversationId),

    account(id) {
      const state = ctx.accounts.get(id);
      return state && { ...state };
    },

    reset() {
      ctx.accounts = accountStates(data.accounts, limits.maxRunningCalls);
      ctx.tickets.clear();
      ctx.visits.clear();
      ctx.ticketLimiter.clear();
      ctx.uplinkMeters.clear();
      records.length = 0;
    },

    async prewarm(publicIds) {
      const chosen = publicIds ? talkers.filter((a) => publicIds.includes(a.publicId)) : talkers.filter((a) => !a.realtime);
      await Promise.all(
        chosen.flatMap((a) => {
          const p = PHRASES[a.language];
          const phrases = a.realtime ? firstWords(a) : [...firstWords(a), p.welcomeBack(a.name, undefined), p.goodbye];
          return phrases.map((text) => synth.speak(text, a.language, { ahead: true }));
        }),
      );
    },

    close() {
      gate.close();
    },
  };

  if (options.prewarm) void simulator.prewarm();
  return simulator;
}

/** What an agent says first: its greeting, or a realtime agent's whole script (it waits for all of it). */
function firstWords(agent: AgentData): string[] {
  if (agent.realtime) return agent.realtime.script.flatMap((step) => ('say' in step ? [step.say] : []));
  return [agent.greeting ?? PHRASES[agent.language].greeting(agent.name)];
}

/** An http(s) origin, or an error naming the bad value. */
function checkedOrigin(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`publicOrigin "${value}" is not an http(s) origin`);
  return url.origin;
}

