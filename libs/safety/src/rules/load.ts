// Loads the current ruleset from data files (libs/safety/data): ruleset.json names the
// version, the family files (concepts/<family>.json), weights and the learned signal;
// cues.json holds the context cues. The build copies data/ next to the compiled sources, so
// the same relative path works from src/ and dist/. Validation errors name the file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidRulesetError } from '../errors';
import { FAMILIES, type Family } from '../types';
import type { ConceptDef, CueSet } from './concept-types';
import type { RuleDef } from './rule-types';

/** libs/safety/data (from src/rules or dist/libs/safety/src/rules). */
export const SAFETY_DATA_DIR = resolve(__dirname, '../../data');

export interface SourceRef {
  name: string;
  year: number;
}

/** One family file: its sources, concepts (lexicon entries) and rules. */
export interface FamilyFile {
  family: string;
  description?: string;
  sources: readonly SourceRef[];
  concepts: readonly (ConceptDef & { source?: string })[];
  rules: readonly Omit<RuleDef, 'family'>[];
}

export interface RulesetManifest {
  version: string;
  families: readonly string[];
  family_weight: Readonly<Record<string, number>>;
  options?: { spaceBreaksClause?: boolean };
  learned?: { model: string; trained_for: string; wide_veto: boolean; veto_weak_hits: boolean };
}

/** English variant classes (data/variants.json): a token in a concept pattern also matches its forms. */
export interface VariantClass {
  token: string;
  forms: readonly string[];
}

export interface VariantsFile {
  sources: readonly SourceRef[];
  en: readonly VariantClass[];
}

export interface CuesFile {
  cues: CueSet;
  /** Reassurance / resolved-episode wording that vetoes classifier-only escalations. */
  reassurance: readonly string[];
}

export function readDataJson<T>(rel: string, dir: string = SAFETY_DATA_DIR): T {
  try {
    return JSON.parse(readFileSync(resolve(dir, rel), 'utf8')) as T;
  } catch (cause) {
    throw new InvalidRulesetError(`cannot read rules data ${rel}`, { cause });
  }
}

const isFamily = (f: string): f is Family => (FAMILIES as readonly string[]).includes(f);

export interface LoadedRules {
  manifest: RulesetManifest;
  files: readonly FamilyFile[];
  concepts: ConceptDef[];
  rules: RuleDef[];
  cues: CuesFile;
  variants: VariantsFile;
  familyWeight: Record<Family, number>;
}

export function loadRulesData(dir: string = SAFETY_DATA_DIR): LoadedRules {
  const manifest = readDataJson<RulesetManifest>('ruleset.json', dir);
  const files = manifest.families.map((f) => readDataJson<FamilyFile>(`concepts/${f}.json`, dir));
  const concepts: ConceptDef[] = [];
  const rules: RuleDef[] = [];
  for (const file of files) {
    if (file.sources.length === 0) throw new InvalidRulesetError(`concepts/${file.family}.json names no source`);
    for (const c of file.concepts) concepts.push({ ...c, family: file.family });
    for (const r of file.rules) {
      if (!isFamily(file.family)) throw new InvalidRulesetError(`concepts/${file.family}.json: rules need a known family`);
      rules.push({ ...r, family: file.family });
    }
  }
  const familyWeight = {} as Record<Family, number>;
  for (const f of FAMILIES) {
    const w = manifest.family_weight[f];
    if (w === undefined) throw new InvalidRulesetError(`ruleset.json: no family_weight for ${f}`);
    familyWeight[f] = w;
  }
  const variants = readDataJson<VariantsFile>('variants.json', dir);
  if (variants.sources.length === 0) throw new InvalidRulesetError('variants.json names no source');
  return { manifest, files, concepts, rules, cues: readDataJson<CuesFile>('cues.json', dir), variants, familyWeight };
}
