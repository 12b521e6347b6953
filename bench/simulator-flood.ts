// `node --expose-gc --import tsx bench/simulator-flood.ts [visits] [texts]`: the simulator's resident
// memory before and after a flood of typed text (heap in use after a full GC, and the resident set,
// which also keeps what the allocator has not given back). Each visit opens one call to the talking agent and types
// `texts` messages of 1000 Arabic characters (2 bytes each in V8), then hangs up. The simulator keeps
// each visit's typed history for its "welcome back"; the figure shows what that costs.
import WebSocket from 'ws';
import { startSimulator } from '../demo/server/index.ts';

const VISITS = Number(process.argv[2] ?? 50);
const TEXTS = Number(process.argv[3] ?? 1000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** Resident set and V8 heap in use, in MB, after full collections. */
const memory = () => {
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 1e6, heap: heapUsed / 1e6 };
};
const letters = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
const text = (n: number) => Array.from({ length: 1000 }, (_, i) => letters[(n * 7 + i * 13) % letters.length]).join('');

const sim = await startSimulator({
  port: 0,
  limits: { ticketsPerWindow: 1_000_000 },
  timings: { setupDelayMs: 5 },
  // The agent's answers are superseded by the next message; a stub voice keeps espeak out of the figure.
  synthesiser: { speak: async () => new Int16Array(2400) },
});

async function floodOneVisit(visit: number): Promise<void> {
  const res = await fetch(`${sim.url}/api/agents/public/demo-en/call`, { method: 'POST' });
  const ticket = (await res.json()) as { token: string; wsUrl: string };
  const ws = new WebSocket(`${ticket.wsUrl}?token=${ticket.token}`);
  const waitFor = (type: string) =>
    new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData, binary: boolean) => {
        if (!binary && (JSON.parse(String(data)) as { type: string }).type === type) {
          ws.off('message', onMessage);
          resolve();
        }
      };
      ws.on('message', onMessage);
    });
  await waitFor('ready');
  for (let i = 0; i < TEXTS; i++) ws.send(JSON.stringify({ type: 'text', text: text(visit * TEXTS + i) }));
  ws.send(JSON.stringify({ type: 'ping' }));
  await waitFor('pong'); // every text before it has been taken
  ws.send(JSON.stringify({ type: 'end' }));
  await new Promise((resolve) => ws.once('close', resolve));
}

const before = memory();
for (let v = 0; v < VISITS; v++) await floodOneVisit(v);
const after = memory();
const mb = (from: number, to: number) => `${from.toFixed(0)} → ${to.toFixed(0)} MB (+${(to - from).toFixed(0)})`;
console.log(`${VISITS} visits × ${TEXTS} typed messages of 1000 characters:`);
console.log(`  heap used ${mb(before.heap, after.heap)}, RSS ${mb(before.rss, after.rss)}`);
await sim.close();
