// One lint configuration for the three workspaces: typescript-eslint's type-aware rules, React hooks,
// and the import boundaries of ARCHITECTURE.md (features do not import each other; server modules reach
// the database only through their queries; nothing imports upward).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'server/drizzle/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // A non-null assertion needs an eslint-disable comment that says why it holds.
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins, hooks and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // These two only report where the React Compiler would skip a component; we do not run the compiler.
      'react-hooks/incompatible-library': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features are composed in app/; they never import each other.
            ...[
              'api-docs',
              'basic-data',
              'compatibility',
              'database',
              'dataset',
              'evaluate',
              'help',
              'infos',
              'monitoring',
            ].map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; share through web/src/components or web/src/lib.',
            })),
            {
              target: ['./web/src/components', './web/src/lib'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared pieces do not import upward into features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./server/src/db', './server/src/http', './server/src/writes', './server/src/auth'],
              from: './server/src/modules',
              message: 'Lower layers do not import from modules.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema.js', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Modules reach the database only through their *.queries.ts files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Queries, the database layer, writes and tests are where the database is reached.
    files: [
      'server/src/**/*.queries.ts',
      'server/src/db/**',
      'server/src/writes/**',
      'server/src/idp/**',
      'server/src/**/*.test.ts',
      'server/test/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**'], message: 'The contract depends on nothing above it.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'server/test/**', 'web/e2e/**', 'web/src/test/**', 'bench/**'],
    rules: {
      // Responses are read as the shape the test expects (`res.json() as T`).
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Tests assert on shapes they just built; an assertion failing is the test failing.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Fetch stubs read what the code under test passed; reports are checked for the control characters they must not hold.
      '@typescript-eslint/no-base-to-string': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
