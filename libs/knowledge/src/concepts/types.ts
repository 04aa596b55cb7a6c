export type ConceptKind = 'disease' | 'symptom' | 'drug' | 'procedure' | 'first_aid' | 'test' | 'topic';
export type ConceptLang = 'zh' | 'en';

/**
 * One medical concept found in a text. Ids are stable across languages:
 * `icd:E11` (ICD-10 category), `sym:chest-pain` (curated symptom group), `drug:warfarin`
 * (medication-graph node), `fa:cpr` / `proc:…` / `test:…` / `topic:…` (concept lexicon).
 */
export interface Concept {
  id: string;
  kind: ConceptKind;
  /** Display name in the requested language. */
  label: string;
  /** UTF-16 offsets into the input text of the first mention. */
  span: [number, number];
}

export interface ExtractOptions {
  /** Language of labels; by default inferred from the text (any CJK → zh). */
  lang?: ConceptLang;
}

/** A lexicon entry (data/concepts/lexicon.json). */
export interface LexiconEntry {
  id: string;
  kind: ConceptKind;
  zh: string[];
  en: string[];
  /** Topics of the hierarchy this entry belongs to. */
  topics: string[];
  /** A context concept (population, lifestyle): relates two texts only when neither has a specific one. */
  weak: boolean;
  source: string;
}

/** A node of the topic hierarchy (data/concepts/topics.json). */
export interface TopicNode {
  id: string;
  zh: string;
  en: string;
  parents: string[];
  /** ICD-10 categories or ranges ("E10-E14"). */
  icd: string[];
  /** Curated symptom-group ids. */
  symptoms: string[];
  /** Medication-graph node ids (drugs or classes). */
  drugs: string[];
}

export interface ConceptData {
  entries: LexiconEntry[];
  topics: TopicNode[];
}
