export const ROLES = ['consultation', 'triage', 'research'] as const;
export type Role = (typeof ROLES)[number];

export const SEVERITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const NODE_KINDS = ['drug', 'drug_class', 'condition', 'food', 'allergen'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const EDGE_TYPES = ['DDI', 'CONTRAINDICATION', 'FOOD_DRUG', 'CROSS_ALLERGY', 'DUPLICATE'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

export type Lang = 'zh' | 'en';

export interface SourceRef {
  name: string;
  year: number;
  url?: string;
}

export interface GraphNode {
  id: string;
  kind: NodeKind;
  name_zh: string;
  name_en: string;
  aliases: string[];
  /** drug → the drug_class ids it belongs to (class-level edges apply to it). */
  classes?: string[];
  /** condition → broader conditions it implies (third trimester ⇒ pregnancy). */
  implies?: string[];
  /** allergen → drug / drug_class ids whose allergy it stands for. */
  covers?: string[];
}

export interface GraphEdge {
  id: string;
  type: EdgeType;
  from: string;
  to: string;
  severity: Severity;
  mechanism_zh: string;
  mechanism_en: string;
  recommendation_zh: string;
  recommendation_en: string;
  visible_to: Role[];
  source: SourceRef;
  references?: SourceRef[];
  tags?: string[];
}

/** Where a node can be looked up: drugs and drug classes share one namespace. */
export type LookupGroup = 'drug' | 'condition' | 'food' | 'allergen';

export interface EntityRef {
  id: string;
  kind: NodeKind;
  name_zh: string;
  name_en: string;
  /** The user's wording (after normalisation) that resolved to this node. */
  mention: string;
}

export interface ExtractedEntities {
  drugs: EntityRef[];
  conditions: EntityRef[];
  foods: EntityRef[];
  allergies: EntityRef[];
  /** Mentioned but explicitly negated ("没有胃溃疡", "no alcohol"): not used in the check. */
  negated: EntityRef[];
  /** Drug-like words the graph does not know. */
  unrecognized: string[];
}

export interface SafetyInput {
  drugs?: string[];
  conditions?: string[];
  foods?: string[];
  allergies?: string[];
  text?: string;
  lang?: Lang;
}

export interface Conflict {
  edge_id: string;
  type: EdgeType;
  severity: Severity;
  /** Display names of the two entities from the request, in the request language. */
  between: [string, string];
  between_ids: [string, string];
  /** Display names of the edge endpoints when the edge is class- or condition-level. */
  via?: [string, string];
  mechanism: string;
  recommendation: string;
  source: SourceRef;
  references?: SourceRef[];
}

export type Verdict = 'blocked' | 'caution' | 'ok';

export interface NormalizedInput {
  drugs: EntityRef[];
  conditions: EntityRef[];
  foods: EntityRef[];
  allergies: EntityRef[];
}

export interface SafetyResult {
  role: Role;
  lang: Lang;
  verdict: Verdict;
  conflicts: Conflict[];
  hidden_conflict_count: number;
  blind_spots: string[];
  normalized: NormalizedInput;
  text: string;
}
