'use strict';
// Resolves `@medagent/<lib>` to dist/libs/<lib>/src/index.js at run time (tsc keeps path
// aliases as written). Used by the CLI launcher and by every service entry point.
const Module = require('node:module');
const path = require('node:path');

function register(distRoot) {
  const original = Module._resolveFilename;
  Module._resolveFilename = function resolve(request, parent, isMain, options) {
    if (request.startsWith('@medagent/')) {
      const lib = request.slice('@medagent/'.length);
      return original.call(this, path.join(distRoot, 'libs', lib, 'src', 'index.js'), parent, isMain, options);
    }
    return original.call(this, request, parent, isMain, options);
  };
}
module.exports = { register };
