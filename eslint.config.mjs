// Boundaries are lint errors, not conventions: contracts depend on nothing, libs never
// import apps, apps never import each other, no deep imports, no cycles, no floating promises.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const NO_DEEP_IMPORTS = {
  group: ['@medagent/*/*', '!@medagent/*/testing'],
  message: 'Import a lib through its public entry (@medagent/<lib>, or @medagent/<lib>/testing from a spec), never a deep path.',
};
/** What only specs, testing/ folders and benchmarks may import. */
export const NO_TEST_CODE = {
  group: ['@medagent/*/testing', '**/testing', '**/testing/**', '@medagent/local-servers', '@medagent/bench'],
  message: 'Production code must not import test fakes, harnesses, local servers or benchmarks: only specs, testing/ folders and libs/bench may (the CLI reaches the bench through apps/cli/src/commands/bench*.ts).',
};
export const TEST_AND_BENCH_FILES = [
  '**/*.spec.ts',
  '**/*.suite.ts',
  '**/testing/**',
  'libs/*/training/**',
  'libs/bench/**',
  'apps/cli/src/commands/bench*.ts',
];

export default [
  { ignores: ['dist/**', 'node_modules/**', '.nx/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          banTransitiveDependencies: false,
          // type:testing (local servers) may be imported by any lib, but only from its specs and
          // testing/ folders: the no-restricted-imports block below forbids it in production code.
          // type:bench is imported by apps only, and service apps (scope:service) may not.
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:testing'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:testing'] },
            { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:testing'] },
            { sourceTag: 'type:skills', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', 'type:testing'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', 'type:runtime', 'type:skills', 'type:service', 'type:testing'],
            },
            {
              sourceTag: 'type:bench',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', 'type:runtime', 'type:skills', 'type:service', 'type:testing'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', 'type:runtime', 'type:skills', 'type:service', 'type:bench'],
            },
            { sourceTag: 'scope:service', notDependOnLibsWithTags: ['type:bench'] },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'no-restricted-imports': ['error', { patterns: [NO_DEEP_IMPORTS] }],
    },
  },
  {
    // Production code (everything but specs, suites, testing/ folders, training scripts and
    // the bench) never loads fakes, harnesses, local servers or benchmarks.
    files: ['libs/**/*.ts', 'apps/**/*.ts'],
    ignores: TEST_AND_BENCH_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEEP_IMPORTS, NO_TEST_CODE] }] },
  },
  {
    files: ['**/*.spec.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
];
