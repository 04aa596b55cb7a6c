#!/usr/bin/env node
// Compiles the whole workspace with one tsc program into dist/ (faster than per-project
// builds on a 2-core machine) and copies each lib's data/ folder beside its compiled src/,
// so `path.join(__dirname, '..', 'data')` resolves identically from source and from dist.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.tsbuildinfo');

function newestMtime(dir, acc = { t: 0 }) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return acc.t;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newestMtime(p, acc);
    else if (!e.name.endsWith('.spec.ts')) acc.t = Math.max(acc.t, fs.statSync(p).mtimeMs);
  }
  return acc.t;
}

function isStale() {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return ['apps', 'libs'].some((d) => newestMtime(path.join(root, d)) > built);
}

function copyData() {
  for (const lib of fs.readdirSync(path.join(root, 'libs'))) {
    const src = path.join(root, 'libs', lib, 'data');
    if (fs.existsSync(src)) fs.cpSync(src, path.join(dist, 'libs', lib, 'data'), { recursive: true });
  }
}

function build({ force = false, quiet = false } = {}) {
  if (!force && !isStale()) return 0;
  // --force is a clean build: nothing stale (a moved or excluded file) survives in dist/.
  if (force) fs.rmSync(dist, { recursive: true, force: true });
  if (!quiet) process.stderr.write('medagent: compiling TypeScript to dist/ …\n');
  const tsc = require.resolve('typescript/bin/tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (r.status !== 0) {
    if (quiet && r.stdout) process.stderr.write(r.stdout);
    return r.status ?? 1;
  }
  copyData();
  fs.utimesSync(stamp, new Date(), new Date());
  return 0;
}

module.exports = { build, isStale };
if (require.main === module) process.exit(build({ force: process.argv.includes('--force') }));
