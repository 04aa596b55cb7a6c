// Length-preserving normalisation lives in @medagent/zh-text (one Traditional→Simplified
// table); this file keeps the safety lib's callers compiling.
export { normalizeText } from '@medagent/zh-text';
