// A customer's website for end-to-end tests: serves dist/ (the built widget) from its own origin, and a
// page embedding <voice-agent> that calls a service on another origin, under a strict CSP.
import { startDistSite, type DistSite, type DistSiteOptions } from './dist-site.ts';

export type CustomerSite = DistSite;

export function startCustomerSite(
  serviceUrl: string,
  publicId: string,
  options: Pick<DistSiteOptions, 'refuse'> = {},
): Promise<CustomerSite> {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    `connect-src ${serviceUrl} ${serviceUrl.replace('http:', 'ws:')}`,
    // The agent's avatar image is served by the service: a site lists the service in img-src.
    `img-src 'self' ${serviceUrl}`,
    "style-src 'self'",
  ].join('; ');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop</title>
<script type="module" src="/voice-agent.js"></script></head>
<body><h1>A shop</h1><voice-agent public-id="${publicId}" layout="inline" server-url="${serviceUrl}"></voice-agent></body></html>`;
  return startDistSite({ page, pageHeaders: { 'Content-Security-Policy': csp }, ...options });
}
