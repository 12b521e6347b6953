// `npm run build` writes dist/custom-elements.json (named by package.json "customElements") from the element's
// JSDoc header and its Lit properties. docs/widget.md is checked against it (test/package/api-docs.test.ts).
export default {
  globs: ['src/voice-agent.ts', 'src/ui/voice-agent-element.ts', 'src/ui/voice-agent-events.ts', 'src/call/types.ts'],
  outdir: 'dist',
  litelement: true,
  // package.json names the manifest itself (the analyzer would rewrite the file on every build).
  packagejson: false,
};
