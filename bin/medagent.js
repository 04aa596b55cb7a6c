#!/usr/bin/env node
'use strict';
// Thin launcher: builds dist/ when sources changed, maps @medagent/<lib> to the compiled
// lib entry, then hands over to the CLI app.
const path = require('node:path');
const root = path.resolve(__dirname, '..');
const { build } = require(path.join(root, 'tools', 'build.js'));
if (build({ quiet: true }) !== 0) process.exit(1);
require(path.join(root, 'tools', 'alias.js')).register(path.join(root, 'dist'));
require(path.join(root, 'dist', 'apps', 'cli', 'src', 'main.js'));
