// The medication screen: every drug, allergy, pregnancy and condition named in a message or
// in structured patient context, checked against the whole graph (no role filter), each
// finding placed in the specialist views of seed 002. Deterministic, no model.
import { MedGraphError } from './errors';
import { MAX_TEXT_LENGTH, extractEntities } from './extract';
import type { MedicationGraph } from './graph';
import { hasCjk } from './normalize';
import { patternConditions } from './patterns';
import { CONFLICT_KINDS, VIEW_OF_KIND, renderScreen, renderView } from './views';
import type { ConflictKind, SpecialistView } from './views';
import type { GraphEdge, GraphNode, Lang, Severity, SourceRef, Verdict } from './types';
import { resolveCoded, type CodeMap, type CodedTerm } from './codes';
import { ageBand, resolveCondition, resolveDrug, scanAllergy, stateConditions, termText, type Category } from './screen-resolve';

export const SCREEN_VERSION = 'medscreen-2026.12.1';

/** Structured patient context: from a FHIR Bundle, a CDS Hooks prefetch or an evaluation case. */
export interface PatientContext {
  drugs?: (string | CodedTerm)[];
  allergies?: (string | CodedTerm)[];
  conditions?: (string | CodedTerm)[];
  pregnant?: boolean;
  breastfeeding?: boolean;
  age?: number;
  sex?: string;
  /** mL/min/1.73 m². */
  egfr?: number;
  /** mmol/L. */
  potassium?: number;
}

export interface ScreenInput {
  /** The user's message: drugs, foods, alcohol, allergies and conditions are read from it. */
  text?: string;
  context?: PatientContext;
  lang?: Lang;
}

export interface ScreenEntity {
  id: string;
  name_zh: string;
  name_en: string;
  /** The wording that named it (a context entry or the text's mention). */
  mention: string;
  origin: 'message' | 'context';
}

export interface ScreenFinding {
  edge_id: string;
  kind: ConflictKind;
  severity: Severity;
  /** The drug (a product: its mention when it is a combination). */
  drug: ScreenEntity;
  /** The other drug, the allergy, the condition / pregnancy, or the food. */
  other: ScreenEntity;
  /** Display names in the screen's language, drug first. */
  between: [string, string];
  mechanism: string;
  recommendation: string;
  source: SourceRef;
  references?: SourceRef[];
  views: SpecialistView[];
}

export interface ViewResult {
  view: SpecialistView;
  verdict: Verdict;
  findings: ScreenFinding[];
  text: string;
}

export interface ScreenResult {
  version: string;
  lang: Lang;
  /** True when anything medication-related was named: only then does the screen speak. */
  screened: boolean;
  verdict: Verdict;
  findings: ScreenFinding[];
  blind_spots: string[];
  entities: { drugs: ScreenEntity[]; allergies: ScreenEntity[]; conditions: ScreenEntity[]; foods: ScreenEntity[] };
  views: Record<SpecialistView, ViewResult>;
  /** The whole screen in the request language (the answer's medication section). */
  text: string;
}

interface Item {
  category: Category;
  entity: ScreenEntity;
  /** The node ids whose edges apply: a product's ingredients with their classes, a condition with what it implies. */
  ids: Set<string>;
}

const RANK: Record<Severity, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };
const MAX_ITEMS = 100;

