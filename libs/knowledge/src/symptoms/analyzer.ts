import { hasCjk } from '../icd/similarity';
import { DEFAULT_SYMPTOM_DIR, readSymptomData } from './data';
import { SymptomError } from './errors';
import { buildModel, type Concept, type Condition, type SymptomModel } from './model';
import { fold, leftovers, scan } from './text';
import type {
  AnalyzeOptions,
  ExtractedSymptom,
  SymptomAnalysis,
  SymptomCandidate,
  SymptomData,
  SymptomLang,
} from './types';

const MAX_TEXT_LENGTH = 5000;
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;
// With equal evidence a curated everyday condition should outrank a rare graph entry.
const KG_PRIOR = 0.8;
// Coverage of the user's symptoms dominates; how much of the condition's picture they fill only tunes the order.
const EXPLAINED_WEIGHT = 0.2;
const ADULT_AGE = 16;
const YOUNG_AGE = 30;
const AGE_FACTOR = { child: 0.5, older: 0.7 };

/** One reported (non-negated) symptom, with the concepts its wordings point to. */
interface Unit {
  label: string;
  concepts: Map<number, number>;
  weight: number;
}

interface Scored {
  cond: Condition;
  score: number;
  matched: Unit[];
  missed: Unit[];
  agePenalty?: 'child' | 'older';
}

function label(c: Concept | undefined, lang: SymptomLang): string {
  if (!c) return '';
  return (lang === 'zh' ? c.zh || c.en : c.en || c.zh) || c.id;
}

function checkOptions(opts: AnalyzeOptions): void {
  const bad = (what: string): SymptomError => new SymptomError('SYMPTOM_BAD_INPUT', what);
  if (opts.lang !== undefined && opts.lang !== 'zh' && opts.lang !== 'en')
    throw bad('lang must be "zh" or "en"');
  if (opts.sex !== undefined && opts.sex !== 'male' && opts.sex !== 'female')
    throw bad('sex must be "male" or "female"');
  if (opts.age !== undefined && !(Number.isFinite(opts.age) && opts.age >= 0 && opts.age <= 150))
    throw bad('age must be 0..150');
  if (opts.limit !== undefined && !Number.isFinite(opts.limit)) throw bad('limit must be a number');
}

export class SymptomAnalyzer {
  private constructor(private readonly model: SymptomModel) {}

  static fromData(data: SymptomData): SymptomAnalyzer {
    return new SymptomAnalyzer(buildModel(data));
  }

  /** Reads symptoms.json, symptom-synonyms.json, common-conditions.json and site-tests.json from `dir`. */
  static load(dir: string = DEFAULT_SYMPTOM_DIR): SymptomAnalyzer {
    return SymptomAnalyzer.fromData(readSymptomData(dir));
  }

  get conditionCount(): number {
    return this.model.conditions.length;
  }

  get termCount(): number {
    return this.model.terms.length;
  }

  analyze(text: string, opts: AnalyzeOptions = {}): SymptomAnalysis {
    if (typeof text !== 'string' || text.length > MAX_TEXT_LENGTH) {
      throw new SymptomError(
        'SYMPTOM_BAD_INPUT',
        `text must be a string of at most ${MAX_TEXT_LENGTH} characters`,
      );
    }
    checkOptions(opts);
    const { concepts, terms, idf } = this.model;
    const lang: SymptomLang = opts.lang ?? (hasCjk(text) ? 'zh' : 'en');
    const folded = fold(text);
    const hits = scan(this.model.scanIndex, folded.text);
    const span = (s: number, e: number): [number, number] => [
      folded.from[s] ?? 0,
      folded.to[e - 1] ?? text.length,
    ];

    const symptoms: ExtractedSymptom[] = [];
    const units = new Map<number, Unit>();
    for (const h of hits) {
      const term = terms[h.term];
      if (!term) continue;
      const [start, end] = span(h.start, h.end);
      const canonical = label(concepts[term.primary], lang);
      symptoms.push({ canonical, matched: text.slice(start, end), start, end, negated: h.negated });
      if (h.negated) continue;
      let unit = units.get(term.primary);
      if (!unit)
        units.set(
          term.primary,
          (unit = { label: canonical, concepts: new Map(), weight: idf[term.primary] ?? 0 }),
        );
      for (const [c, s] of term.concepts) unit.concepts.set(c, Math.max(unit.concepts.get(c) ?? 0, s));
    }

    const limit = Math.max(1, Math.min(Math.floor(opts.limit ?? DEFAULT_LIMIT), MAX_LIMIT));
    const candidates = this.rank([...units.values()], lang, opts)
      .slice(0, limit)
      .map((s) => this.describe(s, units.size, lang));

    const unrecognized: string[] = [];
    for (const l of leftovers(folded.text, hits)) {
      const [start, end] = span(l.start, l.end);
      const frag = text.slice(start, end).trim();
      if (frag !== '' && !unrecognized.includes(frag)) unrecognized.push(frag);
    }
    return { symptoms, candidates, unrecognized };
  }

