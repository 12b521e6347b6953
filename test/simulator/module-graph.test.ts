// The simulator's modules import each other without cycles (a cycle makes the load order decide which
// module sees the other half-initialised).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../../demo/server/', import.meta.url));

/** Each module's local imports, type-only imports included (a type cycle still ties two files together). */
function localImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
    const text = readFileSync(dir + file, 'utf8');
    const targets = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+'\.\/([^']+\.ts)'/gms)].map((m) => m[1]!);
    graph.set(file, targets);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('demo/server module graph', () => {
  it('has no import cycle', () => {
    const graph = localImports();
    expect(graph.get('call.ts')).toContain('behaviours.ts'); // the parser sees imports at all
    expect(findCycle(graph)).toBeUndefined();
  });
});
