// Reading and validating the concept lexicon and topic hierarchy (data/concepts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConceptError } from './errors';
import type { ConceptData, ConceptKind, LexiconEntry, TopicNode } from './types';

/** tools/build.js copies data/ beside the compiled src/, so this holds in dist too. */
export const DEFAULT_CONCEPT_DIR = path.join(__dirname, '..', '..', 'data', 'concepts');

const KINDS: ReadonlySet<ConceptKind> = new Set(['disease', 'symptom', 'drug', 'procedure', 'first_aid', 'test', 'topic']);
const ID_RE = /^(?:fa|proc|test|topic):[a-z0-9_]+$/;
const ICD_RE = /^[A-Z]\d{2}(?:-[A-Z]\d{2})?$/;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (msg: string): ConceptError => new ConceptError('CONCEPT_SCHEMA', msg);

function strs(r: Rec, k: string, where: string): string[] {
  const v = r[k] ?? [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string' && s.trim() !== ''))
    throw bad(`${where}.${k} must be an array of non-empty strings`);
  return v as string[];
}

function str(r: Rec, k: string, where: string): string {
  const v = r[k];
  if (typeof v !== 'string' || v.trim() === '') throw bad(`${where}.${k} must be a non-empty string`);
  return v;
}

function parseEntry(raw: unknown, i: number): LexiconEntry {
  const where = `lexicon.entries[${i}]`;
  if (!isRec(raw)) throw bad(`${where} must be an object`);
  const id = str(raw, 'id', where);
  if (!ID_RE.test(id)) throw bad(`${where}.id is not a lexicon id`);
  const kind = str(raw, 'kind', where) as ConceptKind;
  if (!KINDS.has(kind)) throw bad(`${where}.kind is unknown`);
  const zh = strs(raw, 'zh', where);
  const en = strs(raw, 'en', where);
  if (zh.length + en.length === 0) throw bad(`${where} has no wording`);
  return { id, kind, zh, en, topics: strs(raw, 'topics', where), weak: raw['weak'] === true, source: str(raw, 'source', where) };
}

function parseTopic(raw: unknown, i: number): TopicNode {
  const where = `topics[${i}]`;
  if (!isRec(raw)) throw bad(`${where} must be an object`);
  const id = str(raw, 'id', where);
  if (!id.startsWith('topic:')) throw bad(`${where}.id must start with "topic:"`);
  const icd = strs(raw, 'icd', where);
  for (const c of icd) if (!ICD_RE.test(c)) throw bad(`${where}.icd has a bad code or range`);
  return {
    id,
    zh: str(raw, 'zh', where),
    en: str(raw, 'en', where),
    parents: strs(raw, 'parents', where),
    icd,
    symptoms: strs(raw, 'symptoms', where),
    drugs: strs(raw, 'drugs', where),
  };
}

/** Parses and cross-checks both files: every referenced topic exists, ids are unique. */
export function parseConceptData(lexiconRaw: unknown, topicsRaw: unknown): ConceptData {
  if (!isRec(lexiconRaw) || !Array.isArray(lexiconRaw['entries'])) throw bad('lexicon must have an "entries" array');
  if (!isRec(topicsRaw) || !Array.isArray(topicsRaw['topics'])) throw bad('topics must have a "topics" array');
  const entries = lexiconRaw['entries'].map(parseEntry);
  const topics = topicsRaw['topics'].map(parseTopic);
  const topicIds = new Set(topics.map((t) => t.id));
  if (topicIds.size !== topics.length) throw bad('duplicate topic id');
  if (new Set(entries.map((e) => e.id)).size !== entries.length) throw bad('duplicate lexicon id');
  for (const t of topics) for (const p of t.parents) if (!topicIds.has(p)) throw bad(`${t.id} has an unknown parent`);
  for (const e of entries) for (const t of e.topics) if (!topicIds.has(t)) throw bad(`${e.id} names an unknown topic`);
  return { entries, topics };
}

export function readConceptData(dir: string = DEFAULT_CONCEPT_DIR): ConceptData {
  const read = (name: string): unknown => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as unknown;
    } catch (cause) {
      throw new ConceptError('CONCEPT_DATA_UNREADABLE', `cannot read ${name}`, { cause });
    }
  };
  return parseConceptData(read('lexicon.json'), read('topics.json'));
}
