#!/usr/bin/env node
'use strict';
// Builds symptoms.json (shipped with the product) from the mvqa-kg triples, so nothing under
// /work/shared is needed at run time. Output is one disease per line to keep diffs readable.
//
//   node libs/knowledge/data/symptoms/build-symptoms.js           regenerate symptoms.json
//   node libs/knowledge/data/symptoms/build-symptoms.js --check   exit 1 if symptoms.json is stale
//   MVQA_KG_DIR=/path/to/mvqa-kg node …/build-symptoms.js         read the source from elsewhere
const fs = require('node:fs');
const path = require('node:path');

const here = __dirname;
const srcDir = process.env.MVQA_KG_DIR || path.resolve(here, '../../../../../shared/data/mvqa-kg');
const outFile = path.join(here, 'symptoms.json');
const SOURCE = 'mvqa-kg (MIT)';
const MAX_DESCRIPTION = 120;

// The upstream English names carry a few typos and one wrong translation (三房心 is cor
// triatriatum, not atrial fibrillation); ids and display names use the corrected form.
const NAME_FIXES = {
  三房心: 'Cor Triatriatum',
  心肌梗死: 'Myocardial Infarction',
  阿米巴肝脓肿: 'Amoebic Liver Abscess',
  肾动脉闭塞: 'Renal Artery Occlusion',
  鼾症: 'Obstructive Sleep Apnoea-Hypopnoea Syndrome',
  帕金森病: "Parkinson's Disease",
  下丘脑疾病: 'Diseases of the Hypothalamus',
  近视眼: 'Myopia',
  卵巢癌: 'Ovarian Cancer',
  骨裂: 'Hairline Fracture',
  脊髓炎: 'Myelitis',
  支气管扩张: 'Bronchiectasis',
  肾动静脉瘘: 'Renal Arteriovenous Fistula',
};

// Organs that only one sex has; used to drop impossible candidates when the caller knows the sex.
const FEMALE_ONLY = /子宫|宫颈|卵巢|阴道|输卵管|外阴/;
const MALE_ONLY = /前列腺|睾丸|阴茎|阴囊|精囊/;
const CHILD = /新生儿|早产儿|胎儿|婴|小儿|儿童|男孩|^\d～\d岁/;
const ADULT = /老年|成年|成人|青年|中年|岁以上|[1-9]\d[～-]\d+岁/;
const OLDER = /老年|[5-9]0岁以上|[5-9]0～\d+岁|[5-9]0-\d+岁/;

function fail(msg) {
  process.stderr.write(`build-symptoms: ${msg}\n`);
  process.exit(1);
}

function readLines(file) {
  const p = path.join(srcDir, file);
  if (!fs.existsSync(p)) fail(`missing ${p} (set MVQA_KG_DIR)`);
  return fs.readFileSync(p, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim()).slice(1);
}

/** Values may contain the separator only after the second field, so split at most twice. */
function splitTriple(line, sep) {
  const i = line.indexOf(sep);
  const j = line.indexOf(sep, i + 1);
  if (i < 0 || j < 0) fail(`malformed line: ${line.slice(0, 60)}`);
  return [line.slice(0, i).trim(), line.slice(i + 1, j).trim(), line.slice(j + 1).trim()];
}

