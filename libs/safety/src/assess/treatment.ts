// Conditions that need a doctor's treatment decision within weeks: a measured value past a
// guideline's treatment line, or atrial fibrillation with a CHA2DS2-VASc score at the
// anticoagulation line. The rules are data: data/assess/treatment-decision.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from '../classifier/models';
import type { Measurement } from './measures';

interface RuleDef {
  id: string;
  measure?: string;
  op?: '>=' | '<';
  value?: number;
  sys?: number;
  dia?: number;
  condition?: string;
  score?: string;
  min_score_male?: number;
  min_score_female?: number;
  zh: string;
  en: string;
  source: string;
  year: number;
}

interface ScoreItem {
  id: string;
  points: number;
  cues?: string[];
  age_min?: number;
  age_max?: number;
}

interface TreatmentData {
  version: string;
  rules: RuleDef[];
  conditions: Record<string, string[]>;
  scores: Record<string, { items: ScoreItem[]; source: string; year: number }>;
}

export interface TreatmentDecision {
  rule_id: string;
  text_zh: string;
  text_en: string;
  source: string;
  year: number;
  score?: number;
}

let cached: TreatmentData | undefined;
function data(): TreatmentData {
  cached ??= JSON.parse(readFileSync(join(DATA_DIR, 'assess', 'treatment-decision.json'), 'utf8')) as TreatmentData;
  return cached;
}

const has = (text: string, cues: readonly string[] = []) => {
  const t = ` ${text.toLowerCase()} `;
  return cues.some((c) => t.includes(c.toLowerCase()));
};

/** A published score (CHA2DS2-VASc) from what the text states; unstated items count 0. */
export function scoreFromText(scoreId: string, text: string, age: number | undefined): { score: number; items: string[] } | undefined {
  const def = data().scores[scoreId];
  if (!def) return undefined;
  const items = def.items.filter((i) =>
    i.age_min !== undefined ? age !== undefined && age >= i.age_min && (i.age_max === undefined || age <= i.age_max) : has(text, i.cues),
  );
  return { score: items.reduce((a, i) => a + i.points, 0), items: items.map((i) => i.id) };
}

function measureFires(r: RuleDef, ms: readonly Measurement[]): boolean {
  const m = ms.find((x) => x.id === r.measure);
  if (!m) return false;
  if (r.measure === 'bp') return (m.systolic ?? 0) >= (r.sys ?? Infinity) || (m.diastolic ?? 0) >= (r.dia ?? Infinity);
  if (r.value === undefined) return false;
  return r.op === '<' ? m.value < r.value : m.value >= r.value;
}

/** The treatment decisions the text's numbers and conditions call for. */
export function treatmentDecisions(text: string, measurements: readonly Measurement[], age: number | undefined): TreatmentDecision[] {
  const d = data();
  const out: TreatmentDecision[] = [];
  for (const r of d.rules) {
    if (r.measure !== undefined) {
      if (measureFires(r, measurements)) out.push({ rule_id: r.id, text_zh: r.zh, text_en: r.en, source: r.source, year: r.year });
      continue;
    }
    if (r.condition === undefined || !has(text, d.conditions[r.condition])) continue;
    const s = r.score ? scoreFromText(r.score, text, age) : undefined;
    if (!s) continue;
    const female = s.items.includes('female');
    const line = female ? r.min_score_female : r.min_score_male;
    if (line !== undefined && s.score >= line) out.push({ rule_id: r.id, text_zh: r.zh, text_en: r.en, source: r.source, year: r.year, score: s.score });
  }
  return out;
}
