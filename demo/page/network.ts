// The demo page's side of the network lab (demo/netlab/): which profiles the dev server's lab offers, the
// one picked, and the URL a call should use to cross it. Without a lab (a page served elsewhere) the picker
// stays hidden and calls go to the page's own origin.
import type { PageLanguage } from './strings.ts';

export const NO_PROFILE = 'none';

export interface NetworkProfileInfo {
  name: string;
  summary: string;
  explain: Record<PageLanguage, string>;
}

interface LabStatus {
  port: number | null;
  profile: string;
  profiles?: NetworkProfileInfo[];
}

export class NetworkLab {
  /** Whether the dev server has a lab the page can use. */
  available = false;
  profile = NO_PROFILE;
  profiles: NetworkProfileInfo[] = [];
  /** The last request to the lab failed. */
  failed = false;
  #port: number | null = null;

  /** Asks the dev server for its lab; leaves the picker hidden when there is none. */
  async load(): Promise<void> {
    try {
      const response = await fetch('/__netlab', { cache: 'no-store' });
      if (!response.ok) return;
      this.#take((await response.json()) as LabStatus);
      this.available = this.#port !== null;
    } catch {
      this.available = false;
    }
  }

  /** Puts `profile` on the link now (a timed profile's script starts now). */
  async pick(profile: string): Promise<void> {
    try {
      const response = await fetch('/__netlab/profile', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ profile }),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      this.#take((await response.json()) as LabStatus);
      this.failed = false;
    } catch {
      this.failed = true;
    }
  }

  /** Starts the picked profile's script again, e.g. when a call goes live, so its events fall in the call. */
  async restart(): Promise<void> {
    if (this.profile !== NO_PROFILE) await this.pick(this.profile);
  }

  /** The `server-url` a call started now should have: the lab's origin at this page's host name, or null
   *  (the page's own origin) when no profile is picked. */
  get serverUrl(): string | null {
    if (!this.available || this.profile === NO_PROFILE || this.#port === null) return null;
    return `${location.protocol}//${location.hostname}:${this.#port}`;
  }

  explain(language: PageLanguage): string | undefined {
    return this.profiles.find((p) => p.name === this.profile)?.explain[language];
  }

  #take(status: LabStatus): void {
    this.#port = status.port;
    this.profile = status.profile;
    if (status.profiles) this.profiles = status.profiles;
  }
}
