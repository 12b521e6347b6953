// /__netlab… : what the demo page needs to put its calls behind a network profile. Not part of the service.
//   GET  /__netlab          → { port, url, profile, startedAt, profiles: [{name, summary, explain}], stats }
//   POST /__netlab/profile  { "profile": "4g" } → the link takes the profile now (its timeline from now on)
// The POST changes state, so it takes the simulator's precautions: JSON only (no page can send that
// cross-site without a preflight, which this route never grants), and refused from any other origin.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, isJsonContentType, ownOrigin, readBody, requestOrigin, sendJson } from '../server/http-util.ts';
import type { LinkStats } from './link.ts';
import { PROFILES } from './profiles.ts';

export const NETLAB_PATH = '/__netlab';
/** The name of "no profile": calls go to the server directly. */
export const NO_PROFILE = 'none';

export interface NetlabStatus {
  /** The lab's port (a page reaches it at its own host name and this port); null before it listens. */
  port: number | null;
  /** The lab's URL as Node reaches it. */
  url: string | null;
  profile: string;
  /** When the profile's timeline started, epoch ms; null without a profile. */
  startedAt: number | null;
  stats: LinkStats | null;
}

export interface NetlabControl {
  status(): NetlabStatus;
  /** Puts a profile (or `none`) on the link; throws a RangeError for an unknown one. */
  pick(profile: string): NetlabStatus;
}

const pathOf = (req: IncomingMessage) => (req.url ?? '').split('?')[0];

/** Whether a request is for these routes. */
export function isNetlabRequest(req: IncomingMessage): boolean {
  const pathname = pathOf(req);
  return pathname === NETLAB_PATH || pathname === `${NETLAB_PATH}/profile`;
}

/** Answers a request for these routes (see `isNetlabRequest`). */
export function handleNetlabRequest(req: IncomingMessage, res: ServerResponse, lab: NetlabControl): void {
  const pathname = pathOf(req);
  if (pathname === NETLAB_PATH && req.method === 'GET') {
    sendJson(res, 200, { ...lab.status(), profiles: PROFILES.map(({ name, summary, explain }) => ({ name, summary, explain })) });
  } else if (pathname === `${NETLAB_PATH}/profile` && req.method === 'POST') {
    void pickFromRequest(req, res, lab);
  } else {
    req.resume();
    sendJson(res, 405, { error: `Use GET ${NETLAB_PATH} or POST ${NETLAB_PATH}/profile` });
  }
}

async function pickFromRequest(req: IncomingMessage, res: ServerResponse, lab: NetlabControl): Promise<void> {
  const site = req.headers['sec-fetch-site'];
  const origin = requestOrigin(req);
  if ((site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== null && origin !== ownOrigin(req))) {
    req.resume();
    return sendJson(res, 403, { error: 'Cross-site requests may not change the network lab' });
  }
  if (!isJsonContentType(req)) {
    req.resume();
    return sendJson(res, 415, { error: 'Send Content-Type: application/json' });
  }
  let profile: unknown;
  try {
    profile = (JSON.parse((await readBody(req, 1024)).toString('utf8')) as { profile?: unknown } | null)?.profile;
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    return sendJson(res, tooLarge ? 413 : 400, { error: tooLarge ? 'Body too large' : 'Send {"profile": "<name>"}' });
  }
  if (typeof profile !== 'string') return sendJson(res, 400, { error: 'Send {"profile": "<name>"}' });
  try {
    sendJson(res, 200, lab.pick(profile));
  } catch (error) {
    sendJson(res, error instanceof RangeError ? 400 : 503, { error: (error as Error).message });
  }
}
