// Public entry of @medagent/zh-text: Chinese (and bilingual) text handling shared by safety,
// planner, knowledge, agent and skills — length-preserving normalisation, the one
// Traditional→Simplified table, dialect folding, NFKC comparison forms, and the shared
// medical vocabulary.
export { normalizeText, nfkc, nfkcLower } from './normalize';
export { HAS_TRADITIONAL, TRAD_TO_SIMP, toSimplified } from './traditional';
export { ANY_TRIGGER, REGIONAL_PATTERNS, REGIONAL_TRIGGER, normaliseZh } from './dialect';
export { CONDITIONS, MEDICATIONS, SYMPTOMS, detectLang, findEntries, topicsIn, type LexiconEntry } from './vocabulary';
export { SOURCE_TAIL, dedupeSentences } from './sentences';
