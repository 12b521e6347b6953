// Puts a network lab in front of Vite's dev and preview servers, so `NETWORK=4g npm run demo` (or the demo
// page's picker) has the call cross an emulated link. The link listens on a port of its own and leads to
// Vite's own server: the page sets the widget's `server-url` to it, so the ticket and the call's socket cross
// it (the page itself may be loaded through it too). The simulator builds the ticket's `wsUrl` from the Host
// header, which is then the lab's: the socket goes through the lab as well.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite';
import { handleNetlabRequest, isNetlabRequest, NO_PROFILE, type NetlabControl, type NetlabStatus } from './control-routes.ts';
import { startLink, type Link } from './link.ts';
import { applyProfile, PROFILE_NAMES, profileNamed } from './profiles.ts';

export interface NetworkLabOptions {
  /** The profile calls start behind (`NETWORK`); `none` or unset: direct, until the page picks one. */
  profile?: string | undefined;
  /** The lab's port (`NETLAB_PORT`); 0 or unset: a free one. */
  port?: number | undefined;
  /** Seed of the jitter and losses. */
  seed?: number | undefined;
}

/** Throws, naming the profiles, for a name that is not one. */
export function checkProfileName(name: string): void {
  if (name !== NO_PROFILE && !profileNamed(name)) {
    throw new RangeError(`No network profile "${name}"; one of: ${[NO_PROFILE, ...PROFILE_NAMES].join(', ')}`);
  }
}

export function networkLab(options: NetworkLabOptions = {}): Plugin {
  const initial = options.profile?.trim() || NO_PROFILE;

  const mount = (server: ViteDevServer | PreviewServer, kind: 'dev' | 'preview') => {
    const httpServer = server.httpServer as Server | null;
    if (!httpServer) return; // middleware mode: no server to stand in front of
    // Checked when a server starts (not when the config loads: a build has no use for it).
    try {
      checkProfileName(initial);
    } catch (error) {
      throw new Error(`NETWORK=${initial}: ${(error as Error).message}`);
    }
    const logger = server.config.logger;
    let link: Link | undefined;
    let closed = false;
    let profile = initial;
    let startedAt: number | null = null;

    const pick = (name: string) => {
      checkProfileName(name);
      if (!link) throw new Error('The network lab is not running');
      profile = name;
      const chosen = profileNamed(name);
      if (chosen) startedAt = applyProfile(link, chosen);
      else {
        link.set({});
        link.schedule([]);
        startedAt = null;
      }
    };
    const status = (): NetlabStatus => ({
      port: link?.port ?? null,
      url: link?.url ?? null,
      profile,
      startedAt,
      stats: link?.stats() ?? null,
    });
    const control: NetlabControl = {
      status,
      pick: (name) => {
        pick(name);
        return status();
      },
    };

    const start = async () => {
      const address = httpServer.address() as AddressInfo;
      try {
        link = await startLink({
          target: { host: reachable(address.address), port: address.port },
          host: address.address,
          port: options.port ?? 0,
          ...(options.seed === undefined ? {} : { seed: options.seed }),
        });
      } catch (error) {
        logger.error(`[netlab] could not listen: ${(error as Error).message}`);
        return;
      }
      if (closed) return void link.close();
      pick(profile);
      if (profile !== NO_PROFILE) {
        const where = `http://${displayHost(address)}:${link.port}`;
        logger.info(`[netlab] NETWORK=${profile} (${profileNamed(profile)!.summary}): the demo page's calls go through ${where}`);
      }
      if (kind === 'dev' && server.config.server.origin) {
        logger.warn('[netlab] server.origin is set: tickets point the call socket there, so it bypasses the network lab');
      }
    };
    // The routes answer once the lab has started (or failed to): a page asking at once learns its port.
    const started = new Promise<void>((resolve) => {
      const run = () => void start().finally(resolve);
      if (httpServer.listening) run();
      else httpServer.once('listening', run);
    });
    httpServer.once('close', () => {
      closed = true;
      void link?.close();
    });

    server.middlewares.use(((req, res, next) => {
      if (!isNetlabRequest(req)) return next();
      void started.then(() => handleNetlabRequest(req, res, control));
    }) as Connect.NextHandleFunction);
  };

  return {
    name: 'voice-agent-network-lab',
    configureServer: (server) => mount(server, 'dev'),
    configurePreviewServer: (server) => mount(server, 'preview'),
  };
}

/** An address to connect to for one the server listens on (a wildcard is reached on loopback). */
function reachable(address: string): string {
  if (address === '::') return '::1';
  if (address === '0.0.0.0') return '127.0.0.1';
  return address;
}

/** How a person reaches an address the server listens on. */
function displayHost({ address, family }: AddressInfo): string {
  if (address === '::' || address === '0.0.0.0' || address === '::1' || address.startsWith('127.')) return 'localhost';
  return family === 'IPv6' ? `[${address}]` : address;
}
