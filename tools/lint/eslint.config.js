// ESLint for the widget's source: typescript-eslint's recommended rules (syntax only, no type information:
// `npm run typecheck` already runs the compiler), Lit's template rules and Lit's accessibility rules.
// It lives in this workspace so that typescript-eslint gets the TypeScript 5 it needs (see package.json).
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    files: ['src/**/*.ts', 'worklets/**/*.ts'],
    extends: [tseslint.configs.recommended, lit.configs['flat/recommended'], litA11y.configs.recommended],
    rules: {
      // A leading underscore is this project's mark for a parameter or binding that must exist but is not used
      // (a directive's render() signature, the rest of a destructuring): the rule stays on for every other name.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  // The layers, each knowing only the ones below it: the view (src/ui/ and the entries that define the element)
  // over the session (src/call/, src/protocol/) and the audio engine (src/audio/), over the worklets. Import paths
  // are matched as written: these patterns catch the relative forms (`../ui/…`, `../../src/audio/…`).
  {
    // The session and the wire protocol run without a page (in Node for tests, in the call's worker): no view,
    // no Web Audio. The worker (src/worker/) hosts the session and is held to the same.
    files: ['src/call/**/*.ts', 'src/protocol/**/*.ts', 'src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src/)?(ui(/|$)|voice-agent(\\.ts)?$|react(\\.ts)?$)',
              message: 'call/, protocol/ and worker/ never import the view (src/ui/, the element\'s entries).',
            },
            {
              regex: '^(\\.\\./)+(src/)?audio(/|$)',
              message: 'call/, protocol/ and worker/ never import the audio engine (src/audio/): audio comes through FrameSource / AudioSink.',
            },
          ],
        },
      ],
    },
  },
  {
    // The worklets run on the audio thread and are built as modules of their own: nothing of the widget's source.
    files: ['worklets/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src(/|$)', message: 'worklets/ never imports from src/.' }] },
      ],
    },
  },
);
