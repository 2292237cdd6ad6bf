// The project's ESLint rules. The root eslint.config.js re-exports this file so that typescript-eslint
// resolves from this workspace, which holds the classic TypeScript API it needs (see package.json).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The only subpaths of a workspace that another workspace may import besides `@bt/<name>` itself.
 * Keep this list in step with the `exports` of the workspaces' package.json files. `cli`:
 * platform's command-line parser alone, which the CLIs load before anything else (so `--help` and a
 * wrong argument answer before the rest of their code has loaded). `port` (event-store's types and
 * position math) and `migrate-schema` (platform's migration runner, kysely alone): what read-models
 * uses of them without loading an adapter, a pool or a web server.
 */
export const PUBLIC_SUBPATHS = ['testing', 'cli', 'port', 'migrate-schema'];

/** Another workspace only through `@bt/<name>` or one of its PUBLIC_SUBPATHS. */
const PUBLIC_ONLY = {
  regex: `^@bt/[^/]+/(?!(?:${PUBLIC_SUBPATHS.join('|')})$).+`,
  message: `Import another workspace through @bt/<name> (what its index.ts exports) or @bt/<name>/{${PUBLIC_SUBPATHS.join(',')}}.`,
};

/** The projector service, outside the launcher. */
const PROJECTOR_FROM_LAUNCHER_ONLY = {
  regex: '^@bt/projector(/.*)?$',
  message: 'Only the launcher imports the projector service; read the read models through @bt/read-models.',
};

const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Where `any` and `Kysely<any>` are allowed: migrations (raw SQL on a schema named at run time) and the generic row writer. */
const ANY_ALLOWED = ['**/migrations/**', 'projector/src/db/writer.ts'];

/** Longest source file, in lines. */
const MAX_LINES = 400;

/** Files the line limit does not apply to: migrations, kysely table declarations and generated code. */
const MAX_LINES_EXEMPT = ['**/migrations/**', '**/schema.ts', '**/generated/**', '**/*.gen.ts'];

const KYSELY_ANY_MESSAGE =
  "No Kysely<any> outside migrations and the generic row writer: type the handle with the schema's Database interface (e.g. Kysely<CommandDatabase>), or make the function generic over it.";

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/dist-*/', '.data/', 'test-artifacts/', '**/*.tsbuildinfo', 'reports/', '.stryker-tmp/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      globals: { ...globals.node },
    },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, project: join(root, 'tsconfig.json') })],
    },
    rules: {
      // `unknown` and narrowing, a generic or the library's own type instead (ANY_ALLOWED excepted).
      '@typescript-eslint/no-explicit-any': 'error',
      // Its own rule and message, so that it holds even where no-explicit-any is ever relaxed.
      'no-restricted-syntax': [
        'error',
        { selector: "TSTypeReference[typeName.name='Kysely'] > TSTypeParameterInstantiation > TSAnyKeyword", message: KYSELY_ANY_MESSAGE },
        { selector: "NewExpression[callee.name='Kysely'] > TSTypeParameterInstantiation > TSAnyKeyword", message: KYSELY_ANY_MESSAGE },
        { selector: "CallExpression[callee.name='createDb'] > TSTypeParameterInstantiation > TSAnyKeyword", message: KYSELY_ANY_MESSAGE },
      ],
      // Text bound for Postgres is checked for NUL on purpose (no Postgres text or jsonb holds it).
      'no-control-regex': 'off',
      // A timer cleared by a callback defined before the timer is set stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // A workspace is reached through its package name, never by a relative path into its folder.
      'import-x/no-relative-packages': 'error',
      // Only `@bt/<name>` (its index.ts) and the subpaths in PUBLIC_SUBPATHS cross a workspace boundary.
      'no-restricted-imports': ['error', { patterns: [PUBLIC_ONLY] }],
    },
  },
  {
    files: ANY_ALLOWED,
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    ignores: MAX_LINES_EXEMPT,
    rules: { 'max-lines': ['error', { max: MAX_LINES }] },
  },
  {
    // The projector is a service: only the launcher (which runs it, and its integration tests) imports
    // it. The read models' contract (tables, fold, replay, checkpoints) is @bt/read-models. A files
    // override of a rule replaces its options, so the general pattern is repeated.
    files: ['**/*.{ts,tsx}'],
    ignores: ['launcher/**', 'projector/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PUBLIC_ONLY, PROJECTOR_FROM_LAUNCHER_ONLY] }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // Features do not import each other: shared code goes down into components/ or lib/.
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared code into web/src/components or web/src/lib.',
            })),
            // Shared code does not reach up into features or the app shell.
            {
              target: ['./web/src/components', './web/src/lib'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code (components/, lib/) does not import from features/ or app/.',
            },
          ],
        },
      ],
    },
  },
);
