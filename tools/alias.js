'use strict';
// Resolves `@medagent/<lib>` to dist/libs/<lib>/src/index.js at run time (tsc keeps path
// aliases as written). Used by the CLI launcher and by every service entry point.
const Module = require('node:module');
const path = require('node:path');

function register(distRoot) {
  const original = Module._resolveFilename;
  Module._resolveFilename = function resolve(request, parent, isMain, options) {
    if (request.startsWith('@medagent/')) {
      // `@medagent/<lib>/testing` is never compiled into dist/ (tools/build.js excludes it).
      const [lib, sub] = request.slice('@medagent/'.length).split('/');
      const entry = sub === 'testing' ? path.join('src', 'testing', 'index.js') : path.join('src', 'index.js');
      return original.call(this, path.join(distRoot, 'libs', lib, entry), parent, isMain, options);
    }
    return original.call(this, request, parent, isMain, options);
  };
}
module.exports = { register };