  private rank(units: Unit[], lang: SymptomLang, opts: AnalyzeOptions): Scored[] {
    const { conditions, postings, idf } = this.model;
    const total = units.reduce((n, u) => n + u.weight, 0);
    if (units.length === 0 || total <= 0) return [];
    const touched = new Set<number>();
    for (const u of units)
      for (const c of u.concepts.keys()) for (const i of postings.get(c) ?? []) touched.add(i);

    const out: Scored[] = [];
    for (const i of [...touched].sort((a, b) => a - b)) {
      const cond = conditions[i];
      if (!cond || (opts.sex && cond.sex && cond.sex !== opts.sex)) continue;
      let gained = 0;
      const matched: Unit[] = [];
      const missed: Unit[] = [];
      for (const u of units) {
        let best = 0;
        for (const [c, qs] of u.concepts) {
          const ds = cond.concepts.get(c);
          if (ds !== undefined) best = Math.max(best, qs * ds * (idf[c] ?? 0));
        }
        best = Math.min(best, u.weight);
        if (best > 0) {
          gained += best;
          matched.push(u);
        } else missed.push(u);
      }
      if (matched.length === 0) continue;
      const size = cond.size[lang] || cond.size[lang === 'zh' ? 'en' : 'zh'] || matched.length;
      const explained = Math.min(1, matched.length / size);
      let score =
        (gained / total) *
        (1 - EXPLAINED_WEIGHT + EXPLAINED_WEIGHT * explained) *
        (cond.curated ? 1 : KG_PRIOR);
      const scored: Scored = { cond, score, matched, missed };
      if (opts.age !== undefined) {
        if (cond.age_group === 'child' && opts.age >= ADULT_AGE) scored.agePenalty = 'child';
        if (cond.age_group === 'older' && opts.age < YOUNG_AGE) scored.agePenalty = 'older';
        if (scored.agePenalty) score *= AGE_FACTOR[scored.agePenalty];
      }
      scored.score = score;
      out.push(scored);
    }
    return out.sort(
      (a, b) =>
        b.score - a.score || b.matched.length - a.matched.length || a.cond.id.localeCompare(b.cond.id),
    );
  }

  private describe(s: Scored, reported: number, lang: SymptomLang): SymptomCandidate {
    const { cond, matched, missed } = s;
    const zh = lang === 'zh';
    const quote = (us: Unit[]): string =>
      zh ? us.map((u) => `『${u.label}』`).join('') : us.map((u) => u.label).join(', ');
    const reasons = [
      zh ? `症状${quote(matched)}与该病常见表现相符` : `matches typical features: ${quote(matched)}`,
    ];
    if (reported > 1) {
      reasons.push(
        zh
          ? `可解释您描述的 ${matched.length}/${reported} 项症状`
          : `explains ${matched.length} of ${reported} reported symptoms`,
      );
    }
    if (missed.length > 0)
      reasons.push(zh ? `未能解释：${quote(missed)}` : `does not explain: ${quote(missed)}`);
    if (cond.curated) {
      reasons.push(zh ? '日常较常见的情况，优先考虑' : 'common in everyday practice, so considered first');
    } else {
      if (cond.site) reasons.push(zh ? `发病部位：${cond.site.zh}` : `affected site: ${cond.site.en}`);
      reasons.push(
        zh
          ? '来自 mvqa-kg 知识图谱，相对少见，需结合检查判断'
          : 'from the mvqa-kg knowledge graph; less common, needs clinical confirmation',
      );
    }
    if (cond.population)
      reasons.push(zh ? `多见于：${cond.population.zh}` : `more common in: ${cond.population.en}`);
    if (s.agePenalty === 'child')
      reasons.push(
        zh
          ? '该病多见于儿童，与所给年龄不太相符，排序已下调'
          : 'usually seen in children; ranked lower for the given age',
      );
    if (s.agePenalty === 'older')
      reasons.push(
        zh
          ? '该病多见于中老年人，与所给年龄不太相符，排序已下调'
          : 'usually seen in older adults; ranked lower for the given age',
      );
    return {
      condition_id: cond.id,
      name: cond.name[lang],
      score: Math.round(s.score * 1000) / 1000,
      matched_symptoms: matched.map((u) => u.label),
      reasons,
      suggested_tests: [...cond.tests[lang]],
      source: cond.source,
    };
  }
}
