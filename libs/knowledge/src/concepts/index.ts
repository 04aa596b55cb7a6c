export { extractConcepts, defaultConceptData, MAX_CONCEPT_TEXT } from './extract';
export { sharesConcept, sharesConceptIds, expandConcept, isWeakConcept, topicForSlug } from './relate';
export { readConceptData, parseConceptData, DEFAULT_CONCEPT_DIR } from './data';
export { ConceptError } from './errors';
export type { ConceptErrorCode } from './errors';
export type { Concept, ConceptData, ConceptKind, ConceptLang, ExtractOptions, LexiconEntry, TopicNode } from './types';
export { ConceptTable, documentConcepts, type DocumentConcepts } from './documents';
export { conceptSearch, mainConcept, type ConceptSearchOptions, type ConceptSearchResult, type Coverage } from './search';
