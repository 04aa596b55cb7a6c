// Dialect folding lives in @medagent/zh-text (one Traditional→Simplified table, one fold);
// this file keeps the planner's callers compiling.
export { ANY_TRIGGER, REGIONAL_PATTERNS, REGIONAL_TRIGGER, normaliseZh } from '@medagent/zh-text';
