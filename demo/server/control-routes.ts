// /__simulator/… : what the demo page and end-to-end tests need to see and reset. Not part of the
// service's interface.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AgentData } from './agents.ts';
import type { UplinkLevels } from './uplink-meter.ts';
import { decodeSegment, isJsonContentType, requestOrigin, sendJson } from './http-util.ts';

export const CONTROL_PREFIX = '/__simulator/';

export interface ControlTarget {
  agents: readonly AgentData[];
  calls(): unknown[];
  uplink(conversationId: string): UplinkLevels | undefined;
  uplinkFrames(conversationId: string): number[][] | undefined;
  reset(): void;
  /** Whether `origin` is the simulator's own (a page it serves, not another site). */
  isOwnOrigin(origin: string, req: IncomingMessage): boolean;
}

/** Answers a /__simulator/ request. */
export function handleControlRequest(req: IncomingMessage, res: ServerResponse, pathname: string, target: ControlTarget): void {
  const route = pathname.slice(CONTROL_PREFIX.length);
  const method = req.method ?? 'GET';
  if (route === 'agents' && method === 'GET') {
    sendJson(
      res,
      200,
      target.agents.map((a) => ({ publicId: a.publicId, name: a.name, language: a.language, status: a.status, explain: a.explain })),
    );
  } else if (route === 'calls' && method === 'GET') {
    sendJson(res, 200, target.calls());
  } else if (route.startsWith('uplink/') && route.endsWith('/frames') && method === 'GET') {
    const frames = target.uplinkFrames(decodeSegment(route.slice('uplink/'.length, -'/frames'.length)));
    if (frames) sendJson(res, 200, frames);
    else sendJson(res, 404, { error: 'No such call among the latest' });
  } else if (route.startsWith('uplink/') && method === 'GET') {
    const levels = target.uplink(decodeSegment(route.slice('uplink/'.length)));
    if (levels) sendJson(res, 200, levels);
    else sendJson(res, 404, { error: 'No such call among the latest' });
  } else if (route === 'reset' && method === 'POST') {
    req.resume();
    const refusal = crossSiteRefusal(req, target);
    if (refusal) return sendJson(res, refusal.status, { error: refusal.error });
    target.reset();
    sendJson(res, 200, { ok: true });
  } else if (route.startsWith('avatars/') && route.endsWith('.svg') && method === 'GET') {
    const id = decodeSegment(route.slice('avatars/'.length, -'.svg'.length));
    const agent = target.agents.find((a) => a.publicId === id);
    if (!agent) return sendJson(res, 404, { error: 'Not found' });
    const svg = avatarSvg(agent);
    res.writeHead(200, {
      'Content-Type': 'image/svg+xml',
      'Content-Length': Buffer.byteLength(svg),
      'Cache-Control': 'max-age=3600',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    res.end(svg);
  } else {
    sendJson(res, 404, { error: 'Not found' });
  }
}

/** Why a state-changing request is refused, if it is: a request from another site (its Origin, or the
 *  browser's Sec-Fetch-Site, says so) or one a page could send cross-site without a preflight (any
 *  content type but JSON: a plain form or a `text/plain` fetch). */
function crossSiteRefusal(req: IncomingMessage, target: ControlTarget): { status: number; error: string } | undefined {
  const site = req.headers['sec-fetch-site'];
  const origin = requestOrigin(req);
  if ((site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== null && !target.isOwnOrigin(origin, req))) {
    return { status: 403, error: 'Cross-site requests may not change the simulator' };
  }
  if (!isJsonContentType(req)) return { status: 415, error: 'Send Content-Type: application/json' };
  return undefined;
}

/** A round gradient badge with the agent's initial. */
function avatarSvg(agent: AgentData): string {
  const colour = (value: string | undefined, fallback: string) =>
    value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback;
  const initial = escapeXml([...agent.name][0] ?? '?');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour(agent.avatar.from, '#334155')}"/>` +
    `<stop offset="1" stop-color="${colour(agent.avatar.to, '#0f172a')}"/></linearGradient></defs>` +
    '<circle cx="48" cy="48" r="48" fill="url(#g)"/>' +
    `<text x="48" y="62" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#fff">${initial}</text></svg>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

