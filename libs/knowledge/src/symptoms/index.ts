import { SymptomAnalyzer } from './analyzer';
import type { AnalyzeOptions, SymptomAnalysis } from './types';

export { SymptomAnalyzer } from './analyzer';
export { DEFAULT_SYMPTOM_DIR, readSymptomData } from './data';
export { SymptomError } from './errors';
export type { SymptomErrorCode } from './errors';
export type {
  AnalyzeOptions,
  CuratedCondition,
  ExtractedSymptom,
  KgDisease,
  SiteTestRule,
  SymptomAnalysis,
  SymptomCandidate,
  SymptomData,
  SymptomLang,
  SynonymGroup,
} from './types';

let cached: SymptomAnalyzer | undefined;

/** Process-wide analyzer over the shipped data, loaded on first use. */
export function defaultSymptomAnalyzer(): SymptomAnalyzer {
  cached ??= SymptomAnalyzer.load();
  return cached;
}

/** Free symptom text → candidate conditions with reasons, using the shipped data. */
export function analyzeSymptoms(text: string, opts?: AnalyzeOptions): SymptomAnalysis {
  return defaultSymptomAnalyzer().analyze(text, opts);
}
