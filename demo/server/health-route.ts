// GET /health at the service root (spec §4.7): the API is up. It keeps answering whatever the agents'
// maintenance says. Like the service's other REST endpoints (spec §1.8) it grants no cross-origin read: a
// page's warm-up request to it is opaque (`mode: 'no-cors'`), and only warms the connection the ticket
// request then reuses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-util.ts';

export const HEALTH_PATH = '/health';

export function handleHealthRequest(req: IncomingMessage, res: ServerResponse): void {
  // A body, if any, is read and dropped so the connection stays usable for the next request.
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD' });
    return;
  }
  sendJson(res, 200, { status: 'ok' });
}
