import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The sub-folders of `dir`: every server module and web feature gets its own zone. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** `<parent>/<name>` may not import from a sibling folder of `<parent>`. */
const siblingsApart = (parent, message) =>
  foldersIn(parent).map((name) => ({
    target: `${parent}/${name}`,
    from: parent,
    except: [`./${name}`],
    message,
  }));

/** The architecture's arrows (docs/ARCHITECTURE.md), enforced. */
const boundaries = [
  {
    target: './packages/shared',
    from: './apps',
    message: 'packages/shared is used by the apps, never the reverse.',
  },
  ...siblingsApart(
    './apps/server/src/modules',
    'A server module does not reach into another: ask for a port that the composition root (container.ts) wires.',
  ),
  ...siblingsApart(
    './apps/web/src/features',
    'A web feature does not import another: a route module composes them, or the piece moves to components/ or lib/.',
  ),
  {
    target: ['./apps/server/src/lib', './apps/server/src/db', './apps/server/src/mail'],
    from: ['./apps/server/src/modules', './apps/server/src/plugins'],
    message:
      'lib/, db/ and mail/ serve the modules and plugins, never the reverse: move what both need down into them.',
  },
  {
    target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'],
    from: './apps/web/src/app',
    message: 'Imports flow shared → lib/components → features → app routes, never back.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: './apps/web/src/features',
    message: 'Imports flow shared → lib/components → features → app routes, never back.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // Parse dependencies as TypeScript too, so that no-cycle can follow them; resolve `.js` to `.ts`.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: ['packages/shared/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          conditionNames: ['@stride/source', 'types', 'import', 'default'],
        },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // What the server runs never imports its tests' helpers (testing/ is not even compiled into dist). The fake
    // Stripe's runner is test tooling too (excluded from dist in apps/server/tsconfig.json).
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/testing/**',
      'apps/server/src/cli/fake-stripe.ts',
    ],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...boundaries,
            {
              target: './apps/server/src',
              from: './apps/server/src/testing',
              message: 'Only tests import testing/: it is not part of the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
