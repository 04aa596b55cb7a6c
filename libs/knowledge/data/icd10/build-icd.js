#!/usr/bin/env node
'use strict';
// Builds icd10.json (shipped with the product) from the icd10-cn reference CSVs plus the
// project's alias table, so nothing under /work/shared is needed at run time.
//
//   node libs/knowledge/data/icd10/build-icd.js            regenerate icd10.json
//   node libs/knowledge/data/icd10/build-icd.js --check    exit 1 if icd10.json is stale
//   ICD10_CN_DIR=/path/to/icd10-cn node …/build-icd.js     read the CSVs from elsewhere
const fs = require('node:fs');
const path = require('node:path');

const here = __dirname;
const srcDir = process.env.ICD10_CN_DIR || path.resolve(here, '../../../../../shared/data/icd10-cn');
const outFile = path.join(here, 'icd10.json');
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII', 'XIII', 'XIV', 'XV', 'XVI', 'XVII', 'XVIII', 'XIX', 'XX', 'XXI', 'XXII'];

function fail(msg) {
  process.stderr.write(`build-icd: ${msg}\n`);
  process.exit(1);
}

function readTsv(file) {
  const p = path.join(srcDir, file);
  if (!fs.existsSync(p)) fail(`missing ${p} (set ICD10_CN_DIR)`);
  const [header, ...rows] = fs.readFileSync(p, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const cols = header.split('\t');
  return rows.map((r) => Object.fromEntries(r.split('\t').map((v, i) => [cols[i], v.trim()])));
}

function build() {
  const table = JSON.parse(fs.readFileSync(path.join(here, 'aliases.json'), 'utf8'));
  const catalog = readTsv('disease_catalog.csv');
  const chapters = catalog
    .filter((r) => r.level === '1')
    .map((r, i) => {
      const range = `${r.code_lower_bound}-${r.code_upper_bound}`;
      const nameEn = table.chapters_en[range];
      if (!nameEn) fail(`no English title for chapter ${range} in aliases.json`);
      return { id: ROMAN[i], range, from: r.code_lower_bound, to: r.code_upper_bound, name_zh: r.catalog, name_en: nameEn };
    });
  const blocks = catalog
    .filter((r) => r.level === '2')
    .map((r) => ({ range: `${r.code_lower_bound}-${r.code_upper_bound}`, from: r.code_lower_bound, to: r.code_upper_bound, name_zh: r.catalog }));
  const within = (code, x) => code >= x.from && code <= x.to;

  const seen = new Set();
  const categories = readTsv('disease.csv').map((r) => {
    const m = /^([A-Z]\d{2})([+*]?)$/.exec(r.code);
    if (!m) fail(`unexpected code format: ${r.code}`);
    const code = m[1];
    if (seen.has(code)) fail(`duplicate code ${code}`);
    seen.add(code);
    const chapter = chapters.find((c) => within(code, c));
    if (!chapter) fail(`code ${code} falls in no chapter`);
    const block = blocks.find((b) => within(code, b));
    const extra = table.categories[code] || {};
    const entry = { code };
    if (m[2]) entry.mark = m[2] === '+' ? 'dagger' : 'asterisk';
    entry.name_zh = r.disease;
    if (extra.en) entry.name_en = extra.en;
    entry.chapter = chapter.id;
    if (block) entry.block = block.range;
    if (extra.aliases && extra.aliases.length) entry.aliases = extra.aliases;
    if (extra.secondary && extra.secondary.length) entry.secondary = extra.secondary;
    return entry;
  });
  for (const code of Object.keys(table.categories)) if (!seen.has(code)) fail(`aliases.json names unknown code ${code}`);

  const source = {
    name: 'icd10-cn (Copyright (c) 2017 Chase Liu, MIT License): disease.csv and disease_catalog.csv; ICD-10 classification (c) World Health Organization',
    year: 2017,
  };
  const line = (x) => '    ' + JSON.stringify(x);
  return [
    '{',
    '  "schema_version": 1,',
    `  "source": ${JSON.stringify(source)},`,
    '  "notice": "See NOTICE and LICENSE in this folder. English titles and aliases are the project\'s own plain-language text.",',
    `  "chapters": [\n${chapters.map(line).join(',\n')}\n  ],`,
    `  "blocks": [\n${blocks.map(line).join(',\n')}\n  ],`,
    `  "categories": [\n${categories.map(line).join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}

const text = build();
const stats = JSON.parse(text);
const withEn = stats.categories.filter((c) => c.name_en).length;
if (process.argv.includes('--check')) {
  const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
  if (current !== text) fail('icd10.json is out of date; run build-icd.js');
  process.stdout.write(`icd10.json is up to date (${stats.categories.length} categories, ${withEn} with English titles and aliases)\n`);
} else {
  fs.writeFileSync(outFile, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), outFile)}: ${stats.chapters.length} chapters, ${stats.blocks.length} blocks, ${stats.categories.length} categories, ${withEn} with English titles and aliases\n`);
}
