// Playwright's trace (screenshots of the page as it changes, DOM snapshots, network) records the whole of every
// test even when only failures keep it: it tripled the 100-call test (59 s → 177 s) and took the end-to-end run
// from 5.6 to 8.7 minutes on 2 cores, and it competes with the audio threads whose timing the tests check.
// So it is off unless asked for: `E2E_TRACE=1 npx playwright test …` keeps the trace of each failed test.
export const trace = process.env.E2E_TRACE ? 'retain-on-failure' : 'off';
