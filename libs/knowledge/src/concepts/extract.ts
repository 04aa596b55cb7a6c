// Concept spotting: ICD-10 diseases, curated symptom groups, medication-graph drugs and the
// concept lexicon (procedures, first aid, tests, topics), merged into one list by first mention.
import { defaultIcdCoder } from '../icd';
import { hasCjk } from '../icd/similarity';
import { defaultMedicationGraph, extractEntities } from '../medgraph';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SYMPTOM_DIR } from '../symptoms';
import { parseSynonyms, SYMPTOM_FILES } from '../symptoms/data';
import { buildScanIndex, fold, foldTerm, scan, type Folded, type ScanEntry, type ScanIndex } from '../symptoms/text';
import { readConceptData } from './data';
import type { Concept, ConceptData, ConceptKind, ConceptLang, ExtractOptions } from './types';

/** Longest text looked at; a concept first named after this is not a document's concept. */
export const MAX_CONCEPT_TEXT = 8000;

interface Term {
  id: string;
  kind: ConceptKind;
  zh: string;
  en: string;
}

interface Vocabulary {
  terms: Term[];
  index: ScanIndex;
}

let vocabulary: Vocabulary | undefined;
let conceptData: ConceptData | undefined;

/** The shipped lexicon and hierarchy, read once. */
export function defaultConceptData(): ConceptData {
  conceptData ??= readConceptData();
  return conceptData;
}

/** One scan index over the lexicon and the curated symptom groups: longest wording wins. */
function defaultVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  const terms: Term[] = [];
  const entries: ScanEntry[] = [];
  const seen = new Set<string>();
  const add = (t: Term, words: readonly string[]): void => {
    const term = terms.push(t) - 1;
    for (const w of words) {
      const text = foldTerm(w);
      if (text.length < 2 || seen.has(text)) continue;
      seen.add(text);
      entries.push({ text, ascii: !/[^\x20-\x7e]/.test(text), term });
    }
  };
  for (const e of defaultConceptData().entries)
    add({ id: e.id, kind: e.kind, zh: e.zh[0] ?? e.en[0] ?? e.id, en: e.en[0] ?? e.zh[0] ?? e.id }, [...e.zh, ...e.en]);
  const synonyms = fs.readFileSync(path.join(DEFAULT_SYMPTOM_DIR, SYMPTOM_FILES.synonyms), 'utf8');
  for (const g of parseSynonyms(JSON.parse(synonyms) as unknown).groups)
    add({ id: `sym:${g.id}`, kind: 'symptom', zh: g.zh[0] ?? g.id, en: g.en[0] ?? g.id }, [...g.zh, ...g.en]);
  vocabulary = { terms, index: buildScanIndex(entries) };
  return vocabulary;
}

function spanOf(folded: Folded, input: string, needle: string, from = 0): [number, number] | undefined {
  const at = needle === '' ? -1 : folded.text.indexOf(needle, from);
  if (at < 0) return undefined;
  return [folded.from[at] ?? 0, folded.to[at + needle.length - 1] ?? input.length];
}

// A blood-pressure reading names a concept by its value: below 90/60 mmHg is low blood pressure,
// 140/90 mmHg or more is in the hypertension range (中国高血压防治指南 2024; ESH 2023).
const BP_READING = /(?:血压|\bbp\b|blood pressure)[^\d\n]{0,8}(\d{2,3})\s*[/／]\s*(\d{2,3})|(\d{2,3})\s*[/／]\s*(\d{2,3})\s*(?:mmhg|毫米汞柱)/gi;
const BP_LOW = { systolic: 90, diastolic: 60 };
const BP_HIGH = { systolic: 140, diastolic: 90 };

function readingConcepts(input: string, lang: ConceptLang): Concept[] {
  const out: Concept[] = [];
  for (const m of input.matchAll(BP_READING)) {
    const sys = Number(m[1] ?? m[3]);
    const dia = Number(m[2] ?? m[4]);
    const span: [number, number] = [m.index, m.index + m[0].length];
    if (sys < BP_LOW.systolic || dia < BP_LOW.diastolic)
      out.push({ id: 'sym:low-blood-pressure', kind: 'symptom', label: lang === 'zh' ? '血压低' : 'low blood pressure', span });
    else if (sys >= BP_HIGH.systolic || dia >= BP_HIGH.diastolic)
      out.push({ id: 'sym:high-blood-pressure', kind: 'symptom', label: lang === 'zh' ? '血压高' : 'high blood pressure', span });
  }
  return out;
}

/**
 * Medical concepts named in `text`, in order of first mention, one per id. Negated mentions
 * ("没有胸痛", "no fever") are left out. Labels are in `opts.lang` (default: inferred).
 */
export function extractConcepts(text: string, opts: ExtractOptions = {}): Concept[] {
  const input = text.slice(0, MAX_CONCEPT_TEXT);
  const lang: ConceptLang = opts.lang ?? (hasCjk(input) ? 'zh' : 'en');
  const folded = fold(input);
  const found = new Map<string, Concept>();
  const put = (c: Concept): void => {
    const cur = found.get(c.id);
    if (!cur || c.span[0] < cur.span[0]) found.set(c.id, c);
  };

  // Spans the lexicon and symptom groups already read (negated or not): an ICD or drug match
  // inside one ("胸痛" as R07, "cough" after "no fever or") adds nothing and may miss the negation.
  const covered: [number, number][] = [];
  const isCovered = (sp: [number, number]): boolean => covered.some(([a, b]) => sp[0] >= a && sp[1] <= b);
  const vocab = defaultVocabulary();
  for (const h of scan(vocab.index, folded.text)) {
    const t = vocab.terms[h.term];
    if (!t) continue;
    const span: [number, number] = [folded.from[h.start] ?? 0, folded.to[h.end - 1] ?? input.length];
    covered.push(span);
    if (h.negated) continue;
    put({ id: t.id, kind: t.kind, label: lang === 'zh' ? t.zh : t.en, span });
  }

  for (const m of defaultIcdCoder().extractFromText(input)) {
    if (m.negated) continue;
    const span = spanOf(folded, input, m.matched);
    if (!span || isCovered(span)) continue;
    const label = lang === 'zh' ? m.name_zh : (m.name_en ?? m.name_zh);
    put({ id: `icd:${m.code}`, kind: 'disease', label, span });
  }

  for (const c of readingConcepts(input, lang)) put(c);

  const graph = defaultMedicationGraph();
  for (const d of extractEntities(input, graph).drugs) {
    const span = spanOf(folded, input, foldTerm(d.mention)) ?? spanOf(folded, input, foldTerm(d.name_zh));
    if (!span || isCovered(span)) continue;
    put({ id: `drug:${d.id}`, kind: 'drug', label: lang === 'zh' ? d.name_zh : d.name_en, span });
  }

  return [...found.values()].sort((a, b) => a.span[0] - b.span[0] || a.id.localeCompare(b.id));
}
