// ESLint for the client: `make lint` runs `lint/node_modules/.bin/eslint -c lint/eslint.config.js` in client/.
// Besides typescript-eslint and the rules of hooks, it holds the import boundaries of DESIGN §3
// (bulletproof-react): features do not import each other; shared code (components, lib, config,
// i18n) imports no feature and no app code; app/ imports no form library (they load with the
// pages that use them, see scripts/bundle-size.mjs).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(fileURLToPath(new URL('../src/features', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const FORM_LIBRARIES = ['zod', 'zod/*', 'react-hook-form', '@hookform/*', '@/components/form', '@/components/form/*', '@/components/crud-page'];

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: `Features do not import each other (DESIGN §3): move what ${feature} shares to components/ or lib/, or compose the features in app/.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', '**/node_modules/**', 'lint/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['scripts/**', 'vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // make lighthouse: a Node script whose page callbacks run in the browser.
    files: ['lighthouse/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  ...featureBoundaries,
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code imports no feature and no app code (DESIGN §3): pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN §18: every date, time and number on screen goes through the one formatter (lib/format.ts,
    // lib/dates.ts). A direct toLocaleString, toISOString or Intl elsewhere is a second formatter.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/format.ts', 'src/lib/format-*.ts', 'src/lib/dates.ts', 'src/**/__tests__/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toISOString'].map((property) => ({
          property,
          message: 'Dates, times and numbers on screen go through lib/format or lib/dates (DESIGN §18); an API date is toApiDate.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Intl belongs to lib/format and lib/dates (DESIGN §18): use their formatters.',
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FORM_LIBRARIES,
              message: 'app/ loads with the first page: form libraries belong to lazily loaded pages (React.lazy).',
            },
          ],
        },
      ],
    },
  },
);
