// Screen findings → CDS Hooks 2.0 cards: `critical` for HIGH, `warning` for MEDIUM, `info`
// for blind spots; a summary under 140 characters, the graph as `source.label`, Markdown
// detail, a safer alternative as a suggestion where the data names one, and a FHIR R4
// DetectedIssue per finding (in the card's `extension`).
import { createHash } from 'node:crypto';
import { alternativeFor, defaultMedicationGraph, type MedicationScreenFinding } from '@medagent/knowledge';

export const CARD_SOURCE_LABEL = 'medagent medication safety graph';
const OVERRIDE_SYSTEM = 'https://medagent.dev/cds/override-reason';

export interface CdsCard {
  uuid: string;
  summary: string;
  indicator: 'info' | 'warning' | 'critical';
  detail?: string;
  source: { label: string; url?: string; topic?: { system: string; code: string; display: string } };
  suggestions?: { label: string; uuid: string; isRecommended?: boolean; actions: Record<string, unknown>[] }[];
  selectionBehavior?: 'at-most-one' | 'any';
  overrideReasons?: { system: string; code: string; display: string }[];
  extension?: Record<string, unknown>;
}

const KIND_WORD: Record<MedicationScreenFinding['kind'], string> = {
  'drug-drug': 'interaction',
  duplicate: 'duplicate therapy',
  'drug-food': 'food/alcohol interaction',
  'drug-allergy': 'allergy',
  'drug-condition': 'contraindication',
  'drug-pregnancy': 'pregnancy/lactation',
};
/** HL7 v3 ActCode detected-issue codes. */
const ISSUE_CODE: Record<MedicationScreenFinding['kind'], { code: string; display: string }> = {
  'drug-drug': { code: 'DRG', display: 'Drug Interaction Alert' },
  duplicate: { code: 'DUPTHPY', display: 'Duplicate Therapy Alert' },
  'drug-food': { code: 'FOOD', display: 'Food Interaction Alert' },
  'drug-allergy': { code: 'DALG', display: 'Drug Allergy Alert' },
  'drug-condition': { code: 'COND', display: 'Condition Alert' },
  'drug-pregnancy': { code: 'COND', display: 'Condition Alert' },
};
const OVERRIDES = [
  { system: OVERRIDE_SYSTEM, code: 'benefit-outweighs-risk', display: 'Benefit outweighs risk' },
  { system: OVERRIDE_SYSTEM, code: 'will-monitor', display: 'Will monitor / adjust dose' },
  { system: OVERRIDE_SYSTEM, code: 'tolerated-before', display: 'Patient has tolerated this before' },
  { system: OVERRIDE_SYSTEM, code: 'not-applicable', display: 'Alert does not apply to this patient' },
];

