import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: shared (components, hooks, lib, locales, types, config)
// → features → app. A feature never imports another feature.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const sharedDirs = ['components', 'hooks', 'lib', 'locales', 'types', 'config'];

const noFetch = {
  'no-restricted-globals': [
    'error',
    { name: 'fetch', message: 'Only src/lib/api-client.ts calls fetch; use the api client.' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'window', property: 'fetch', message: 'Use src/lib/api-client.ts.' },
    { object: 'globalThis', property: 'fetch', message: 'Use src/lib/api-client.ts.' },
  ],
};

export default defineConfig([
  // src/types/api.ts is generated from the Go contract (tygo.yaml); make test checks it is current.
  globalIgnores(['dist', 'coverage', 'node_modules', 'src/types/api.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommendedTypeChecked,
      reactHooks.configs.flat['recommended-latest'],
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      ...noFetch,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./', message: 'Use the @/ alias for imports outside this folder.' }] },
      ],
    },
  },
  {
    files: ['src/lib/api-client.ts', '**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-globals': 'off',
      'no-restricted-properties': 'off',
      // Tests are never hot-reloaded.
      'react-refresh/only-export-components': 'off',
    },
  },
  {
    // The service worker is the network layer under the api client: it fetches on the page's behalf.
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: { 'no-restricted-globals': 'off' },
  },
  ...sharedDirs.map((dir) => ({
    files: [`src/${dir}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./', message: 'Use the @/ alias for imports outside this folder.' },
            { regex: '^@/(app|features)(/|$)', message: 'Shared code must not import features or app.' },
          ],
        },
      ],
    },
  })),
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./', message: 'Use the @/ alias for imports outside this folder.' },
            { regex: '^@/app(/|$)', message: 'Features must not import from src/app.' },
            {
              regex: `^@/features/(?!${feature}/)`,
              message: 'Features must not import other features; compose them in src/app.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['*.{js,ts}', 'e2e/**/*.ts', 'vite/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // e2e/test.ts gives each test its own client address; a spec on Playwright's own `test` would share its worker's.
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', message: "Import test and expect from './test' (e2e/test.ts)." }] }],
    },
  },
  {
    // Benchmarks run in Node and pass functions to the page.
    files: ['scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
