// `medagent eval medication`: verdict accuracy, recall of expected HIGH conflicts, false blocks
// on safe combinations, blind spots, and the same per conflict kind. Case format:
// ../shared/eval/LABELING.md (medication section).
import { MedGraphError } from './errors';
import type { MedicationGraph } from './graph';
import { screenMedication, type PatientContext, type ScreenFinding, type ScreenResult } from './screen';
import { CONFLICT_KINDS, type ConflictKind } from './views';
import type { CodeMap } from './codes';
import type { Severity, Verdict } from './types';

export interface ExpectedConflict {
  a: string;
  b: string;
  kind: ConflictKind;
  severity: Severity;
}

export interface MedicationCase {
  id: string;
  lang?: 'zh' | 'en';
  text: string;
  context: PatientContext;
  expected_verdict: Verdict;
  expected_conflicts: ExpectedConflict[];
}

export function parseMedicationCases(jsonl: string): MedicationCase[] {
  return jsonl
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l, i) => {
      let c: MedicationCase;
      try {
        c = JSON.parse(l) as MedicationCase;
      } catch (cause) {
        throw new MedGraphError('MEDGRAPH_BAD_INPUT', `case line ${i + 1} is not JSON`, { cause });
      }
      if (typeof c.id !== 'string' || typeof c.text !== 'string' || !['blocked', 'caution', 'ok'].includes(c.expected_verdict) || !Array.isArray(c.expected_conflicts)) {
        throw new MedGraphError('MEDGRAPH_BAD_INPUT', `case line ${i + 1}: needs id, text, expected_verdict, expected_conflicts`);
      }
      return { ...c, context: c.context ?? {} };
    });
}

interface KindStats {
  expected: number;
  found: number;
  high_expected: number;
  high_found: number;
  cases: number;
  verdict_correct: number;
  /** Cases of this kind not expected blocked, and those answered blocked anyway. */
  unblocked: number;
  over_blocked: number;
  blind: number;
}

export interface KindResult {
  cases: number;
  verdict_accuracy: number;
  high_recall: number | null;
  conflict_recall: number;
  /** Cases of this kind expected `caution` (or `ok`) that came back `blocked`. */
  false_block_rate: number | null;
  blind_spots: number;
}

export interface MedicationEvalResult {
  n: number;
  verdict_accuracy: number;
  high_recall: number;
  false_block_rate: number;
  conflict_recall: number;
  blind_spots: { total: number; cases_with: number; terms: Record<string, number> };
  /** Per expected conflict kind; `none` holds the safe combinations (expected `ok`). */
  per_kind: Record<ConflictKind | 'none', KindResult>;
  confusion: Record<Verdict, Record<Verdict, number>>;
  errors: { id: string; expected: Verdict; got: Verdict; missed: string[]; extra: string[] }[];
  p95_ms: number;
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);

/** Does a finding state this expected conflict (either order for two drugs; kind need not match)? */
export function findingMatches(graph: MedicationGraph, f: ScreenFinding, x: ExpectedConflict): boolean {
  const same = (e: ScreenFinding['drug'], term: string): boolean => {
    const t = term.trim().toLowerCase();
    if (e.mention.trim().toLowerCase() === t) return true;
    const ids = e.id.split('+');
    const groups = ['drug', 'condition', 'food', 'allergen'] as const;
    return groups.some((g) => {
      const n = g === 'allergen' ? graph.resolveAllergy(term) : graph.resolve(term, g);
      return n !== undefined && (ids.includes(n.id) || graph.expand(e.id).has(n.id));
    });
  };
  return (same(f.drug, x.a) && same(f.other, x.b)) || (same(f.drug, x.b) && same(f.other, x.a));
}

