// Boundaries are lint errors, not conventions: contracts depend on nothing, libs never
// import apps, apps never import each other, no deep imports, no cycles, no floating promises.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra'] },
            { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra'] },
            { sourceTag: 'type:skills', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain'] },
            {
              sourceTag: 'type:service',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', 'type:runtime', 'type:skills', 'type:service'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:contracts', 'type:infra', 'type:domain', 'type:runtime', 'type:skills', 'type:service'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@medagent/*/*'], message: 'Import a lib through its public entry (@medagent/<lib>), never a deep path.' }] },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
];
