// How the screen turns context entries into graph nodes: codes, names, combinations
// ("a/b"), longer entries scanned for a known name, and the state fields (pregnancy,
// lactation, age band, eGFR band, potassium).
import { extractEntities } from './extract';
import type { MedicationGraph } from './graph';
import { resolveCoded, type CodeMap, type CodedTerm } from './codes';
import type { PatientContext } from './screen';
import type { GraphNode } from './types';

export type Category = 'drug' | 'allergy' | 'condition' | 'food';
export const COMBINATION = /\s*(?:\/|\+|\band\b|\bwith\b|、|和|与|加)\s*/;

export function termText(t: string | CodedTerm): string {
  return typeof t === 'string' ? t : (t.text ?? t.codes?.[0]?.code ?? '');
}

/**
 * A drug by code, by name, or as a combination ("a/b", "a-b"): the ingredients the graph knows
 * are checked, the others are named as blind spots (a combination is never dropped whole).
 */
export function resolveDrug(graph: MedicationGraph, term: string | CodedTerm, codes?: CodeMap, blind?: (s: string) => void): GraphNode[] | undefined {
  const whole = resolveCoded(graph, term, 'drug', codes);
  if (whole) return [whole];
  const text = termText(term);
  // "warfarin 5 mg daily", "Coumadin (warfarin sodium)": one known drug named in a longer entry.
  const scanned = extractEntities(graph, text);
  const first = scanned.drugs[0];
  if (scanned.drugs.length === 1 && first && scanned.unrecognized.length === 0 && !COMBINATION.test(text)) {
    const n = graph.node(first.id);
    if (n) return [n];
  }
  const parts = text.split(COMBINATION).filter((p) => p.trim() !== '');
  const dashed = parts.length < 2 ? text.split(/\s*-\s*/).filter((p) => p.trim() !== '') : parts;
  if (dashed.length < 2) return undefined;
  const nodes = dashed.map((p) => graph.resolve(p, 'drug'));
  const known = nodes.filter((n): n is GraphNode => n !== undefined);
  if (known.length === 0) return undefined;
  // "a-b" might be one hyphenated name rather than a combination: only a "/"-style list is split partially.
  if (known.length < nodes.length && parts.length < 2) return undefined;
  dashed.forEach((p, i) => {
    if (nodes[i] === undefined) blind?.(`${p.trim()} (in ${text})`);
  });
  return known;
}

/**
 * A condition by code or name; else the longest known condition the wording contains
 * ("planned intra-arterial iodinated contrast", "CKD stage 4 on dialysis"), else a drug it
 * names. Several hits are all kept.
 */
export function resolveCondition(graph: MedicationGraph, term: string | CodedTerm, codes?: CodeMap): { category: Category; node: GraphNode }[] {
  const direct = resolveCoded(graph, term, 'condition', codes);
  if (direct) return [{ category: 'condition', node: direct }];
  const text = termText(term);
  const found = extractEntities(graph, text);
  const out: { category: Category; node: GraphNode }[] = [];
  for (const r of [...found.conditions]) {
    const n = graph.node(r.id);
    if (n) out.push({ category: 'condition', node: n });
  }
  return out;
}

/** "penicillin (anaphylaxis)", "sulfa drugs - hives": the allergen or drug a longer entry names. */
export function scanAllergy(graph: MedicationGraph, text: string): GraphNode | undefined {
  const found = extractEntities(graph, text);
  const hit = found.allergies[0] ?? found.drugs[0];
  const node = hit ? graph.node(hit.id) : undefined;
  if (!node) return undefined;
  return node.kind === 'allergen' ? node : (graph.allergenFor(node) ?? node);
}

/** Pregnancy, lactation, age and laboratory values stated as fields. */
export function stateConditions(ctx: PatientContext): string[] {
  const out: string[] = [];
  if (ctx.pregnant === true) out.push('pregnancy');
  if (ctx.breastfeeding === true) out.push('breastfeeding');
  if (typeof ctx.age === 'number') {
    const band = ageBand(ctx.age);
    if (band) out.push(band);
  }
  if (typeof ctx.egfr === 'number') {
    if (ctx.egfr < 30) out.push('severe_ckd');
    else if (ctx.egfr < 45) out.push('ckd_3b');
    else if (ctx.egfr < 60) out.push('ckd_3a');
  }
  if (typeof ctx.potassium === 'number' && ctx.potassium > 5.0) out.push('hyperkalaemia');
  return out;
}

/** An age in years as the band the rules are written for (labels state ages: <2, <8, <12, 12–17). */
export function ageBand(age: number): string | undefined {
  if (age < 0 || age >= 18) return undefined;
  if (age < 2) return 'child_under_2';
  if (age < 8) return 'child_under_8';
  if (age < 12) return 'child_under_12';
  return 'adolescent';
}
