// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  fs.existsSync(path)
    ? fs.readdirSync(path, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];

/** Each folder under `root` may not import from its siblings (ARCHITECTURE.md "Layout"). */
const isolate = (root) =>
  dirs(root).map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [`./${name}`],
    message: `${root}/${name} must not import another folder of ${root}: share through a lower layer.`,
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.exp/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'import/no-duplicates': 'error',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...isolate('./apps/web/src/features'),
            ...isolate('./apps/server/src/modules'),
            { target: './packages', from: './apps', message: 'packages must not depend on apps.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import the app layer.' },
            { target: './apps/web/src/components', from: './apps/web/src/features', message: 'shared components must not import features.' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/server/src/modules', from: './apps/server/src/app.ts' },
            { target: './apps/server/src/db', from: './apps/server/src/modules' },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
