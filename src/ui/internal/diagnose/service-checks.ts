// The service as this page reaches it: the ticket endpoint through the page's `connect-src`, this website
// allowed by the agent (one ticket, never used: asking is free, spec §4.9, but it is one of the page's 20 an
// hour), and the call's socket through `connect-src` too, opened with a ticket that cannot be valid, so that
// the service refuses the handshake (spec §4.10: HTTP 401) and no call starts.
import type { DiagnoseCheck } from '../../../call/types.ts';
import { ticketUrl } from '../../../call/ticket.ts';
import { check } from './report.ts';
import type { DiagnoseScope, DiagnoseTarget } from './subject.ts';
import { REPORT_WAIT_MS, refusing, sleep, type Sleep, type ViolationLog } from './violations.ts';

/** How long the socket probe waits for the service's answer to its handshake. */
export const SOCKET_WAIT_MS = 5_000;

/** A ticket no service issues: the handshake must be refused. */
export const INVALID_TICKET = 'voice-agent-diagnose-not-a-ticket';

/** ws: for http:, wss: for https:, the rest of the URL as it is. */
const asSocketUrl = (url: URL): URL => {
  if (url.protocol === 'http:' || url.protocol === 'https:') url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
};

/** The socket address a ticket answer gives (absolute, or relative to the ticket's URL), else null. */
function socketFromTicket(body: unknown, ticket: string): URL | null {
  const wsUrl = (body as { wsUrl?: unknown } | null)?.wsUrl;
  if (typeof wsUrl !== 'string') return null;
  try {
    const url = new URL(wsUrl, ticket);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(wsUrl)) asSocketUrl(url);
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url : null;
  } catch {
    return null;
  }
}

/** The three checks of the service: `service`, `website`, `socket`. */
export async function serviceChecks(
  scope: DiagnoseScope,
  target: DiagnoseTarget,
  log: ViolationLog,
  wait: Sleep = sleep,
): Promise<DiagnoseCheck[]> {
  let server: URL;
  try {
    server = new URL(target.serverUrl);
  } catch {
    const fix = 'set server-url to the service\'s address (https://…)';
    const message = `server-url (${target.serverUrl}) is no URL.`;
    return [check('service', false, message, fix), check('website', null, 'Not checked: no service to ask.'), check('socket', null, 'Not checked: no service to ask.')];
  }
  let socket = asSocketUrl(new URL(server.href));
  let fromTicket = false;
  const sources = () => `${server.origin} ${socket.origin}`;
  let service: DiagnoseCheck;
  let website: DiagnoseCheck;
  if (!target.publicId) {
    service = check('service', null, 'Not checked: the element has no public-id.');
    website = check('website', false, 'The element has no public-id: it calls no agent.', "set public-id to the agent's public id");
  } else {
    const url = ticketUrl(target.serverUrl, target.publicId);
    let response: Response | null = null;
    let failure: unknown;
    try {
      // As the widget's first call asks: no body, no credentials (a CORS "simple" request).
      response = await scope.fetch(url, { method: 'POST', credentials: 'omit' });
    } catch (error) {
      failure = error;
    }
    if (response) {
      const body: unknown = await response.json().catch(() => null);
      const given = socketFromTicket(body, url);
      fromTicket = !!given;
      socket = given ?? socket;
      service = check('service', true, `The page reaches the service (${server.origin}).`);
      website = websiteCheck(response, scope.origin, target.publicId);
    } else {
      const refused = await log.find(refusing(url));
      service = refused
        ? check('service', false, `The page's Content-Security-Policy (${refused.directive}) refuses ${server.origin}: the widget cannot ask for a call.`, `add \`${sources()}\` to connect-src`)
        : check(
            'service',
            false,
            `The service could not be reached at ${url} (${String(failure)}): is it up, and is server-url right? (A service that does not answer CORS for this website reads the same.)`,
            `point server-url at the service (now ${target.serverUrl})`,
          );
      website = check('website', null, 'Not checked: the service was not reached.');
    }
  }
  return [service, website, await socketCheck(scope, socket, fromTicket, log, wait)];
}

