// The end reasons the widget words: the service's (spec §6.3, and `max_duration` at its time limit) and the
// widget's own `cancelled` (hung up before the service answered) and `another_call`. Other reasons get no sentence
// of their own: the status line's "Call ended" says it all. A module of its own: only the panel needs the list (in
// catalogue.ts, which the launcher imports, it was downloaded on every page).
export const END_REASONS = ['caller_hangup', 'agent_ended', 'max_duration', 'cancelled', 'another_call'] as const;
export type EndReason = (typeof END_REASONS)[number];