export function screenMedication(graph: MedicationGraph, input: ScreenInput, codes?: CodeMap): ScreenResult {
  validate(input);
  const lang = input.lang ?? detectLang(input);
  const items: Item[] = [];
  const blind: string[] = [];
  const addBlind = (s: string): void => {
    if (s.trim() !== '' && !blind.includes(s)) blind.push(s);
  };
  const push = (category: Category, nodes: GraphNode[], mention: string, origin: ScreenEntity['origin']): void => {
    const ids = new Set<string>();
    for (const n of nodes) for (const id of graph.expand(n.id)) ids.add(id);
    const key = [...nodes.map((n) => n.id)].sort().join('+');
    const same = items.filter((i) => i.category === category && i.entity.id === key);
    // Two context entries naming one ingredient differently ("ibuprofen", "Advil") are two
    // products taken together; the same wording twice, or the message restating the context, is one.
    const norm = (m: string): string => m.trim().toLowerCase();
    if (same.length > 0 && (category !== 'drug' || origin !== 'context' || same.some((i) => i.entity.origin !== 'context' || norm(i.entity.mention) === norm(mention)))) return;
    const first = nodes[0] as GraphNode;
    const single = nodes.length === 1;
    items.push({
      category,
      ids,
      entity: {
        id: key,
        name_zh: single ? first.name_zh : mention,
        name_en: single ? first.name_en : mention,
        mention,
        origin,
      },
    });
  };
  const ctx = input.context ?? {};
  for (const d of ctx.drugs ?? []) {
    const nodes = resolveDrug(graph, d, codes, addBlind);
    if (nodes) push('drug', nodes, termText(d), 'context');
    else addBlind(termText(d));
  }
  for (const a of ctx.allergies ?? []) {
    const node = resolveCoded(graph, a, 'allergy', codes) ?? scanAllergy(graph, termText(a));
    if (node) push('allergy', [node], termText(a), 'context');
    else addBlind(termText(a));
  }
  for (const c of ctx.conditions ?? []) {
    const found = resolveCondition(graph, c, codes);
    if (found.length === 0) addBlind(termText(c));
    for (const f of found) push(f.category, [f.node], termText(c), 'context');
  }
  for (const id of stateConditions(ctx)) {
    const node = graph.node(id);
    if (node) push('condition', [node], node.name_en, 'context');
  }
  if (input.text) {
    const found = extractEntities(graph, input.text);
    const fromText = (category: Category, refs: { id: string; mention: string }[]): void => {
      for (const r of refs) {
        const node = graph.node(r.id);
        // Already named by the context (same ingredient or one of a combination's): not a second product.
        if (!node || (category === 'drug' && items.some((i) => i.category === 'drug' && i.ids.has(r.id)))) continue;
        push(category, [node], r.mention, 'message');
      }
    };
    fromText('drug', found.drugs);
    fromText('allergy', found.allergies);
    fromText('condition', found.conditions);
    fromText('food', found.foods);
    for (const w of found.unrecognized) addBlind(w);
  }
  dropImplied(items);
  const findings = findAll(graph, items, lang);
  const views = buildViews(findings, blind, lang);
  const verdict = verdictOf(findings);
  const byCat = (c: Category): ScreenEntity[] => items.filter((i) => i.category === c).map((i) => i.entity);
  const entities = { drugs: byCat('drug'), allergies: byCat('allergy'), conditions: byCat('condition'), foods: byCat('food') };
  const screened = entities.drugs.length > 0 || blind.length > 0;
  return {
    version: SCREEN_VERSION,
    lang,
    screened,
    verdict,
    findings,
    blind_spots: blind,
    entities,
    views,
    text: screened ? renderScreen({ lang, verdict, findings, blindSpots: blind, views }) : '',
  };
}

export function verdictOf(findings: readonly { severity: Severity }[]): Verdict {
  if (findings.some((f) => f.severity === 'HIGH')) return 'blocked';
  if (findings.some((f) => f.severity === 'MEDIUM')) return 'caution';
  return 'ok';
}

/** "CKD stage 4" already carries "CKD": keep the specific condition so a pair is reported once. */
function dropImplied(items: Item[]): void {
  // A known age band says more than the word "child" with no age.
  const bands = new Set(['child_under_2', 'child_under_8', 'child_under_12', 'adolescent']);
  const generic = items.findIndex((i) => i.category === 'condition' && i.entity.id === 'child');
  if (generic >= 0 && items.some((i) => i.category === 'condition' && bands.has(i.entity.id))) items.splice(generic, 1);
  const conditions = items.filter((i) => i.category === 'condition');
  for (const c of conditions) {
    if (conditions.some((d) => d !== c && d.ids.has(c.entity.id) && !c.ids.has(d.entity.id))) items.splice(items.indexOf(c), 1);
  }
}