function websiteCheck(response: Response, site: string, publicId: string): DiagnoseCheck {
  switch (response.status) {
    case 200:
    case 201:
      return check('website', true, `The agent takes calls from this website (${site}).`);
    case 403:
      return check('website', false, `The agent does not take calls from this website (403 ORIGIN).`, `add ${site} to the agent's allowed websites`);
    case 404:
      return check('website', false, `No published agent has the public-id "${publicId}" (404).`, 'check public-id, and that the agent is published with its widget on');
    case 429: {
      const after = response.headers.get('Retry-After');
      return check('website', null, `Not checked: this network has asked for its 20 tickets of the hour (429)${after ? `; try again in ${after} s` : ''}.`);
    }
    case 503:
      return check('website', null, 'Not checked: the service is down for maintenance (503).');
    default:
      return check('website', null, `Not checked: the service answered ${response.status}.`);
  }
}

/** Opens the call's socket with a ticket that cannot be valid: a refused handshake (the socket closes before it
 *  opens) proves the page lets the widget reach it; a policy's refusal is reported. Without a ticket (none came)
 *  the socket's address is only the service's own: it is closed at once, and only the page's policy is checked
 *  (the browser checks it as the socket is made). */
async function socketCheck(scope: DiagnoseScope, socketUrl: URL, fromTicket: boolean, log: ViolationLog, wait: Sleep): Promise<DiagnoseCheck> {
  const url = new URL(socketUrl.href);
  url.searchParams.set('token', INVALID_TICKET);
  const origin = socketUrl.origin;
  const refusedCheck = (directive: string) =>
    check('socket', false, `The page's Content-Security-Policy (${directive}) refuses the call's socket at ${origin}.`, `add \`${origin}\` to connect-src`);
  let outcome: 'refused' | 'opened' | 'silent' | 'failed' | 'unasked';
  let failure: unknown;
  let socket: WebSocket | null = null;
  try {
    socket = new scope.WebSocket(url.href);
    const opened = socket;
    outcome = !fromTicket ? 'unasked' : await new Promise((resolve) => {
      opened.onopen = () => resolve('opened');
      opened.onclose = () => resolve('refused');
      // Chromium's refusal for a policy is an `error` with no close.
      opened.onerror = () => void wait(REPORT_WAIT_MS).then(() => resolve('refused'));
      void wait(SOCKET_WAIT_MS).then(() => resolve('silent'));
    });
  } catch (error) {
    outcome = 'failed'; // Firefox throws for a policy's refusal
    failure = error;
  } finally {
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = null;
      if (socket.readyState < 2) socket.close(1000);
    }
  }
  const refused = await log.find(refusing(url.href), outcome === 'opened' || outcome === 'silent' ? 0 : REPORT_WAIT_MS);
  if (refused) return refusedCheck(refused.directive);
  switch (outcome) {
    case 'refused':
      return check('socket', true, `The page may open the call's socket (${origin}): the service refused the probe's made-up ticket, as it should.`);
    case 'opened':
      return check('socket', true, `The page may open the call's socket (${origin}), but the service accepted a made-up ticket.`);
    case 'unasked':
      return check('socket', true, `The page's policy lets the widget open its socket at ${origin} (checked without a ticket: none came).`);
    case 'silent':
      return check('socket', null, `Not checked: the call's socket (${origin}) did not answer within ${SOCKET_WAIT_MS / 1000} s.`);
    default:
      return check(
        'socket',
        false,
        `The browser would not open the call's socket at ${origin} (${String(failure)}).`,
        url.protocol === 'ws:' && scope.location.protocol === 'https:' ? 'serve the service over https (its socket on wss:)' : `add \`${origin}\` to connect-src`,
      );
  }
}

