export { extractConcepts, defaultConceptData, MAX_CONCEPT_TEXT } from './extract';
export { sharesConcept, expandConcept, isWeakConcept } from './relate';
export { readConceptData, parseConceptData, DEFAULT_CONCEPT_DIR } from './data';
export { ConceptError } from './errors';
export type { ConceptErrorCode } from './errors';
export type { Concept, ConceptData, ConceptKind, ConceptLang, ExtractOptions, LexiconEntry, TopicNode } from './types';
