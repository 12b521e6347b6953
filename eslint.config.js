// The configuration is in tools/lint (its own workspace, for typescript-eslint's TypeScript 5).
export { default } from './tools/lint/eslint.config.js';
