// Emergency guidance per emergency concept (data/guidance/<family>.json): what to do first, in
// both languages, with its sources. An escalated answer opens with the guidance of the concepts
// the gate matched, most specific family first, at most MAX_OPENING of them.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidRulesetError } from '../errors';
import type { PreRiskResult } from '../types';
import { SAFETY_DATA_DIR, readDataJson, type SourceRef } from '../rules/load';
import { currentRuleset } from '../rules/ruleset';

export interface GuidanceEntry {
  id: string;
  family: string;
  sources: readonly SourceRef[];
  zh: string;
  en: string;
  /** Concepts whose guidance this one already covers (not repeated after it). */
  subsumes?: readonly string[];
  /** Sources of the English text when they differ (e.g. the crisis lines named there). */
  sources_en?: readonly SourceRef[];
}

interface GuidanceFile {
  family: string;
  guidance: readonly Omit<GuidanceEntry, 'family'>[];
}

/** Concept used when the learned signal escalated without a rule (no concept to name). */
export const FALLBACK_GUIDANCE = 'urgent_assessment';
const MAX_OPENING = 2;

let table: ReadonlyMap<string, GuidanceEntry> | undefined;

/** Every guidance entry by emergency concept id (read once). Duplicate ids fail. */
export function guidanceTable(dir: string = resolve(SAFETY_DATA_DIR, 'guidance')): ReadonlyMap<string, GuidanceEntry> {
  if (table !== undefined && dir === resolve(SAFETY_DATA_DIR, 'guidance')) return table;
  const out = new Map<string, GuidanceEntry>();
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json')).sort()) {
    const file = readDataJson<GuidanceFile>(f, dir);
    for (const g of file.guidance) {
      if (out.has(g.id)) throw new InvalidRulesetError(`guidance ${g.id} defined twice (guidance/${f})`);
      out.set(g.id, { ...g, family: file.family });
    }
  }
  if (dir === resolve(SAFETY_DATA_DIR, 'guidance')) table = out;
  return out;
}

let ruleConcept: ReadonlyMap<string, { emergency: string; weight: number }> | undefined;

function conceptsByRule(): ReadonlyMap<string, { emergency: string; weight: number }> {
  if (ruleConcept === undefined) {
    const rs = currentRuleset();
    ruleConcept = new Map(rs.rules.map((r) => [r.id, { emergency: r.emergency, weight: rs.familyWeight[r.family] }]));
  }
  return ruleConcept;
}

/** The emergency concepts behind fired rule ids, most specific family first, deduplicated. */
export function emergencyConcepts(ruleIds: readonly string[]): string[] {
  const map = conceptsByRule();
  const found = ruleIds
    .map((id, i) => ({ i, c: map.get(id) }))
    .filter((x): x is { i: number; c: { emergency: string; weight: number } } => x.c !== undefined)
    .sort((a, b) => b.c.weight - a.c.weight || a.i - b.i)
    .map((x) => x.c.emergency);
  const out = [...new Set(found)];
  return out.length === 0 && ruleIds.length > 0 ? [FALLBACK_GUIDANCE] : out;
}

/** Rule ids of an escalated result, in evidence order. */
export function firedRuleIds(r: Pick<PreRiskResult, 'decision' | 'evidence'>): string[] {
  if (r.decision !== 'ESCALATE') return [];
  return [...new Set(r.evidence.map((e) => e.rule_id))];
}

function cite(sources: readonly SourceRef[]): string {
  return sources.map((s) => `${s.name}, ${s.year}`).join('; ');
}

/** The guidance entries an escalated result opens with (empty for PASS). */
export function guidanceForResult(r: Pick<PreRiskResult, 'decision' | 'evidence'>): GuidanceEntry[] {
  const t = guidanceTable();
  const out: GuidanceEntry[] = [];
  const covered = new Set<string>();
  for (const id of emergencyConcepts(firedRuleIds(r))) {
    const g = t.get(id) ?? t.get(FALLBACK_GUIDANCE);
    if (g === undefined || covered.has(g.id)) continue;
    out.push(g);
    covered.add(g.id);
    for (const s of g.subsumes ?? []) covered.add(s);
    if (out.length === MAX_OPENING) break;
  }
  return out;
}

/** One guidance paragraph with its sources, in the message's language. */
export function renderGuidance(g: GuidanceEntry, lang: 'zh' | 'en'): string {
  return lang === 'zh' ? `${g.zh}（依据：${cite(g.sources)}）` : `${g.en} (Source: ${cite(g.sources_en ?? g.sources)})`;
}

/** The opening block of an escalated answer ('' for PASS). */
export function emergencyOpening(r: Pick<PreRiskResult, 'decision' | 'evidence'>, lang: 'zh' | 'en'): string {
  return guidanceForResult(r)
    .map((g) => renderGuidance(g, lang))
    .join('\n');
}

/**
 * `text` opened by the escalation's guidance: added when missing, moved to the top when it is
 * already somewhere inside (a worker quoted it). Applying it twice equals applying it once.
 */
export function withEmergencyOpening(text: string, r: Pick<PreRiskResult, 'decision' | 'evidence'>, lang: 'zh' | 'en'): string {
  const opening = emergencyOpening(r, lang);
  if (opening === '') return text;
  const body = text.split(opening).join('').replace(/\n{3,}/g, '\n\n').trim();
  return body === '' ? opening : `${opening}\n\n${body}`;
}
