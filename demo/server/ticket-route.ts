// POST /api/agents/public/:publicId/call — the call ticket (spec §4.9, §7.4).
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { normaliseOrigin, type AgentData } from './agents.ts';
import type { SimulatorContext } from './context.ts';
import { BodyTooLargeError, decodeSegment, isJsonContentType, isRecord, readBody, requestOrigin, sendJson } from './http-util.ts';

export const TICKET_ROUTE = /^\/api\/agents\/public\/([^/]+)\/call\/?$/;

const MAINTENANCE_MESSAGES = {
  ar: 'الخدمة متوقفة مؤقتا للصيانة. يرجى المحاولة لاحقا.',
  en: 'The service is down for maintenance. Please try again later.',
  fr: 'Le service est en maintenance. Veuillez réessayer plus tard.',
};

export async function handleTicketRequest(
  req: IncomingMessage,
  res: ServerResponse,
  rawPublicId: string,
  ctx: SimulatorContext,
): Promise<void> {
  const origin = requestOrigin(req);
  // Every answer is readable by the calling page, refusals included, so a widget on another site can
  // tell ORIGIN or RATE_LIMITED (and its Retry-After) from a network failure.
  const cors: OutgoingHttpHeaders = origin
    ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'Retry-After', Vary: 'Origin' }
    : { Vary: 'Origin' };

  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      ...cors,
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
      'Access-Control-Max-Age': '600',
      'Content-Length': '0',
    });
    res.end();
    return;
  }
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'Method not allowed' }, { ...cors, Allow: 'POST, OPTIONS' });
    return;
  }

  let raw: Buffer;
  try {
    raw = await readBody(req, ctx.limits.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      sendJson(res, 413, { error: 'Request body too large' }, { ...cors, Connection: 'close' });
    } else {
      res.destroy();
    }
    return;
  }
  // Without the JSON content type the body is ignored, as if empty.
  let body: unknown = {};
  if (isJsonContentType(req) && raw.length > 0) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      sendJson(res, 400, { error: 'Invalid JSON body' }, cors);
      return;
    }
  }

  const agent = ctx.agents.get(decodeSegment(rawPublicId));
  if (!agent || agent.status !== 'published') {
    sendJson(res, 404, { error: 'This agent is not available' }, cors);
    return;
  }
  const visitToken = isRecord(body) && typeof body.visit === 'string' ? body.visit : undefined;
  if (visitToken !== undefined && ctx.visits.get(visitToken)?.unreachable) {
    // The agent's failure made the service unreachable for this visitor: no answer at all.
    res.destroy();
    return;
  }
  const now = ctx.clock.now();
  if (agent.maintenance) {
    const { endsInSeconds } = agent.maintenance;
    const endsAtMs = endsInSeconds === null ? null : ctx.startedAt + endsInSeconds * 1000;
    const headers = { ...cors };
    if (endsAtMs !== null && endsAtMs > now) headers['Retry-After'] = String(Math.ceil((endsAtMs - now) / 1000));
    sendJson(
      res,
      503,
      {
        error: MAINTENANCE_MESSAGES.ar,
        code: 'MAINTENANCE',
        endsAt: endsAtMs === null ? null : new Date(endsAtMs).toISOString(),
        messages: MAINTENANCE_MESSAGES,
      },
      headers,
    );
    return;
  }
  const publicPage = ctx.publicPageOrigin === undefined ? ctx.serviceOrigin(req) : ctx.publicPageOrigin;
  if (!originAllowed(agent, origin, publicPage)) {
    sendJson(res, 403, { error: 'This website is not allowed to call this agent', code: 'ORIGIN' }, cors);
    return;
  }
  const rate = ctx.ticketLimiter.take(req.socket.remoteAddress ?? 'unknown', now);
  if (!rate.ok) {
    sendJson(res, 429, { error: 'RATE_LIMITED' }, { ...cors, 'Retry-After': String(rate.retryAfterSeconds) });
    return;
  }

  const { visit, returning } = ctx.visits.resolve(visitToken, agent.publicId, now);
  const ticket = ctx.tickets.issue({ publicId: agent.publicId, origin, visit: visit.token, returningVisit: returning }, now);
  const wsUrl = `${ctx.serviceOrigin(req).replace(/^http/, 'ws')}${ctx.socketPath}`;
  sendJson(res, 200, { token: ticket.token, wsUrl, visit: visit.token }, cors);
}


/** Empty list: anyone (with or without Origin). Otherwise the listed sites and the agent's public page;
 *  a client sending no Origin is refused. */
function originAllowed(agent: AgentData, origin: string | null, publicPage: string | null): boolean {
  if (agent.allowedOrigins.length === 0) return true;
  if (origin === null) return false;
  const normalised = normaliseOrigin(origin);
  return (publicPage !== null && normalised === normaliseOrigin(publicPage)) || agent.allowedOrigins.includes(normalised);
}

