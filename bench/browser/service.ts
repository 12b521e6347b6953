// The simulated service for the browser bench, in a process of its own: its speech synthesis blocks its
// event loop for a while, which must not delay the recording proxy's timestamps. Prints its URL once
// ready (agents data on stdin: the bench raises the call length limit). Arguments: public ids whose phrases are
// synthesised before it says it is ready too (the realtime agents' scripts are left to their first call otherwise).
import { parseAgentsData } from '../../demo/server/agents.ts';
import { startSimulator } from '../../demo/server/index.ts';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const running = await startSimulator({ agents: parseAgentsData(JSON.parse(input)), limits: { ticketsPerWindow: 1000 } });
await running.simulator.prewarm();
if (process.argv.length > 2) await running.simulator.prewarm(process.argv.slice(2));
console.log(running.url);
process.on('SIGTERM', () => void running.close().then(() => process.exit(0)));
