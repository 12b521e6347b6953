// Mounts the simulated agent-call service in Vite's dev and preview servers, so `npm run demo` serves
// the demo page and the service at one origin.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import type { SimulatorOptions } from './options.ts';
import { closeIncompleteRequests } from './incomplete-requests.ts';
import { createSimulator } from './simulator.ts';

export function agentCallSimulator(options: SimulatorOptions = {}): Plugin {
  const mount = (server: ViteDevServer | PreviewServer, kind: 'dev' | 'preview') => {
    const httpServer = server.httpServer as Server | null;
    if (!httpServer) return; // middleware mode (e.g. Vitest's node runs): no server to mount on
    const { config } = server;
    const served = kind === 'dev' ? config.server : config.preview;
    const simulator = createSimulator({
      // The demo page shares this origin but plays a customer's site: `allow-list` must refuse it.
      publicPageOrigin: null,
      // Vite's own host check (which also lists `server.host` and `server.origin`); it is off over https.
      allowedHosts: served.https ? true : served.allowedHosts,
      ...(kind === 'dev' && config.server.origin ? { publicOrigin: config.server.origin } : {}),
      ...options,
      // Vitest's browser mode also starts this Vite server; it should not pay for speech it may not use.
      prewarm: options.prewarm ?? !process.env.VITEST,
      log: options.log ?? ((message) => server.config.logger.warn(`[simulator] ${message}`)),
    });
    closeIncompleteRequests(httpServer, simulator.limits.incompleteRequestMs);
    // Vite leaves Node's 5 s: a warm-up request (GET /health) would often be wasted before the ticket.
    httpServer.keepAliveTimeout = simulator.limits.keepAliveMs;
    server.middlewares.use(simulator.handleRequest as Connect.NextHandleFunction);
    // Run before Vite's own CORS and host checks: the ticket route answers CORS the way the service does,
    // and the simulator checks the Host header itself, against the same list.
    const stack = server.middlewares.stack;
    stack.unshift(stack.pop()!);
    // Vite's HMR socket has its own upgrade listener; ours takes only the call socket's path.
    httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      simulator.handleUpgrade(req, socket, head);
    });
    httpServer.on('close', () => simulator.close());
  };
  return {
    name: 'voice-agent-simulator',
    configureServer: (server) => mount(server, 'dev'),
    configurePreviewServer: (server) => mount(server, 'preview'),
  };
}
