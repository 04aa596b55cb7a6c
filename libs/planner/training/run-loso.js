// Runs loso.ts without a separate TypeScript toolchain: @swc/core (already a dev
// dependency for jest) strips the types on require; @medagent/* resolves to the libs'
// sources as in jest.config.js (contracts needs decorator metadata).
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const libs = path.resolve(__dirname, '..', '..');
require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = transformSync(source, {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const m = /^@medagent\/(.*)$/.exec(request);
  return m ? path.join(libs, m[1], 'src', 'index.ts') : resolve.call(this, request, ...rest);
};

require('./loso.ts').main();
