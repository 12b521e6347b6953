// The agent-call wire protocol (spec §4.10, §7.4): message shapes, close codes, limits and validators.
// No DOM and no browser globals: the widget and the Node simulator both import it, so the two cannot drift.
export * from './avatar-values.ts';
export * from './close-codes.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './parse.ts';