const FITS: Record<GraphEdge['type'], (a: Category, b: Category) => boolean> = {
  DDI: (a, b) => a === 'drug' && b === 'drug',
  DUPLICATE: (a, b) => a === 'drug' && b === 'drug',
  CONTRAINDICATION: (a, b) => (a === 'drug') !== (b === 'drug') && (a === 'condition' || b === 'condition'),
  FOOD_DRUG: (a, b) => (a === 'drug') !== (b === 'drug') && (a === 'food' || b === 'food'),
  CROSS_ALLERGY: (a, b) => (a === 'drug') !== (b === 'drug') && (a === 'allergy' || b === 'allergy'),
};

function findAll(graph: MedicationGraph, items: readonly Item[], lang: Lang): ScreenFinding[] {
  const out: ScreenFinding[] = [];
  for (let i = 0; i < items.length; i += 1) {
    for (let j = i + 1; j < items.length; j += 1) {
      const x = items[i] as Item;
      const y = items[j] as Item;
      if (x.category !== 'drug' && y.category !== 'drug') continue;
      const [a, b] = x.category === 'drug' ? [x, y] : [y, x];
      const sameProduct = a.category === 'drug' && b.category === 'drug' && a.entity.id === b.entity.id;
      const best = new Map<GraphEdge['type'], GraphEdge>();
      for (const e of graph.edgesBetweenSets(a.ids, b.ids)) {
        if (!FITS[e.type](a.category, b.category) || (sameProduct && e.type !== 'DUPLICATE')) continue;
        const cur = best.get(e.type);
        if (!cur || better(e, cur, a, b)) best.set(e.type, e);
      }
      // A duplicate states the pair more exactly than the interaction of the same class pair.
      if (best.has('DUPLICATE')) best.delete('DDI');
      for (const e of best.values()) out.push(toFinding(e, a, b, lang));
      if (sameProduct && best.size === 0) out.push(sameIngredient(a, b, lang));
      const self = best.size === 0 ? selfAllergy(a, b, lang) : undefined;
      if (self) out.push(self);
    }
  }
  return out.sort((p, q) => RANK[q.severity] - RANK[p.severity]);
}

function better(e: GraphEdge, cur: GraphEdge, a: Item, b: Item): boolean {
  const ds = RANK[e.severity] - RANK[cur.severity];
  if (ds !== 0) return ds > 0;
  const direct = new Set([...a.entity.id.split('+'), ...b.entity.id.split('+')]);
  const spec = (x: GraphEdge): number => Number(direct.has(x.from)) + Number(direct.has(x.to));
  return spec(e) > spec(cur);
}

function kindOf(e: GraphEdge, other: Item): ConflictKind {
  if (e.type === 'DDI') return 'drug-drug';
  if (e.type === 'DUPLICATE') return 'duplicate';
  if (e.type === 'FOOD_DRUG') return 'drug-food';
  if (e.type === 'CROSS_ALLERGY') return 'drug-allergy';
  return other.ids.has('pregnancy') || other.ids.has('breastfeeding') ? 'drug-pregnancy' : 'drug-condition';
}

function toFinding(e: GraphEdge, a: Item, b: Item, lang: Lang): ScreenFinding {
  const kind = kindOf(e, b);
  const name = (x: ScreenEntity): string => (lang === 'zh' ? x.name_zh : x.name_en);
  const f: ScreenFinding = {
    edge_id: e.id,
    kind,
    severity: e.severity,
    drug: a.entity,
    other: b.entity,
    between: [name(a.entity), name(b.entity)],
    mechanism: lang === 'zh' ? e.mechanism_zh : e.mechanism_en,
    recommendation: lang === 'zh' ? e.recommendation_zh : e.recommendation_en,
    source: e.source,
    views: viewsOf(kind, e.severity),
  };
  if (e.references) f.references = e.references;
  return f;
}

function viewsOf(kind: ConflictKind, severity: Severity): SpecialistView[] {
  const own = VIEW_OF_KIND[kind];
  // Contraindications are the pharmacologist's too when they forbid the drug outright.
  const contraindication = (kind === 'drug-condition' || kind === 'drug-pregnancy') && severity === 'HIGH';
  return contraindication ? [own, 'pharmacologist'] : [own];
}

