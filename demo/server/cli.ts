// npx tsx demo/server/cli.ts [--port 8787] [--host 127.0.0.1] [--agents path/to/agents.json]
//   [--public-origin https://voice.example] [--allowed-host name]…
// Runs the simulated agent-call service alone (no demo page). PORT and HOST env variables work too.
import { parseArgs } from 'node:util';
import { startSimulator } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8787' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    agents: { type: 'string' },
    'public-origin': { type: 'string' },
    'allowed-host': { type: 'string', multiple: true },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`Bad port: ${values.port}`);
  process.exit(2);
}

const running = await startSimulator({
  port,
  host: values.host,
  ...(values.agents ? { agentsFile: values.agents } : {}),
  ...(values['public-origin'] ? { publicOrigin: values['public-origin'] } : {}),
  allowedHosts: values['allowed-host'] ?? [],
  prewarm: true,
  log: values.quiet ? () => {} : (message) => console.error(`[simulator] ${message}`),
});
console.log(`Agent-call simulator on ${running.url}`);
console.log(`  ticket: POST ${running.url}/api/agents/public/<publicId>/call`);
console.log(`  socket: ${running.wsUrl}?token=<ticket>`);
console.log(`  agents: ${running.url}/__simulator/agents`);

const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
