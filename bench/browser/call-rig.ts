// What the browser bench and heap-diff.ts both call through: the simulated service in a process of its own
// (the demo agent allowed a call of the length asked for, the monologue agent 20 s of speech), the recording
// proxy in front of it, the site that serves the built widget, and headless Chromium with a fake microphone
// playing the bench's caller.
import { chromium, type Browser } from 'playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { loadAgentsFile } from '../../demo/server/agents.ts';
import { chromiumArgs, chromiumPath, fakeMicArgs } from '../../test/chromium.ts';
import { benchCallerWav, ensureSpeechWav } from '../../test/e2e/fixtures.ts';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.ts';
import { startBenchSite, type BenchSite } from './site.ts';

export const PUBLIC_ID = 'demo';

export interface CallRig {
  browser: Browser;
  proxy: RecordingProxy;
  site: BenchSite;
  close(): Promise<void>;
}

/** Everything up and running for one call of at least `callSeconds` (needs dist/ built). */
export async function startCallRig(callSeconds: number): Promise<CallRig> {
  const agents = loadAgentsFile();
  for (const agent of agents.agents) if (agent.publicId === PUBLIC_ID) agent.maxCallSeconds = Math.max(agent.maxCallSeconds, callSeconds + 120);
  // The busy-page bench measures 5 s of a quiet page, then 8 s of a busy one, while the monologue agent talks.
  for (const agent of agents.agents) if (agent.monologue) agent.monologue.seconds = Math.max(agent.monologue.seconds, 20);
  const service = await startService(agents);
  const proxy = await startRecordingProxy(service.url);
  const site = await startBenchSite(proxy.url, PUBLIC_ID);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...fakeMicArgs(await ensureSpeechWav(benchCallerWav, 4.5, 10))] });
  return {
    browser,
    proxy,
    site,
    async close() {
      await browser.close();
      await site.close();
      await proxy.close();
      service.process.kill('SIGTERM');
    },
  };
}

/** Starts bench/browser/service.ts in a child process; resolves once its phrases are synthesised (and the realtime
 *  agents' among `prewarm`). */
export async function startService(agents: unknown, prewarm: string[] = []): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./service.ts', import.meta.url).pathname, ...prewarm], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin!.end(JSON.stringify(agents));
  let output = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (text: string) => (output += text));
  while (!output.includes('\n')) {
    const [exit] = await Promise.race([once(child.stdout!, 'data'), once(child, 'exit').then(() => ['exit'])]);
    if (exit === 'exit') throw new Error('the simulated service did not start');
  }
  return { url: output.trim().split('\n')[0]!, process: child };
}
