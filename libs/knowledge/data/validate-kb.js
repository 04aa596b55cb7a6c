#!/usr/bin/env node
/* eslint-disable */
// Validates the shipped starter knowledge base (data/kb/*.jsonl) and the retrieval
// evaluation query sets (data/eval/kb-queries.*.jsonl). Plain Node, no dependencies.
// Prints counts per lang / doc_type / topic as JSON; exits 1 on any problem.
'use strict';

const fs = require('fs');
const path = require('path');

const KB_DIR = path.join(__dirname, 'kb');
const EVAL_DIR = path.join(__dirname, 'eval');

const TOPICS = new Set([
  'diabetes', 'prediabetes', 'hypoglycemia', 'hypertension', 'dyslipidemia', 'gout', 'asthma', 'copd',
  'thyroid', 'ckd', 'pregnancy', 'pediatrics', 'depression', 'anxiety', 'insomnia', 'influenza', 'covid19',
  'uti', 'pneumonia', 'hepatitis', 'stroke', 'coronary_heart_disease', 'heart_failure', 'atrial_fibrillation',
  'obesity', 'osteoporosis', 'smoking', 'alcohol', 'nutrition', 'exercise', 'sleep', 'anticoagulation',
  'nsaids', 'antibiotics', 'vaccination', 'red_flags', 'mental_health', 'allergy', 'gerd', 'migraine',
  // first aid and primary care (2026.12 additions)
  'first_aid', 'cardiac_arrest', 'choking', 'bleeding', 'burns', 'poisoning', 'heat_stroke', 'drowning',
  'electric_shock', 'co_poisoning', 'anaphylaxis', 'seizure', 'button_battery', 'bites', 'fractures',
  'head_injury', 'nosebleed', 'fatty_liver', 'eczema', 'acne', 'back_pain', 'contraception', 'fever',
  'kidney_stones', 'ibs', 'constipation', 'dehydration', 'sore_throat', 'hay_fever', 'common_cold',
  'anaemia', 'hypotension_shock', 'headache',
]);
const DOC_TYPES = new Set(['condition', 'lifestyle', 'red_flag', 'guideline', 'medication', 'test']);
const LANGS = new Set(['zh', 'en']);
const DOC_FIELDS = ['id', 'lang', 'doc_type', 'title', 'text', 'topics', 'source', 'kb_version'];
const ID_RE = /^kb-[a-z][a-z0-9-]*-\d{3}-(zh|en)$/;
const QUERY_ID_RE = /^kbq-(zh|en)-\d{3}$/;

const MIN_DOCS = 190;
const ZH_SHARE = [0.5, 0.7];
const MIN_GUIDELINES = 30;
const MIN_QUERIES = { zh: 70, en: 30 };
const ZH_CHARS = [120, 450];
const EN_WORDS = [70, 260];

const problems = [];
const fail = (where, msg) => problems.push(`${where}: ${msg}`);
const isStr = (v) => typeof v === 'string' && v.trim().length > 0;
const isYear = (v) => Number.isInteger(v) && v >= 1990 && v <= 2100;

function readJsonl(file) {
  const rows = [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      if (i !== lines.length - 1) fail(`${path.basename(file)}:${i + 1}`, 'blank line');
      return;
    }
    try {
      rows.push({ where: `${path.basename(file)}:${i + 1}`, obj: JSON.parse(line) });
    } catch (e) {
      fail(`${path.basename(file)}:${i + 1}`, `invalid JSON (${e.message})`);
    }
  });
  return rows;
}

