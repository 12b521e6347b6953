// The Firefox first-call probe (test/probes/firefox-first-calls.ts): Firefox as in the e2e suite, on the built
// demo page with the simulator; not part of `npm test`.
import base from './playwright.config.ts';

const firefox = base.projects!.find((project) => project.name === 'firefox')!;

export default {
  ...base,
  testDir: 'test/probes',
  projects: [{ ...firefox, testMatch: 'firefox-first-calls.ts' }],
  reporter: 'list',
};