const uuidOf = (...parts: string[]): string => {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

function summaryOf(f: MedicationScreenFinding, ordered: string, other: string): string {
  const head = f.severity === 'HIGH' ? 'Do not order' : 'Order with care';
  const s = `${head} ${ordered} with ${other} (${KIND_WORD[f.kind]})`;
  return s.length < 140 ? s : `${s.slice(0, 136)}…`;
}

/** Where an order came from, to point suggestions at it. */
export interface DraftOrder {
  resourceType: string;
  id?: string;
  /** The name the screen saw for this order. */
  term: string;
}

/** `orderedSide`: which end of the finding is the drug being ordered. */
export function findingCard(f: MedicationScreenFinding, hookInstance: string, patientId: string, order: DraftOrder, orderedSide: 'drug' | 'other'): CdsCard {
  const uuid = uuidOf(hookInstance, f.edge_id, f.drug.id, f.other.id);
  const [ordered, other] = orderedSide === 'drug' ? [f.between[0], f.between[1]] : [f.between[1], f.between[0]];
  const orderedId = orderedSide === 'drug' ? f.drug.id : f.other.id;
  const detail = [
    `**${f.severity}** — ${KIND_WORD[f.kind]}: **${f.between[0]}** with **${f.between[1]}**`,
    '',
    `**Why:** ${f.mechanism}`,
    '',
    `**What to do:** ${f.recommendation}`,
    '',
    `*Source:* ${f.source.name} (${f.source.year})${f.source.url ? ` — ${f.source.url}` : ''}`,
  ].join('\n');
  const card: CdsCard = {
    uuid,
    summary: summaryOf(f, ordered, other),
    indicator: f.severity === 'HIGH' ? 'critical' : 'warning',
    detail,
    source: { label: CARD_SOURCE_LABEL, ...(f.source.url ? { url: f.source.url } : {}), topic: { system: 'https://medagent.dev/medgraph/edge', code: f.edge_id, display: f.source.name } },
    overrideReasons: OVERRIDES,
    extension: { 'medagent-detected-issue': detectedIssue(f, uuid, patientId, order, ordered, other) },
  };
  const suggestion = suggestionFor(f, uuid, patientId, order, orderedId, ordered);
  if (suggestion) {
    card.suggestions = [suggestion];
    card.selectionBehavior = 'at-most-one';
  }
  return card;
}

type Suggestion = NonNullable<CdsCard['suggestions']>[number];

function suggestionFor(f: MedicationScreenFinding, uuid: string, patientId: string, order: DraftOrder, orderedId: string, ordered: string): Suggestion | undefined {
  const graph = defaultMedicationGraph();
  const ids = new Set<string>();
  for (const part of orderedId.split('+')) for (const id of graph.expand(part)) ids.add(id);
  const alt = alternativeFor(graph, f.edge_id, ids);
  if (!alt) return undefined;
  const actions: Record<string, unknown>[] = [];
  if (order.id) actions.push({ type: 'delete', description: `Remove the draft order for ${ordered}`, resourceId: [`${order.resourceType}/${order.id}`] });
  actions.push({
    type: 'create',
    description: `Order ${alt.node.name_en} instead`,
    resource: { resourceType: 'MedicationRequest', status: 'draft', intent: 'proposal', subject: { reference: `Patient/${patientId}` }, medicationCodeableConcept: { text: alt.node.name_en } },
  });
  return { label: `Use ${alt.node.name_en} instead of ${ordered} (${alt.source.name}, ${alt.source.year})`, uuid: uuidOf(uuid, 'alt', alt.node.id), isRecommended: true, actions };
}

export function detectedIssue(f: MedicationScreenFinding, id: string, patientId: string, order: DraftOrder, ordered: string, other: string): Record<string, unknown> {
  const code = ISSUE_CODE[f.kind];
  return {
    resourceType: 'DetectedIssue',
    id,
    status: 'preliminary',
    code: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: code.code, display: code.display }], text: KIND_WORD[f.kind] },
    severity: f.severity === 'HIGH' ? 'high' : f.severity === 'MEDIUM' ? 'moderate' : 'low',
    patient: { reference: `Patient/${patientId}` },
    implicated: [order.id ? { reference: `${order.resourceType}/${order.id}`, display: ordered } : { display: ordered }, { display: other }],
    detail: `${f.mechanism} ${f.recommendation}`,
    ...(f.source.url ? { reference: f.source.url } : {}),
    identifiedDateTime: new Date().toISOString(),
  };
}

export function blindSpotCard(blind: readonly string[], hookInstance: string): CdsCard {
  const list = blind.slice(0, 10).join(', ');
  const summary = `Not checked: ${list}`;
  return {
    uuid: uuidOf(hookInstance, 'blind', list),
    summary: summary.length < 140 ? summary : `${summary.slice(0, 136)}…`,
    indicator: 'info',
    detail: `These items were not recognised by the medication graph, so no interaction, allergy or contraindication check was made for them:\n\n${blind.map((b) => `- ${b}`).join('\n')}\n\nDo not read the absence of other cards as safety for these items.`,
    source: { label: CARD_SOURCE_LABEL },
  };
}
