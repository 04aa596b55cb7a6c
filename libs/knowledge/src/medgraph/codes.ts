// Coded patient-context entries (RxNorm, ATC, SNOMED CT, ICD-10) resolved through a small code
// map shipped as data (`data/medgraph/codes.json`); names are the fallback when no code is known.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MedGraphError } from './errors';
import { DEFAULT_MEDGRAPH_DIR, type MedicationGraph } from './graph';
import type { GraphNode } from './types';

export const CODE_SYSTEMS = {
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  atc: 'http://www.whocc.no/atc',
  snomed: 'http://snomed.info/sct',
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
} as const;

export interface Coding {
  system: string;
  code: string;
}

/** A context entry as a FHIR CodeableConcept gives it: free text and/or codings. */
export interface CodedTerm {
  text?: string;
  codes?: Coding[];
}

/** system URL → code → graph node id. */
export type CodeMap = ReadonlyMap<string, ReadonlyMap<string, string>>;

export function loadCodeMap(dir: string = DEFAULT_MEDGRAPH_DIR): CodeMap {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(dir, 'codes.json'), 'utf8')) as unknown;
  } catch (cause) {
    throw new MedGraphError('MEDGRAPH_DATA_UNREADABLE', 'cannot read codes.json', { cause });
  }
  const systems = (raw as { systems?: Record<string, { url?: string; codes?: Record<string, string> }> }).systems;
  if (typeof systems !== 'object' || systems === null) throw new MedGraphError('MEDGRAPH_SCHEMA', 'codes.json: expected {"systems": {...}}');
  const out = new Map<string, Map<string, string>>();
  for (const [name, s] of Object.entries(systems)) {
    if (typeof s.url !== 'string' || typeof s.codes !== 'object') throw new MedGraphError('MEDGRAPH_SCHEMA', `codes.json: system ${name} needs url and codes`);
    // ICD-10 and ATC codes are matched without dots and by prefix ("N18.4" → "N184" → "N18" …).
    const norm = new Map(Object.entries(s.codes).map(([c, id]) => [normCode(c), id]));
    out.set(s.url, norm);
  }
  return out;
}

function normCode(c: string): string {
  return c.replace(/\./g, '').toUpperCase().trim();
}

export type CodedGroup = 'drug' | 'allergy' | 'condition';

/** By code first (an ICD-10 code also by its shorter prefixes), then by name. */
export function resolveCoded(graph: MedicationGraph, term: string | CodedTerm, group: CodedGroup, codes?: CodeMap): GraphNode | undefined {
  const byName = (t: string): GraphNode | undefined =>
    group === 'allergy' ? graph.resolveAllergy(t) : graph.resolve(t, group);
  if (typeof term === 'string') return byName(term);
  for (const c of term.codes ?? []) {
    const table = codes?.get(c.system);
    if (!table) continue;
    let code = normCode(c.code);
    while (code.length >= 3) {
      const id = table.get(code);
      const node = id === undefined ? undefined : graph.node(id);
      if (node) return group === 'allergy' && node.kind !== 'allergen' ? (graph.allergenFor(node) ?? node) : node;
      if (!c.system.includes('icd-10') && !c.system.includes('atc')) break;
      code = code.slice(0, -1);
    }
  }
  return term.text ? byName(term.text) : undefined;
}
