// The simulated agent-call service on its own Node HTTP server (tests, CLI). `npm run demo` mounts the
// same simulator inside Vite instead (vite-plugin.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorOptions } from './options.ts';
import { withOwnHosts } from './host-check.ts';
import { closeIncompleteRequests } from './incomplete-requests.ts';
import { createSimulator, type Simulator } from './simulator.ts';

export interface StartOptions extends SimulatorOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
}

export interface RunningSimulator {
  /** http://host:port — POST `${url}/api/agents/public/<id>/call` for a ticket. */
  url: string;
  /** ws://host:port/<socket path> (the ticket's `wsUrl` says the same). */
  wsUrl: string;
  port: number;
  simulator: Simulator;
  close(): Promise<void>;
}

export async function startSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1';
  const simulator = createSimulator({ ...options, allowedHosts: withOwnHosts(options.allowedHosts ?? [], host) });
  const server = createServer((req, res) => simulator.handleRequest(req, res));
  server.on('upgrade', (req, socket, head) => {
    // A peer that resets the connection must not take the process down with an unhandled 'error'.
    socket.on('error', () => socket.destroy());
    if (!simulator.handleUpgrade(req, socket, head)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });
  closeIncompleteRequests(server, simulator.limits.incompleteRequestMs);
  server.keepAliveTimeout = simulator.limits.keepAliveMs;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const url = `http://${hostPart}:${port}`;
  return {
    url,
    wsUrl: `ws://${hostPart}:${port}${simulator.socketPath}`,
    port,
    simulator,
    close: () =>
      new Promise<void>((resolve) => {
        simulator.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { createSimulator, DEFAULT_SOCKET_PATH, type Simulator } from './simulator.ts';
export { ManualClock, systemClock, type Clock } from './clock.ts';
export { loadAgentsFile, parseAgentsData, defaultAgentsFile } from './agents.ts';
export type { AgentsData, AgentData, AccountData } from './agents.ts';
export type { CallRecord } from './context.ts';
export { defaultLimits, defaultTimings, type Limits, type Timings, type SimulatorOptions } from './options.ts';
