// One root jest config: every project's specs, TypeScript through SWC (keeps
// decorator metadata for Nest/class-validator); typechecking is `npm run typecheck`.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/eval'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleNameMapper: {
    '^@medagent/([^/]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    '^@medagent/(.*)$': '<rootDir>/libs/$1/src/index.ts',
  },
  testTimeout: 30000,
  setupFiles: ['<rootDir>/tools/jest-setup.js'],
};
