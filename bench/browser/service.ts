// The simulated service for the browser bench, in a process of its own: its speech synthesis blocks its
// event loop for a while, which must not delay the recording proxy's timestamps. Prints its URL once
// ready (agents data on stdin: the bench raises the call length limit).
import { parseAgentsData } from '../../demo/server/agents.ts';
import { startSimulator } from '../../demo/server/index.ts';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const running = await startSimulator({ agents: parseAgentsData(JSON.parse(input)), limits: { ticketsPerWindow: 1000 } });
await running.simulator.prewarm();
console.log(running.url);
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