/** The same active ingredient in two products, where no class rule says more. */
function sameIngredient(a: Item, b: Item, lang: Lang): ScreenFinding {
  const zh = lang === 'zh';
  return {
    edge_id: `dup:same-ingredient:${a.entity.id}`,
    kind: 'duplicate',
    severity: 'MEDIUM',
    drug: a.entity,
    other: b.entity,
    between: [a.entity.mention, b.entity.mention],
    mechanism: zh ? '两种药品含有相同的活性成分，同时服用等于加倍剂量。' : 'Both products contain the same active ingredient; taking both doubles the dose.',
    recommendation: zh ? '确认是否为重复开药或自行加服，只保留一种。' : 'Check for a duplicate prescription or self-medication and keep one product only.',
    source: { name: 'Same active ingredient in two products (this request)', year: 2026 },
    views: ['pharmacologist'],
  };
}

/** An allergy to exactly this drug (or its class) when no allergen edge covers it. */
function selfAllergy(drug: Item, allergy: Item, lang: Lang): ScreenFinding | undefined {
  if (allergy.category !== 'allergy' || drug.category !== 'drug') return undefined;
  const target = allergy.entity.id;
  if (target.startsWith('allergy_') || !drug.ids.has(target)) return undefined;
  const zh = lang === 'zh';
  return {
    edge_id: `allergy:self:${target}:${drug.entity.id}`,
    kind: 'drug-allergy',
    severity: 'HIGH',
    drug: drug.entity,
    other: allergy.entity,
    between: [zh ? drug.entity.name_zh : drug.entity.name_en, zh ? `${allergy.entity.name_zh}过敏` : `${allergy.entity.name_en} allergy`],
    mechanism: zh ? '患者报告对该药物（或其所属类别）过敏，再次使用可再次发生过敏反应。' : 'The patient reports an allergy to this drug (or its class); re-exposure can cause the reaction again.',
    recommendation: zh ? '不要使用该药物，除非过敏专科评估后确认可以使用。' : 'Do not give this drug unless an allergy specialist has confirmed it is safe.',
    source: { name: 'Patient-reported allergy (this request)', year: 2026 },
    views: ['allergy'],
  };
}

function buildViews(findings: ScreenFinding[], blind: string[], lang: Lang): Record<SpecialistView, ViewResult> {
  const make = (view: SpecialistView): ViewResult => {
    const mine = findings.filter((f) => f.views.includes(view));
    const verdict = verdictOf(mine);
    return { view, verdict, findings: mine, text: renderView(view, { lang, verdict, findings: mine, blindSpots: blind }) };
  };
  return { pharmacologist: make('pharmacologist'), allergy: make('allergy'), internal_medicine: make('internal_medicine') };
}

function detectLang(input: ScreenInput): Lang {
  return input.text && hasCjk(input.text) ? 'zh' : input.text ? 'en' : 'en';
}

function validate(input: ScreenInput): void {
  if (typeof input !== 'object' || input === null) throw new MedGraphError('MEDGRAPH_BAD_INPUT', 'input must be an object');
  if (input.text !== undefined && (typeof input.text !== 'string' || input.text.length > MAX_TEXT_LENGTH)) {
    throw new MedGraphError('MEDGRAPH_BAD_INPUT', `text must be a string of at most ${MAX_TEXT_LENGTH} characters`);
  }
  const ctx = input.context;
  if (ctx === undefined) return;
  for (const key of ['drugs', 'allergies', 'conditions'] as const) {
    const v: unknown = ctx[key];
    if (v !== undefined && (!Array.isArray(v) || v.length > MAX_ITEMS)) {
      throw new MedGraphError('MEDGRAPH_BAD_INPUT', `context.${key} must be an array of at most ${MAX_ITEMS} entries`);
    }
  }
}

export { CONFLICT_KINDS, patternConditions };
export type { ConflictKind, SpecialistView };

export { ageBand };