function checkDoc(where, d, kbVersions) {
  if (d === null || typeof d !== 'object' || Array.isArray(d)) return fail(where, 'not an object');
  const allowed = new Set(d.doc_type === 'guideline' ? [...DOC_FIELDS, 'guideline'] : DOC_FIELDS);
  for (const k of DOC_FIELDS) if (!(k in d)) fail(where, `missing field "${k}"`);
  for (const k of Object.keys(d)) if (!allowed.has(k)) fail(where, `unexpected field "${k}"`);
  if (!isStr(d.id) || !ID_RE.test(d.id)) fail(where, `bad id ${JSON.stringify(d.id)}`);
  if (!LANGS.has(d.lang)) fail(where, `bad lang ${JSON.stringify(d.lang)}`);
  else if (isStr(d.id) && !d.id.endsWith(`-${d.lang}`)) fail(where, `id suffix does not match lang ${d.lang}`);
  if (!DOC_TYPES.has(d.doc_type)) fail(where, `bad doc_type ${JSON.stringify(d.doc_type)}`);
  if (!isStr(d.title)) fail(where, 'title must be a non-empty string');
  if (!isStr(d.text)) fail(where, 'text must be a non-empty string');
  else if (d.lang === 'zh') {
    const n = (d.text.match(/[\u4e00-\u9fff]/g) || []).length;
    if (n < ZH_CHARS[0] || n > ZH_CHARS[1]) fail(where, `zh text has ${n} Chinese characters (want ${ZH_CHARS.join('-')})`);
  } else if (d.lang === 'en') {
    const n = d.text.split(/\s+/).filter(Boolean).length;
    if (n < EN_WORDS[0] || n > EN_WORDS[1]) fail(where, `en text has ${n} words (want ${EN_WORDS.join('-')})`);
  }
  if (!Array.isArray(d.topics) || d.topics.length < 1 || d.topics.length > 3) fail(where, 'topics must be an array of 1-3 slugs');
  else {
    for (const t of d.topics) if (!TOPICS.has(t)) fail(where, `topic not in controlled list: ${JSON.stringify(t)}`);
    if (new Set(d.topics).size !== d.topics.length) fail(where, 'duplicate topics');
  }
  const s = d.source;
  if (s === null || typeof s !== 'object' || Array.isArray(s)) fail(where, 'source must be an object');
  else {
    if (!isStr(s.name)) fail(where, 'source.name must be a non-empty string');
    if (!isYear(s.year)) fail(where, 'source.year must be an integer year');
    if ('url' in s && !(isStr(s.url) && /^https?:\/\//.test(s.url))) fail(where, 'source.url must be an http(s) URL');
    for (const k of Object.keys(s)) if (!['name', 'year', 'url'].includes(k)) fail(where, `unexpected source field "${k}"`);
  }
  if (!isStr(d.kb_version)) fail(where, 'kb_version must be a non-empty string');
  else kbVersions.add(d.kb_version);
  if (d.doc_type === 'guideline') {
    const g = d.guideline;
    if (g === null || typeof g !== 'object' || Array.isArray(g)) fail(where, 'guideline doc lacks guideline block');
    else {
      if (!isStr(g.name)) fail(where, 'guideline.name must be a non-empty string');
      if (!isStr(g.issuer)) fail(where, 'guideline.issuer must be a non-empty string');
      if (!isYear(g.year)) fail(where, 'guideline.year must be an integer year');
      if (!Array.isArray(g.recommendations) || g.recommendations.length === 0 || !g.recommendations.every(isStr))
        fail(where, 'guideline.recommendations must be a non-empty array of strings');
      for (const k of Object.keys(g))
        if (!['name', 'issuer', 'year', 'recommendations'].includes(k)) fail(where, `unexpected guideline field "${k}"`);
    }
  }
}

function main() {
  const counts = { total: 0, files: {}, lang: {}, doc_type: {}, topic: {}, guideline_by_lang: {}, queries: {} };
  const docs = new Map();
  const kbVersions = new Set();

  const kbFiles = fs.readdirSync(KB_DIR).filter((f) => f.endsWith('.jsonl')).sort();
  if (kbFiles.length === 0) fail(KB_DIR, 'no .jsonl files');
  for (const f of kbFiles) {
    const rows = readJsonl(path.join(KB_DIR, f));
    counts.files[f] = rows.length;
    for (const { where, obj } of rows) {
      checkDoc(where, obj, kbVersions);
      if (!obj || typeof obj !== 'object') continue;
      if (isStr(obj.id)) {
        if (docs.has(obj.id)) fail(where, `duplicate id ${obj.id}`);
        docs.set(obj.id, obj);
      }
      counts.total++;
      counts.lang[obj.lang] = (counts.lang[obj.lang] || 0) + 1;
      counts.doc_type[obj.doc_type] = (counts.doc_type[obj.doc_type] || 0) + 1;
      if (obj.doc_type === 'guideline') counts.guideline_by_lang[obj.lang] = (counts.guideline_by_lang[obj.lang] || 0) + 1;
      for (const t of Array.isArray(obj.topics) ? obj.topics : []) counts.topic[t] = (counts.topic[t] || 0) + 1;
    }
  }
  if (kbVersions.size > 1) fail('kb', `mixed kb_version values: ${[...kbVersions].join(', ')}`);
  counts.kb_version = [...kbVersions][0];

  if (counts.total < MIN_DOCS) fail('kb', `only ${counts.total} documents (want >= ${MIN_DOCS})`);
  const zhShare = (counts.lang.zh || 0) / Math.max(1, counts.total);
  counts.zh_share = Math.round(zhShare * 1000) / 1000;
  if (zhShare < ZH_SHARE[0] || zhShare > ZH_SHARE[1]) fail('kb', `zh share ${counts.zh_share} outside ${ZH_SHARE.join('-')}`);
  if ((counts.doc_type.guideline || 0) < MIN_GUIDELINES) fail('kb', `only ${counts.doc_type.guideline || 0} guideline docs (want >= ${MIN_GUIDELINES})`);
  for (const l of LANGS) if (!counts.guideline_by_lang[l]) fail('kb', `no guideline docs in ${l}`);

  for (const lang of ['zh', 'en']) {
    const file = path.join(EVAL_DIR, `kb-queries.${lang}.jsonl`);
    if (!fs.existsSync(file)) {
      fail(file, 'missing');
      continue;
    }
    const rows = readJsonl(file);
    const ids = new Set();
    counts.queries[lang] = rows.length;
    if (rows.length < MIN_QUERIES[lang]) fail(file, `only ${rows.length} queries (want >= ${MIN_QUERIES[lang]})`);
    for (const { where, obj: q } of rows) {
      if (!q || typeof q !== 'object') {
        fail(where, 'not an object');
        continue;
      }
      for (const k of Object.keys(q)) if (!['id', 'query', 'relevant'].includes(k)) fail(where, `unexpected field "${k}"`);
      if (!isStr(q.id) || !QUERY_ID_RE.test(q.id) || !q.id.startsWith(`kbq-${lang}-`)) fail(where, `bad query id ${JSON.stringify(q.id)}`);
      else if (ids.has(q.id)) fail(where, `duplicate query id ${q.id}`);
      else ids.add(q.id);
      if (!isStr(q.query)) fail(where, 'query must be a non-empty string');
      if (!Array.isArray(q.relevant) || q.relevant.length < 1 || q.relevant.length > 3) {
        fail(where, 'relevant must list 1-3 doc ids');
        continue;
      }
      for (const r of q.relevant) {
        if (!docs.has(r)) fail(where, `relevant id does not exist: ${JSON.stringify(r)}`);
        else if (docs.get(r).lang !== lang) fail(where, `relevant id ${r} is not a ${lang} doc`);
      }
    }
  }

  const sortObj = (o) => Object.fromEntries(Object.entries(o).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
  counts.topic = sortObj(counts.topic);
  const unusedTopics = [...TOPICS].filter((t) => !counts.topic[t]);
  counts.unused_topics = unusedTopics;
  counts.ok = problems.length === 0;
  counts.problems = problems.length;
  process.stdout.write(JSON.stringify(counts, null, 2) + '\n');
  if (problems.length) {
    for (const p of problems) process.stderr.write(`ERROR ${p}\n`);
    process.exit(1);
  }
}

main();
