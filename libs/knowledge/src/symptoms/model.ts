// The in-memory model behind the analyzer: symptom concepts (a synonym group, or a single
// knowledge-graph wording), the terms that name them, and the conditions described by them.
import { hasCjk, key } from '../icd/similarity';
import { SymptomError } from './errors';
import { buildScanIndex, foldTerm, type ScanEntry, type ScanIndex } from './text';
import type { SymptomData, SymptomLang } from './types';

/** A term that merely contains a known symptom ("劳力性呼吸困难" ⊃ 呼吸困难) counts for less. */
export const IMPLIED_STRENGTH = 0.8;

export interface Concept {
  id: string;
  zh: string;
  en: string;
}

export interface Term {
  text: string;
  primary: number;
  /** Concept index → strength: 1 for the primary concept, IMPLIED_STRENGTH for contained ones. */
  concepts: ReadonlyMap<number, number>;
}

export interface Condition {
  id: string;
  name: Record<SymptomLang, string>;
  curated: boolean;
  source: string;
  concepts: Map<number, number>;
  /** Distinct primary concepts per language list: the denominator of "how much is explained". */
  size: Record<SymptomLang, number>;
  tests: Record<SymptomLang, string[]>;
  site?: Record<SymptomLang, string>;
  population?: Record<SymptomLang, string>;
  sex?: 'male' | 'female';
  age_group?: 'child' | 'older';
}

export interface SymptomModel {
  concepts: Concept[];
  terms: Term[];
  scanIndex: ScanIndex;
  conditions: Condition[];
  /** Concept index → indexes of conditions that have it. */
  postings: Map<number, number[]>;
  idf: number[];
}

const MIN_SCAN_LENGTH = { cjk: 2, latin: 3 };

