/**
 * Lint, with types. On top of ESLint's recommended rules:
 *
 * - typescript-eslint's `strictTypeChecked`, whole, with the TypeScript projects (projectService)
 *   giving every rule the types: among them no-floating-promises and no-misused-promises (a
 *   promise nobody awaits or catches loses its error), no-non-null-assertion (a `!` is a guess
 *   the type checker cannot check; narrow with a guard or `must()` instead), the no-unsafe-*
 *   rules (an `any` spreads unchecked) and no-unnecessary-condition. Two rules take options:
 *   restrict-template-expressions allows numbers (a number's text is well defined; `undefined`,
 *   objects and `any` in a template are still errors), and no-confusing-void-expression allows
 *   an arrow's shorthand body (`onClick={() => setOpen(false)}` returns nothing anyone reads).
 * - react-hooks' two recommended rules for the web: rules-of-hooks and exhaustive-deps. (Its
 *   React Compiler rules are left out: the app does not use the compiler.)
 * - Tests (`*.test.ts(x)`, e2e/, bench/) may assert non-null with `!`: a wrong assertion there
 *   throws and fails the test, which is what a test is for. No other rule is relaxed for them.
 *
 * Import cycles are not linted here: scripts/layers.test.ts reads every import and fails on a
 * cycle or on a lower layer importing a higher one (`npx vitest run --project repo`).
 *
 * Plain JavaScript files (build scripts, the config itself) are outside the TypeScript projects,
 * so they get the rules that need no types.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**', 'apps/web/public/vendor/**', 'test-results/**', '**/.build-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: {
          // vitest.config.ts sits at the root, where no tsconfig.json is; it is typed as a script.
          allowDefaultProject: ['vitest.config.ts'],
          defaultProject: 'scripts/tsconfig.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
