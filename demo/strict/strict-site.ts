// A strict site for the demo page: the pages of a shop on another origin than the service (the demo server
// under its other name: 127.0.0.1 for localhost, and the other way round), each embedding the widget as the
// two-line snippet does, from the service's origin, and each with the failure owners meet most:
//   /strict/csp    a Content-Security-Policy whose connect-src does not name the service;
//   /strict/frame  no policy of its own, framed by the demo page without allow="microphone".
// Each has a "Check this page" button (diagnose(), page.js). Served by `npm run demo` and by the built demo's
// preview; demo/page/strict-site.ts frames them.
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import { otherHost } from './hosts.ts';

export type StrictCase = 'csp' | 'frame';

const PAGE_SCRIPT = readFileSync(fileURLToPath(new URL('./page.js', import.meta.url)), 'utf8');

const WORDS = {
  en: {
    title: 'A strict shop',
    csp: "This page's Content-Security-Policy lets it connect to its own origin only (connect-src 'self'): the service is elsewhere.",
    frame: 'This page has no policy of its own, but the page that frames it does not allow the microphone.',
    check: 'Check this page',
  },
  fr: {
    title: 'Une boutique stricte',
    csp: "La Content-Security-Policy de cette page ne lui permet de se connecter qu’à sa propre origine (connect-src 'self')\u00a0: le service est ailleurs.",
    frame: 'Cette page n’a pas de politique à elle, mais la page qui l’encadre n’autorise pas le micro.',
    check: 'Vérifier cette page',
  },
  ar: {
    title: 'متجر صارم',
    csp: "سياسة أمان المحتوى في هذه الصفحة لا تسمح لها بالاتصال إلا بأصلها (connect-src 'self')، والخدمة في مكان آخر.",
    frame: 'ليست لهذه الصفحة سياسة خاصة، لكن الصفحة التي تؤطّرها لا تسمح بالميكروفون.',
    check: 'افحص هذه الصفحة',
  },
};

type Lang = keyof typeof WORDS;

/** The escaped text of `value` for HTML (the query's values are the page's to choose). */
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The shop's page for `strictCase`, loading the widget from `widgetUrl` (on the service's origin). */
export function strictPage(strictCase: StrictCase, options: { widgetUrl: string; lang: string; agent: string }): { html: string; csp: string | null } {
  const lang: Lang = options.lang in WORDS ? (options.lang as Lang) : 'en';
  const t = WORDS[lang];
  const service = new URL(options.widgetUrl).origin;
  // Everything the widget needs from the service, but the connection to it.
  const csp = strictCase === 'csp' ? `script-src 'self' ${service}; worker-src blob:; connect-src 'self'` : null;
  const html = `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
${csp ? `<meta http-equiv="Content-Security-Policy" content="${csp}">` : ''}
<title>${t.title}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0.75rem}table{border-collapse:collapse;margin-block:0.75rem;inline-size:100%;overflow-wrap:anywhere;font-size:0.85rem}td,th{border:1px solid #8884;padding:0.25rem 0.5rem;text-align:start;vertical-align:top}td:first-child{white-space:nowrap}button{min-block-size:44px}</style>
<script type="module" src="${escape(options.widgetUrl)}"></script>
<script type="module" src="/strict/page.js"></script>
</head><body>
<h1>${t.title}</h1>
<p>${t[strictCase]}</p>
<p><button type="button" id="check" disabled>${t.check}</button></p>
<div id="report"></div>
<voice-agent public-id="${escape(options.agent)}" layout="inline" lang="${lang}"></voice-agent>
</body></html>`;
  return { html, csp };
}

/** The built demo's widget module (a chunk of its own, which defines the element), relative to the site root. */
function builtWidget(outDir: string): string {
  const file = readdirSync(join(outDir, 'assets')).find((name) => /^voice-agent-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`strict-site: no assets/voice-agent-*.js in ${outDir}`);
  return `/assets/${file}`;
}

export function strictSite(): Plugin {
  const mount = (server: ViteDevServer | PreviewServer, widgetPath: () => string) => {
    const handle: Connect.NextHandleFunction = (req, res: ServerResponse, next) => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      if (url.pathname === '/strict/page.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
        return res.end(PAGE_SCRIPT);
      }
      const match = /^\/strict\/(csp|frame)$/.exec(url.pathname);
      if (!match) return next();
      // The service is the demo server under its other name (the shop's page is on this one).
      const service = `${url.protocol}//${otherHost(url.host)}`;
      const { html } = strictPage(match[1] as StrictCase, {
        widgetUrl: `${service}${widgetPath()}`,
        lang: url.searchParams.get('lang') ?? 'en',
        agent: url.searchParams.get('agent') ?? 'demo',
      });
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(html);
    };
    server.middlewares.use(handle);
  };
  return {
    name: 'voice-agent:strict-site',
    configureServer: (server) => mount(server, () => '/src/voice-agent.ts'),
    configurePreviewServer: (server) => {
      const outDir = join(server.config.root, server.config.build.outDir);
      mount(server, () => builtWidget(outDir));
    },
  };
}
