// `npm run build` writes dist/custom-elements.json (named by package.json "customElements") from the element's
// JSDoc header and its Lit properties. docs/widget.md is checked against it (test/package/api-docs.test.ts).
export default {
  globs: ['src/voice-agent.ts', 'src/ui/voice-agent-element.ts', 'src/ui/voice-agent-events.ts', 'src/call/types.ts'],
  outdir: 'dist',
  litelement: true,
  // package.json names the manifest itself (the analyzer would rewrite the file on every build).
  packagejson: false,
  plugins: [publicApiOnly()],
};

/** Keeps the manifest to what a page may use: no private or protected members, nothing marked `@internal`. */
function publicApiOnly() {
  return {
    name: 'public-api-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (!declaration.members) continue;
          declaration.members = declaration.members.filter(
            (member) => !member.privacy || member.privacy === 'public',
          );
        }
      }
    },
  };
}
