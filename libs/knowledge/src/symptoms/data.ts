// Reading and validating the shipped symptom data. Validation is strict because the files are
// partly hand-written: a typo should fail at load, not silently drop a condition.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SymptomError } from './errors';
import type { CuratedCondition, KgDisease, SiteTestRule, SymptomData, SynonymGroup } from './types';

/** tools/build.js copies data/ beside the compiled src/, so this holds in dist too. */
export const DEFAULT_SYMPTOM_DIR = path.join(__dirname, '..', '..', 'data', 'symptoms');

export const SYMPTOM_FILES = {
  diseases: 'symptoms.json',
  synonyms: 'symptom-synonyms.json',
  conditions: 'common-conditions.json',
  siteTests: 'site-tests.json',
} as const;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const bad = (msg: string): SymptomError => new SymptomError('SYMPTOM_SCHEMA', msg);

function str(r: Rec, k: string, where: string): string {
  const v = r[k];
  if (!isStr(v)) throw bad(`${where}.${k} must be a non-empty string`);
  return v;
}

function optStr(r: Rec, k: string, where: string): string | undefined {
  return r[k] === undefined ? undefined : str(r, k, where);
}

function strs(r: Rec, k: string, where: string, optional = false): string[] {
  const v = r[k];
  if (v === undefined && optional) return [];
  if (!Array.isArray(v) || !v.every(isStr)) throw bad(`${where}.${k} must be an array of strings`);
  return v;
}

function list(raw: unknown, k: string, file: string): Rec[] {
  if (!isRec(raw) || !Array.isArray(raw[k])) throw bad(`${file}: expected {"${k}": [...]}`);
  const items = raw[k] as unknown[];
  items.forEach((x, i) => {
    if (!isRec(x)) throw bad(`${file}: ${k}[${i}] must be an object`);
  });
  return items as Rec[];
}

function uniqueIds<T extends { id: string }>(items: T[], file: string): T[] {
  const seen = new Set<string>();
  for (const x of items) {
    if (seen.has(x.id)) throw bad(`${file}: duplicate id ${x.id}`);
    seen.add(x.id);
  }
  return items;
}

export function parseDiseases(raw: unknown): KgDisease[] {
  const f = SYMPTOM_FILES.diseases;
  return uniqueIds(
    list(raw, 'diseases', f).map((d, i): KgDisease => {
      const w = `${f}: diseases[${i}]`;
      const out: KgDisease = {
        id: str(d, 'id', w),
        name_zh: str(d, 'name_zh', w),
        name_en: str(d, 'name_en', w),
        aliases_zh: strs(d, 'aliases_zh', w, true),
        aliases_en: strs(d, 'aliases_en', w, true),
        site: typeof d['site'] === 'string' ? d['site'] : '',
        symptoms_zh: strs(d, 'symptoms_zh', w),
        symptoms_en: strs(d, 'symptoms_en', w),
        source: str(d, 'source', w),
      };
      const opt = { site_en: optStr(d, 'site_en', w), description_zh: optStr(d, 'description_zh', w) };
      if (opt.site_en) out.site_en = opt.site_en;
      if (opt.description_zh) out.description_zh = opt.description_zh;
      const pz = optStr(d, 'population_zh', w);
      const pe = optStr(d, 'population_en', w);
      if (pz) out.population_zh = pz;
      if (pe) out.population_en = pe;
      if (d['sex'] === 'male' || d['sex'] === 'female') out.sex = d['sex'];
      else if (d['sex'] !== undefined) throw bad(`${w}.sex must be "male" or "female"`);
      if (d['age_group'] === 'child' || d['age_group'] === 'older') out.age_group = d['age_group'];
      else if (d['age_group'] !== undefined) throw bad(`${w}.age_group must be "child" or "older"`);
      return out;
    }),
    f,
  );
}

export function parseSynonyms(raw: unknown): { groups: SynonymGroup[]; ignore: string[] } {
  const f = SYMPTOM_FILES.synonyms;
  const groups = uniqueIds(
    list(raw, 'groups', f).map((g, i): SynonymGroup => {
      const w = `${f}: groups[${i}]`;
      const group = { id: str(g, 'id', w), zh: strs(g, 'zh', w), en: strs(g, 'en', w) };
      if (group.zh.length === 0 || group.en.length === 0)
        throw bad(`${w} needs at least one zh and one en term`);
      return group;
    }),
    f,
  );
  const ignore = isRec(raw) ? strs(raw, 'ignore', f, true) : [];
  return { groups, ignore };
}

export function parseConditions(raw: unknown): CuratedCondition[] {
  const f = SYMPTOM_FILES.conditions;
  return uniqueIds(
    list(raw, 'conditions', f).map((c, i): CuratedCondition => {
      const w = `${f}: conditions[${i}]`;
      const out: CuratedCondition = {
        id: str(c, 'id', w),
        name_zh: str(c, 'name_zh', w),
        name_en: str(c, 'name_en', w),
        symptoms_zh: strs(c, 'symptoms_zh', w),
        symptoms_en: strs(c, 'symptoms_en', w),
        tests_zh: strs(c, 'tests_zh', w),
        tests_en: strs(c, 'tests_en', w),
        source: str(c, 'source', w),
      };
      const kg = strs(c, 'kg_ids', w, true);
      if (kg.length > 0) out.kg_ids = kg;
      return out;
    }),
    f,
  );
}

export function parseSiteTests(raw: unknown): SiteTestRule[] {
  const f = SYMPTOM_FILES.siteTests;
  return list(raw, 'rules', f).map((r, i) => {
    const w = `${f}: rules[${i}]`;
    return { site: strs(r, 'site', w), tests_zh: strs(r, 'tests_zh', w), tests_en: strs(r, 'tests_en', w) };
  });
}

function readJson(dir: string, file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown;
  } catch (cause) {
    throw new SymptomError('SYMPTOM_DATA_UNREADABLE', `cannot read symptom data file ${file}`, { cause });
  }
}

export function readSymptomData(dir: string = DEFAULT_SYMPTOM_DIR): SymptomData {
  const { groups, ignore } = parseSynonyms(readJson(dir, SYMPTOM_FILES.synonyms));
  return {
    diseases: parseDiseases(readJson(dir, SYMPTOM_FILES.diseases)),
    groups,
    ignore,
    conditions: parseConditions(readJson(dir, SYMPTOM_FILES.conditions)),
    siteTests: parseSiteTests(readJson(dir, SYMPTOM_FILES.siteTests)),
  };
}
