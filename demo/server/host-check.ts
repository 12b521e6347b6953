// The Host header check that stops DNS rebinding (a page on evil.example whose name now points at this
// machine must not talk to the simulator as if it were same-origin). The same rules as Vite's
// `server.allowedHosts`: localhost names and IP literals always pass, other names only when listed
// (a leading dot allows the name and its subdomains), `true` lets any host through.
import { isIP } from 'node:net';

export type AllowedHosts = readonly string[] | true;

/** Whether a request with this Host header may be answered. No Host (HTTP/1.0) passes, as in Vite. */
export function isHostAllowed(hostHeader: string | undefined, allowed: AllowedHosts): boolean {
  if (hostHeader === undefined || allowed === true) return true;
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 && isIP(host.slice(1, end)) === 6 && /^(:\d{1,5})?$/.test(host.slice(end + 1));
  }
  const colon = host.indexOf(':');
  const name = colon === -1 ? host : host.slice(0, colon);
  if (colon !== -1 && !/^\d{1,5}$/.test(host.slice(colon + 1))) return false;
  if (isIP(name) === 4) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern === name || (pattern.startsWith('.') && (pattern.slice(1) === name || name.endsWith(pattern)));
  });
}

/** The list a standalone simulator uses: the given names, plus the name it listens on and the public
 *  origin's host (Vite adds its `server.host` and `server.origin` the same way). */
export function withOwnHosts(allowed: AllowedHosts, ...extra: (string | undefined)[]): AllowedHosts {
  if (allowed === true) return true;
  const names = extra.filter((name): name is string => !!name && isIP(name) === 0);
  return [...allowed, ...names];
}
