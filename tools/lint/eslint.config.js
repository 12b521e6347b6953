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
);
