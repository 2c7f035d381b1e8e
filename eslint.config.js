// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every path below is anchored to this file's folder (the repository root), never the working
// directory, so the rules mean the same when ESLint runs from a sub-folder or an editor.
const root = import.meta.dirname;

const dirs = (folder) => {
  const absolute = path.resolve(root, folder);
  return fs.existsSync(absolute)
    ? fs
        .readdirSync(absolute, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
};

const noPersonas = {
  name: '@painlab/shared/personas',
  message: 'Personas are for the seed and the tests, not the web bundle.',
};

/**
 * Each folder under `root` may not import from its siblings (ARCHITECTURE.md "Layout"), except a
 * sibling's own service (`users/users.service.ts`): modules talk through services, never repositories.
 */
const isolate = (root) =>
  dirs(root).map((name) => ({
    target: `${root}/${name}`,
    from: root,
    except: [
      `./${name}`,
      ...dirs(root)
        .filter((other) => other !== name)
        .map((other) => `./${other}/${other}.service.ts`),
    ],
    message: `${root}/${name} must not import another folder of ${root}: share through a lower layer.`,
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
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
      // import/no-cycle parses the files it follows with the TypeScript parser (without this it
      // silently sees no imports in .ts files), and never parses npm packages.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'import/no-duplicates': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...isolate('./apps/web/src/features'),
            ...isolate('./apps/server/src/modules'),
            { target: './packages', from: './apps', message: 'packages must not depend on apps.' },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'features must not import the app layer.',
            },
            ...['components', 'hooks', 'config', 'lib', 'styles', 'locales'].map((layer) => ({
              target: `./apps/web/src/${layer}`,
              from: './apps/web/src/features',
              message: `apps/web/src/${layer} is shared by features and must not import them.`,
            })),
            { target: './apps/server/src/modules', from: './apps/server/src/app.ts' },
            ...['auth', 'http', 'db', 'audit', 'lib'].map((layer) => ({
              target: `./apps/server/src/${layer}`,
              from: './apps/server/src/modules',
              message: `apps/server/src/${layer} is below the modules and must not import them: inject what it needs (from app.ts/server.ts).`,
            })),
            {
              // site pages (docs/decisions/0012): their own code, the translation files, @painlab/shared
              target: './apps/web/src/site',
              from: './apps/web/src',
              except: ['./site', './locales'],
              message:
                'apps/web/src/site (server-rendered site pages) must not import the web app: share through @painlab/shared.',
            },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its errors (no-floating-promises), and an async
    // function where a void callback is expected runs unawaited (no-misused-promises). `void p` marks
    // a deliberate fire-and-forget. JSX attributes are exempt: `onSubmit={form.handleSubmit(save)}`
    // (react-hook-form catches inside) is the one form pattern.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
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
  {
    // Demo accounts and test fixtures are for the server's seed, the tests and e2e: never in the bundle.
    // sonner loads on the first toast (issue 8): everything else uses the facade in lib/toast.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noPersonas,
            {
              name: 'sonner',
              message:
                'Use `toast` from lib/toast.ts: it loads sonner on the first toast, not in the first load (issue 8).',
            },
            {
              name: 'tailwind-merge',
              message:
                'cn() joins classes without merging (issue 8): give the component a prop instead of overriding its classes.',
            },
          ],
        },
      ],
    },
  },
  {
    // The toast facade and its host are the only importers of sonner; the class-conflict test is the
    // only user of tailwind-merge (as the judge of conflicts, not in the bundle).
    files: [
      'apps/web/src/lib/toast.ts',
      'apps/web/src/components/toast-host.tsx',
      'apps/web/src/lib/class-conflicts.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [noPersonas] }] },
  },
  {
    // Site pages are Preact and tiny (docs/decisions/0012): none of the signed-in app's libraries.
    files: ['apps/web/src/site/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@painlab/shared/personas',
              message: 'Personas are for the seed and the tests, not the web bundle.',
            },
          ],
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-dom/*',
                'react-router',
                'react-router/*',
                '@tanstack/*',
                'i18next',
                'i18next-*',
                'react-i18next',
                'sonner',
                'zod',
                'zod/*',
                'better-auth',
                'better-auth/*',
                'lucide-react',
              ],
              message:
                'Site pages use Preact and plain browser code only (docs/decisions/0012): this would load the signed-in app’s libraries.',
            },
          ],
        },
      ],
    },
  },
);