export function buildModel(data: SymptomData): SymptomModel {
  const concepts: Concept[] = [];
  const groupByKey = new Map<string, number>();
  for (const g of data.groups) {
    const idx = concepts.push({ id: `sym:${g.id}`, zh: g.zh[0] ?? g.id, en: g.en[0] ?? g.id }) - 1;
    for (const v of [...g.zh, ...g.en]) {
      const k = key(v);
      const prev = groupByKey.get(k);
      if (prev !== undefined && prev !== idx) {
        throw new SymptomError(
          'SYMPTOM_SCHEMA',
          `synonym groups ${concepts[prev]?.id ?? '?'} and sym:${g.id} share a term`,
        );
      }
      if (k !== '') groupByKey.set(k, idx);
    }
  }
  const ignore = new Set(data.ignore.map(key));
  const kgByKey = new Map<string, number>();
  const terms: Term[] = [];
  const termByText = new Map<string, number>();

  const implied = (text: string): number[] => {
    const out: number[] = [];
    const parts = hasCjk(text) ? text.split('') : text.split(' ');
    const glue = hasCjk(text) ? '' : ' ';
    for (let n = parts.length - 1; n >= 1; n -= 1) {
      for (let i = 0; i + n <= parts.length; i += 1) {
        const sub = parts.slice(i, i + n).join(glue);
        const c = sub.length >= 2 ? groupByKey.get(key(sub)) : undefined;
        if (c !== undefined && !out.includes(c)) out.push(c);
      }
    }
    return out;
  };

  const termFor = (raw: string): number | undefined => {
    const text = foldTerm(raw);
    const k = key(raw);
    if (k === '' || ignore.has(k)) return undefined;
    const known = termByText.get(text);
    if (known !== undefined) return known;
    let primary = groupByKey.get(k) ?? kgByKey.get(k);
    if (primary === undefined) {
      const cjk = hasCjk(raw);
      primary = concepts.push({ id: `kg:${k}`, zh: cjk ? raw.trim() : '', en: cjk ? '' : raw.trim() }) - 1;
      kgByKey.set(k, primary);
    }
    const map = new Map<number, number>([[primary, 1]]);
    for (const c of implied(text)) if (!map.has(c)) map.set(c, IMPLIED_STRENGTH);
    const idx = terms.push({ text, primary, concepts: map }) - 1;
    termByText.set(text, idx);
    return idx;
  };
  for (const g of data.groups) for (const v of [...g.zh, ...g.en]) termFor(v);

  const addList = (target: Map<number, number>, list: readonly string[]): number => {
    const primaries = new Set<number>();
    for (const raw of list) {
      const t = termFor(raw);
      const term = t === undefined ? undefined : terms[t];
      if (!term) continue;
      primaries.add(term.primary);
      for (const [c, s] of term.concepts) target.set(c, Math.max(target.get(c) ?? 0, s));
    }
    return primaries.size;
  };

  const kgById = new Map(data.diseases.map((d) => [d.id, d]));
  const superseded = new Set<string>();
  const conditions: Condition[] = [];
  for (const c of data.conditions) {
    const cond: Condition = {
      id: c.id,
      name: { zh: c.name_zh, en: c.name_en },
      curated: true,
      source: c.source,
      concepts: new Map(),
      size: { zh: 0, en: 0 },
      tests: { zh: c.tests_zh, en: c.tests_en },
    };
    cond.size = { zh: addList(cond.concepts, c.symptoms_zh), en: addList(cond.concepts, c.symptoms_en) };
    for (const id of c.kg_ids ?? []) {
      const d = kgById.get(id);
      if (!d) throw new SymptomError('SYMPTOM_SCHEMA', `${c.id} supersedes unknown disease ${id}`);
      superseded.add(id);
      addList(cond.concepts, [...d.symptoms_zh, ...d.symptoms_en]);
    }
    conditions.push(cond);
  }
  for (const d of data.diseases) {
    if (superseded.has(d.id)) continue;
    const rule = data.siteTests.find((r) => r.site.some((s) => d.site.includes(s)));
    const cond: Condition = {
      id: d.id,
      name: { zh: d.name_zh, en: d.name_en },
      curated: false,
      source: d.source,
      concepts: new Map(),
      size: { zh: 0, en: 0 },
      tests: { zh: rule?.tests_zh ?? [], en: rule?.tests_en ?? [] },
    };
    cond.size = { zh: addList(cond.concepts, d.symptoms_zh), en: addList(cond.concepts, d.symptoms_en) };
    labelCounterparts(d.symptoms_zh, d.symptoms_en, termByText, terms, concepts);
    if (d.site) cond.site = { zh: d.site, en: d.site_en ?? d.site };
    if (d.population_zh) cond.population = { zh: d.population_zh, en: d.population_en ?? d.population_zh };
    if (d.sex) cond.sex = d.sex;
    if (d.age_group) cond.age_group = d.age_group;
    if (cond.concepts.size > 0) conditions.push(cond);
  }

  const postings = new Map<number, number[]>();
  conditions.forEach((cond, i) => {
    for (const c of cond.concepts.keys()) {
      const list = postings.get(c);
      if (list) list.push(i);
      else postings.set(c, [i]);
    }
  });
  const n = conditions.length;
  // Rare symptoms say more about the condition than ubiquitous ones (pain, nausea).
  const idf = concepts.map((_, c) => Math.log(1 + n / Math.max(1, postings.get(c)?.length ?? 0)));

  const entries: ScanEntry[] = [];
  terms.forEach((t, i) => {
    const latin = !/[^\x20-\x7e]/.test(t.text);
    if (t.text.length >= (latin ? MIN_SCAN_LENGTH.latin : MIN_SCAN_LENGTH.cjk))
      entries.push({ text: t.text, ascii: latin, term: i });
  });
  return { concepts, terms, scanIndex: buildScanIndex(entries), conditions, postings, idf };
}

/**
 * The graph lists Chinese and English symptoms in the same order when the counts agree, which
 * gives a graph-only wording a label in the other language.
 */
function labelCounterparts(
  zh: readonly string[],
  en: readonly string[],
  byText: Map<string, number>,
  terms: Term[],
  concepts: Concept[],
): void {
  if (zh.length !== en.length) return;
  zh.forEach((z, i) => {
    const e = en[i] ?? '';
    const cz = concepts[terms[byText.get(foldTerm(z)) ?? -1]?.primary ?? -1];
    const ce = concepts[terms[byText.get(foldTerm(e)) ?? -1]?.primary ?? -1];
    if (cz && cz.en === '' && e !== '') cz.en = e;
    if (ce && ce.zh === '' && z !== '') ce.zh = z;
  });
}
