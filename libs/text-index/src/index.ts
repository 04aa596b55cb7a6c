export { requiredUnits } from './required-units';
export { candidates, gated, indexPatterns, type PatternIndex, type TextTest } from './pattern-index';
