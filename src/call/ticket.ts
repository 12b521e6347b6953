// POST {server}/api/agents/public/{publicId}/call → {token, wsUrl, visit} (spec §4.9, §7.4).
import { CallError, describeError } from './errors.ts';

export interface Ticket {
  token: string;
  wsUrl: string;
  visit?: string;
}

export interface TicketRequest {
  serverUrl: string;
  publicId: string;
  visit?: string;
  fetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
}

export function ticketUrl(serverUrl: string, publicId: string): string {
  const root = serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`;
  return new URL(`api/agents/public/${encodeURIComponent(publicId)}/call`, root).href;
}

export async function requestTicket(req: TicketRequest): Promise<Ticket> {
  const url = ticketUrl(req.serverUrl, req.publicId);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), req.timeoutMs);
  const abort = () => timeout.abort();
  req.signal?.addEventListener('abort', abort);
  if (req.signal?.aborted) abort();
  let response: Response;
  let body: unknown;
  try {
    // The body is optional (spec §4.9). Without a visit there is none, and no JSON type: a CORS "simple"
    // request, sent without a preflight, so a visitor's first call asks for its ticket in one round trip.
    const withVisit: RequestInit = req.visit
      ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ visit: req.visit }) }
      : {};
    response = await req.fetch(url, { method: 'POST', ...withVisit, credentials: 'omit', signal: timeout.signal });
    // A body that is not JSON reads as none (the status, or readTicket, says what that means). One that did not
    // arrive (the timeout, a cancelled call, the network breaking mid-body) is the request failing, as before
    // the headers: unless the status already said what happened.
    body = await response.json().catch((error: unknown) => {
      if (!response.ok || (error as { name?: unknown } | null)?.name === 'SyntaxError') return undefined;
      throw error;
    });
  } catch (error) {
    if (timeout.signal.aborted && !req.signal?.aborted) {
      throw new CallError('TIMEOUT', `The service did not answer within ${Math.round(req.timeoutMs / 1000)} s.`);
    }
    throw new CallError('CONNECTION_LOST', `The service could not be reached (${describeError(error)}).`);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', abort);
  }
  if (!response.ok) throw statusError(response, body);
  return readTicket(body, url);
}

/** A Retry-After beyond a day is not a countdown anyone should see: it is shown as "later". */
export const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;

/** The service answered the ticket request with an error status. */
export class TicketAnswerError extends CallError {
  constructor(
    readonly status: number,
    ...args: ConstructorParameters<typeof CallError>
  ) {
    super(...args);
  }
}

function statusError(response: Response, body: unknown): CallError {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const said = typeof fields.error === 'string' && fields.error.length < 300 ? fields.error : '';
  const seconds = parseRetryAfter(response.headers.get('Retry-After'));
  const retryAfter = seconds !== undefined && seconds > MAX_RETRY_AFTER_SECONDS ? 'later' : seconds;
  switch (response.status) {
    case 403:
      return new TicketAnswerError(403, 'ORIGIN', 'This website is not allowed to call this agent.');
    case 404:
      return new TicketAnswerError(404, 'NOT_FOUND', said || 'This agent is not available.');
    case 429:
      return new TicketAnswerError(429, 'RATE_LIMITED', 'Too many calls from this network; try again later.', retryAfter);
    case 503:
      return new TicketAnswerError(503, 'MAINTENANCE', 'The service is down for maintenance.', retryAfter);
    default:
      return new TicketAnswerError(response.status, 'SERVER_ERROR', `The service answered ${response.status}.`, retryAfter);
  }
}

function readTicket(body: unknown, ticketUrlUsed: string): Ticket {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { token, wsUrl, visit } = fields;
  const socketUrl = typeof wsUrl === 'string' ? socketAddress(wsUrl, ticketUrlUsed) : null;
  if (typeof token !== 'string' || !token || !socketUrl) {
    throw new CallError('SERVER_ERROR', 'The service sent a malformed call ticket.');
  }
  const ticket: Ticket = { token, wsUrl: socketUrl };
  if (typeof visit === 'string' && visit) ticket.visit = visit;
  return ticket;
}

/** The socket URL: an absolute ws:/wss: URL as given, or a relative one resolved against the service
 *  (http → ws, https → wss); null for anything else. */
function socketAddress(wsUrl: string, base: string): string | null {
  try {
    const url = new URL(wsUrl, base);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(wsUrl)) url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Retry-After as seconds (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
