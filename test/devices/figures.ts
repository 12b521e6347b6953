// Min / median / max of the real-devices lane's figures over several runs, from their JSON reports (the
// `figure` annotations of test/devices/lane.ts), for docs/testing.md:
//   for i in 1 2 3 4 5; do npx playwright test -c playwright.devices.config.ts; cp test-results/e2e-devices.json /tmp/devices-$i.json; done
//   npx tsx test/devices/figures.ts /tmp/devices-*.json
import { readFileSync } from 'node:fs';

interface Suite {
  suites?: Suite[];
  specs?: { title: string; tests: { projectName: string; results: { status: string; annotations?: { type: string; description?: string }[] }[] }[] }[];
}

const MEASURES: [string, RegExp][] = [
  ['echo with processing off (dBFS)', /echo with processing off (-?[\d.]+) dBFS/],
  ['echo reduction (dB)', /(-?[\d.]+) dB down/],
  ['visitor above the echo left (dB)', /(-?[\d.]+) dB above the echo left/],
  ['interruptions or user turns in 25 s', /(\d+) interruptions or user turns/],
  ['heard itself after (s)', /heard itself ([\d.]+) s after live/],
  ['visitor heard again, sentence started after the unplug (s)', /started ([\d.]+) s after the unplug/],
  ['weak Firefox runs given one more run', /(a weak run)/],
];

const values = new Map<string, number[]>();
const add = (measure: string, value: number) => values.set(measure, [...(values.get(measure) ?? []), value]);
const statuses = new Map<string, string[]>();
const walk = (suite: Suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        const key = `${test.projectName} · ${spec.title}`;
        statuses.set(key, [...(statuses.get(key) ?? []), result.status]);
        for (const { type, description = '' } of result.annotations ?? []) {
          if (type === 'cpu') add('CPU busy during a test (% of all cores)', Number(description));
          if (type !== 'figure') continue;
          for (const [name, pattern] of MEASURES) {
            const match = pattern.exec(description);
            if (!match) continue;
            add(`${key} · ${name}`, Number.isNaN(Number(match[1])) ? 1 : Number(match[1]));
          }
        }
      }
    }
  }
  suite.suites?.forEach(walk);
};
for (const file of process.argv.slice(2)) walk(JSON.parse(readFileSync(file, 'utf8')) as Suite);

for (const [key, list] of statuses) console.log(`${key}: ${list.join(', ')}`);
for (const [measure, list] of values) {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  console.log(`${measure}: n=${sorted.length} min ${sorted[0]} median ${median} max ${sorted.at(-1)} [${list.join(', ')}]`);
}
