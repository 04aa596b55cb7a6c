// Shapes of the versioned rules data. Patterns are regex sources matched against the
// normalised message (ASCII lower-cased, full-width folded, simplified Chinese).

export interface ConceptDef {
  /** Stable id referenced by rules; renaming one is a rules-version change. */
  id: string;
  zh?: readonly string[];
  en?: readonly string[];
}

/** A context cue list; `zh`/`en` are alternation members joined into one regex. */
export interface CueDef {
  zh?: readonly string[];
  en?: readonly string[];
}
