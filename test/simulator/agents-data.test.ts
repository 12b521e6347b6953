// The shipped scenarios, and the checks on agents files.
import { describe, expect, it } from 'vitest';
import { loadAgentsFile, parseAgentsData } from '../../demo/server/agents.ts';

describe('agents.json', () => {
  const data = loadAgentsFile();

  it('has every scenario the demo and the e2e tests rely on, with an explanation in three languages', () => {
    const ids = data.agents.map((a) => a.publicId);
    for (const id of ['demo', 'draft', 'allow-list', 'no-minutes', 'busy', 'model-down', 'owner-gone', 'vanishing', 'crash', 'drop', 'maintenance', 'drop-once', 'dead-link', 'unreachable', 'monologue', 'realtime', 'realtime-fr', 'realtime-en']) {
      expect(ids).toContain(id);
    }
    for (const agent of data.agents) {
      expect(agent.explain.en.length, agent.publicId).toBeGreaterThan(20);
      expect(agent.explain.fr?.length, agent.publicId).toBeGreaterThan(20);
      expect(agent.explain.ar, agent.publicId).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('parseAgentsData', () => {
  const valid = () => ({
    accounts: [{ id: 'a', minutes: 10 }],
    agents: [
      {
        publicId: 'x',
        account: 'a',
        status: 'published',
        maxCallSeconds: 60,
        language: 'en',
        name: 'X',
        explain: { en: 'x' },
      },
    ],
  });

  it('fills defaults', () => {
    const parsed = parseAgentsData(valid());
    expect(parsed.agents[0]).toMatchObject({ allowedOrigins: [], behaviour: 'silent', avatar: {} });
    expect(parsed.accounts[0]).toEqual({ id: 'a', name: 'a', minutes: 10 });
  });

  it('normalises allowed origins', () => {
    const data = valid();
    Object.assign(data.agents[0]!, { allowedOrigins: ['HTTPS://Shop.Example/'] });
    expect(parseAgentsData(data).agents[0]!.allowedOrigins).toEqual(['https://shop.example']);
  });

  it.each([
    ['a non-object', () => 42, /expected an object/],
    ['a duplicate publicId', () => ({ ...valid(), agents: [valid().agents[0], valid().agents[0]] }), /agents\[1\]\.publicId "x" is used twice/],
    ['a bad status', () => withAgent({ status: 'live' }), /agents\[0\]\.status/],
    ['a bad language', () => withAgent({ language: 'de' }), /agents\[0\]\.language/],
    ['an unknown time zone', () => withAgent({ timeZone: 'Mars/Olympus' }), /time zone/],
    ['a bad failure', () => withAgent({ failure: { kind: 'explode' } }), /failure\.kind/],
    ['a failure flag that is not a boolean', () => withAgent({ failure: { kind: 'drop', oncePerVisit: 'yes' } }), /failure\.oncePerVisit/],
    ['a crash played once per visit', () => withAgent({ failure: { kind: 'crash', oncePerVisit: true } }), /crash happens before ready/],
    ['negative minutes', () => ({ ...valid(), accounts: [{ id: 'a', minutes: -1 }] }), /accounts\[0\]\.minutes/],
  ])('refuses %s, naming the entry', (_what, make, message) => {
    expect(() => parseAgentsData(make())).toThrow(message);
  });

  function withAgent(patch: Record<string, unknown>) {
    const data = valid();
    Object.assign(data.agents[0]!, patch);
    return data;
  }
});