export function evaluateMedication(graph: MedicationGraph, cases: MedicationCase[], codes?: CodeMap): MedicationEvalResult {
  const KINDS = [...CONFLICT_KINDS, 'none'] as const;
  const kinds = Object.fromEntries(KINDS.map((k) => [k, { expected: 0, found: 0, high_expected: 0, high_found: 0, cases: 0, verdict_correct: 0, unblocked: 0, over_blocked: 0, blind: 0 }])) as Record<ConflictKind | 'none', KindStats>;
  const confusion: MedicationEvalResult['confusion'] = {
    blocked: { blocked: 0, caution: 0, ok: 0 },
    caution: { blocked: 0, caution: 0, ok: 0 },
    ok: { blocked: 0, caution: 0, ok: 0 },
  };
  const terms: Record<string, number> = {};
  const errors: MedicationEvalResult['errors'] = [];
  const times: number[] = [];
  let correct = 0;
  let highExp = 0;
  let highFound = 0;
  let allExp = 0;
  let allFound = 0;
  let okCases = 0;
  let falseBlocks = 0;
  let blindTotal = 0;
  let blindCases = 0;
  for (const c of cases) {
    const t0 = process.hrtime.bigint();
    const r: ScreenResult = screenMedication(graph, { text: c.text, context: c.context, ...(c.lang ? { lang: c.lang } : {}) }, codes);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    confusion[c.expected_verdict][r.verdict] += 1;
    const ok = r.verdict === c.expected_verdict;
    if (ok) correct += 1;
    if (c.expected_verdict === 'ok') {
      okCases += 1;
      if (r.verdict === 'blocked') falseBlocks += 1;
    }
    if (r.blind_spots.length) blindCases += 1;
    blindTotal += r.blind_spots.length;
    for (const b of r.blind_spots) terms[b] = (terms[b] ?? 0) + 1;
    const missed: string[] = [];
    const seenKinds = new Set<ConflictKind | 'none'>();
    if (c.expected_conflicts.length === 0) seenKinds.add('none');
    for (const x of c.expected_conflicts) {
      const k = kinds[x.kind];
      if (!k) continue;
      seenKinds.add(x.kind);
      const hit = r.findings.find((f) => findingMatches(graph, f, x));
      k.expected += 1;
      allExp += 1;
      const sevOk = hit !== undefined && hit.severity === x.severity;
      if (sevOk) {
        k.found += 1;
        allFound += 1;
      }
      if (x.severity === 'HIGH') {
        k.high_expected += 1;
        highExp += 1;
        if (hit?.severity === 'HIGH') {
          k.high_found += 1;
          highFound += 1;
        }
      }
      if (!sevOk) missed.push(`${x.a}+${x.b}:${x.severity}${hit ? `(got ${hit.severity})` : ''}`);
    }
    for (const kind of seenKinds) {
      const k = kinds[kind];
      k.cases += 1;
      if (ok) k.verdict_correct += 1;
      k.blind += r.blind_spots.length;
      if (c.expected_verdict !== 'blocked') {
        k.unblocked += 1;
        if (r.verdict === 'blocked') k.over_blocked += 1;
      }
    }
    if (!ok || missed.length) {
      const extra = r.findings
        .filter((f) => f.severity !== 'LOW' && !c.expected_conflicts.some((x) => findingMatches(graph, f, x)))
        .map((f) => `${f.drug.mention}+${f.other.mention}:${f.severity}(${f.edge_id})`);
      errors.push({ id: c.id, expected: c.expected_verdict, got: r.verdict, missed, extra });
    }
  }
  times.sort((a, b) => a - b);
  const per_kind = Object.fromEntries(
    KINDS.map((k) => {
      const s = kinds[k];
      const out: KindResult = {
        cases: s.cases,
        verdict_accuracy: ratio(s.verdict_correct, s.cases),
        high_recall: s.high_expected ? ratio(s.high_found, s.high_expected) : null,
        conflict_recall: ratio(s.found, s.expected),
        false_block_rate: s.unblocked ? Math.round((s.over_blocked / s.unblocked) * 1000) / 1000 : null,
        blind_spots: s.blind,
      };
      return [k, out];
    }),
  ) as MedicationEvalResult['per_kind'];
  return {
    n: cases.length,
    verdict_accuracy: ratio(correct, cases.length),
    high_recall: ratio(highFound, highExp),
    false_block_rate: okCases ? Math.round((falseBlocks / okCases) * 1000) / 1000 : 0,
    conflict_recall: ratio(allFound, allExp),
    blind_spots: { total: blindTotal, cases_with: blindCases, terms },
    per_kind,
    confusion,
    errors,
    p95_ms: Math.round((times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0) * 1000) / 1000,
  };
}