function splitList(value, re) {
  const out = [];
  for (const part of value.split(re)) {
    const s = part.replace(/[。.]+$/, '').trim();
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}
const splitZh = (v) => splitList(v, /[，,、；;。/]/);
const splitEn = (v) => splitList(v.toLowerCase(), /[,;]/);

function slug(s) {
  return s.toLowerCase().replace(/'s\b/g, 's').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function group(rows) {
  const by = new Map();
  rows.forEach(([name, rel, value], i) => {
    let rec = by.get(name);
    if (!rec) by.set(name, (rec = { first: i, rel: new Map() }));
    const list = rec.rel.get(rel) || [];
    if (!list.includes(value)) list.push(value);
    rec.rel.set(rel, list);
  });
  return by;
}

function ageGroup(population) {
  if (!population) return undefined;
  if (CHILD.test(population) && !ADULT.test(population)) return 'child';
  if (OLDER.test(population) && !CHILD.test(population)) return 'older';
  return undefined;
}

function build() {
  const zhRows = readLines('disease.csv').map((l) => splitTriple(l, ','));
  const enRows = readLines('en_disease.csv').map((l) => splitTriple(l, '#'));
  const zhToEn = JSON.parse(fs.readFileSync(path.join(srcDir, 'disease-zh-en.json'), 'utf8'));
  const zh = group(zhRows);
  const en = group(enRows);
  const ids = new Set();
  const diseases = [];
  for (const [nameZh, rec] of zh) {
    // A few diseases are missing from the name map; the two CSVs list diseases in the same order.
    const enKey = zhToEn[nameZh] || (enRows[rec.first] || [])[0];
    const enRec = en.get(enKey);
    if (!enKey || !enRec) fail(`no English record for ${nameZh}`);
    const zr = (rel) => rec.rel.get(rel) || [];
    const er = (rel) => enRec.rel.get(rel) || [];
    const nameEn = NAME_FIXES[nameZh] || enKey;
    const id = `mvqa:${slug(nameEn)}`;
    if (ids.has(id)) fail(`duplicate id ${id}`);
    ids.add(id);
    const symptomsZh = splitZh(zr('主要症状').join('，'));
    const symptomsEn = splitEn(er('symptom').join(','));
    if (symptomsZh.length === 0 && symptomsEn.length === 0) continue;
    const population = [...zr('多发群体'), ...zr('多发人群'), ...zr('易发人群')].join('；');
    const populationEn = [...er('susceptible population'), ...er('frequent population')].join('; ');
    const site = zr('发病部位').join('、');
    const entry = {
      id,
      name_zh: nameZh,
      name_en: nameEn,
      aliases_zh: splitZh(zr('别称').join('，')).filter((a) => a !== nameZh),
      aliases_en: splitEn(er('alias').join(',')).filter((a) => a !== nameEn.toLowerCase()),
      site,
      site_en: er('location').join(', ') || undefined,
      symptoms_zh: symptomsZh,
      symptoms_en: symptomsEn,
    };
    const description = zr('描述')[0];
    if (description) {
      entry.description_zh =
        [...description].length > MAX_DESCRIPTION ? [...description].slice(0, MAX_DESCRIPTION - 1).join('') + '…' : description;
    }
    if (population) entry.population_zh = population;
    if (populationEn) entry.population_en = populationEn;
    const organs = `${nameZh} ${site}`;
    if (FEMALE_ONLY.test(organs)) entry.sex = 'female';
    else if (MALE_ONLY.test(organs)) entry.sex = 'male';
    const age = ageGroup(population);
    if (age) entry.age_group = age;
    entry.source = SOURCE;
    diseases.push(entry);
  }
  const source = { name: 'mvqa-kg (Copyright (c) 2021 Awenbocc, MIT License): disease.csv, en_disease.csv, disease-zh-en.json', year: 2021 };
  return [
    '{',
    '  "schema_version": 1,',
    `  "source": ${JSON.stringify(source)},`,
    '  "notice": "See NOTICE and LICENSE in this folder. Generated by build-symptoms.js; do not edit by hand.",',
    `  "diseases": [\n${diseases.map((d) => '    ' + JSON.stringify(d)).join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}

const text = build();
const stats = JSON.parse(text).diseases;
const summary = `${stats.length} diseases, ${stats.reduce((n, d) => n + d.symptoms_zh.length, 0)} Chinese and ${stats.reduce((n, d) => n + d.symptoms_en.length, 0)} English symptom entries`;
if (process.argv.includes('--check')) {
  const current = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
  if (current !== text) fail('symptoms.json is out of date; run build-symptoms.js');
  process.stdout.write(`symptoms.json is up to date (${summary})\n`);
} else {
  fs.writeFileSync(outFile, text);
  process.stdout.write(`wrote ${path.relative(process.cwd(), outFile)}: ${summary}\n`);
}
