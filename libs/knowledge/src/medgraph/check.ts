import { MedGraphError } from './errors';
import { MAX_TEXT_LENGTH, extractEntities } from './extract';
import type { MedicationGraph } from './graph';
import { hasCjk } from './normalize';
import { renderForRole } from './serialize';
import {
  ROLES,
  type Conflict,
  type EdgeType,
  type EntityRef,
  type GraphEdge,
  type GraphNode,
  type Lang,
  type Role,
  type SafetyInput,
  type SafetyResult,
  type Severity,
  type Verdict,
} from './types';

type Category = 'drug' | 'condition' | 'food' | 'allergy';
interface Entity {
  category: Category;
  ref: EntityRef;
}

const SEVERITY_RANK: Record<Severity, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };
const MAX_ITEMS = 100;
const MAX_TERM_LENGTH = 200;

/** Which entity categories an edge type may join; anything else is not a conflict. */
const TYPE_FITS: Record<EdgeType, (a: Category, b: Category) => boolean> = {
  DDI: (a, b) => a === 'drug' && b === 'drug',
  CONTRAINDICATION: (a, b) => (a === 'drug' && b === 'condition') || (a === 'condition' && b === 'drug'),
  FOOD_DRUG: (a, b) => (a === 'drug' && b === 'food') || (a === 'food' && b === 'drug'),
  CROSS_ALLERGY: (a, b) => (a === 'allergy' && b === 'drug') || (a === 'drug' && b === 'allergy'),
  DUPLICATE: (a, b) => a === 'drug' && b === 'drug',
};

/**
 * Checks a medication list (and/or free text) against the graph and returns the view of the
 * given role: only conflicts visible to it, how many were hidden, and unrecognised entities.
 */
export function checkMedicationSafety(graph: MedicationGraph, input: SafetyInput, role: Role): SafetyResult {
  validate(input, role);
  const lang = detectLang(input);
  const blind: string[] = [];
  const entities: Entity[] = [];
  const add = (category: Category, ref: EntityRef): void => {
    if (!entities.some((e) => e.category === category && e.ref.id === ref.id)) entities.push({ category, ref });
  };
  const explicit = (terms: string[] | undefined, category: Category, resolve: (t: string) => GraphNode | undefined): void => {
    for (const raw of terms ?? []) {
      const term = raw.trim();
      if (term === '') continue;
      const node = resolve(term);
      if (node) add(category, toRef(node, term));
      else if (!blind.includes(term)) blind.push(term);
    }
  };
  explicit(input.drugs, 'drug', (t) => graph.resolve(t, 'drug') ?? coveredClass(graph, t));
  explicit(input.conditions, 'condition', (t) => graph.resolve(t, 'condition'));
  explicit(input.foods, 'food', (t) => graph.resolve(t, 'food'));
  explicit(input.allergies, 'allergy', (t) => graph.resolveAllergy(t));
  if (input.text) {
    const found = extractEntities(graph, input.text);
    found.drugs.forEach((r) => add('drug', r));
    found.conditions.forEach((r) => add('condition', r));
    found.foods.forEach((r) => add('food', r));
    found.allergies.forEach((r) => add('allergy', r));
    for (const w of found.unrecognized) if (!blind.includes(w)) blind.push(w);
  }

  dropImpliedConditions(graph, entities);
  const all = findConflicts(graph, entities, lang);
  const visible = all.filter((c) => c.visibleTo.includes(role)).map((c) => c.conflict);
  const verdict = verdictOf(visible);
  const byCat = (c: Category): EntityRef[] => entities.filter((e) => e.category === c).map((e) => e.ref);
  return {
    role,
    lang,
    verdict,
    conflicts: visible,
    hidden_conflict_count: all.length - visible.length,
    blind_spots: blind,
    normalized: { drugs: byCat('drug'), conditions: byCat('condition'), foods: byCat('food'), allergies: byCat('allergy') },
    text: renderForRole(role, { lang, verdict, conflicts: visible, hidden: all.length - visible.length, blindSpots: blind }),
  };
}

/** "孕晚期" already carries "pregnancy": keep the specific condition so a pair is reported once. */
function dropImpliedConditions(graph: MedicationGraph, entities: Entity[]): void {
  const conditions = entities.filter((e) => e.category === 'condition');
  for (const c of conditions) {
    const impliedByOther = conditions.some((d) => d !== c && graph.expand(d.ref.id).has(c.ref.id));
    if (impliedByOther) entities.splice(entities.indexOf(c), 1);
  }
}

export function verdictOf(conflicts: readonly Conflict[]): Verdict {
  if (conflicts.some((c) => c.severity === 'HIGH')) return 'blocked';
  if (conflicts.some((c) => c.severity === 'MEDIUM')) return 'caution';
  return 'ok';
}

interface Found {
  conflict: Conflict;
  visibleTo: readonly Role[];
}

function findConflicts(graph: MedicationGraph, entities: readonly Entity[], lang: Lang): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < entities.length; i += 1) {
    for (let j = i + 1; j < entities.length; j += 1) {
      const a = entities[i] as Entity;
      const b = entities[j] as Entity;
      const best = new Map<EdgeType, GraphEdge>();
      for (const e of graph.edgesBetween(a.ref.id, b.ref.id)) {
        if (!TYPE_FITS[e.type](a.category, b.category)) continue;
        const cur = best.get(e.type);
        if (!cur || better(e, cur, a.ref.id, b.ref.id)) best.set(e.type, e);
      }
      for (const e of best.values()) out.push({ conflict: toConflict(graph, e, a.ref, b.ref, lang), visibleTo: e.visible_to });
      const self = selfAllergy(graph, a, b, lang) ?? selfAllergy(graph, b, a, lang);
      if (self && best.size === 0) out.push({ conflict: self, visibleTo: ROLES });
    }
  }
  return out.sort((x, y) => SEVERITY_RANK[y.conflict.severity] - SEVERITY_RANK[x.conflict.severity]);
}

/** Higher severity wins (a specific edge never downgrades a class warning); then specificity. */
function better(e: GraphEdge, cur: GraphEdge, a: string, b: string): boolean {
  const ds = SEVERITY_RANK[e.severity] - SEVERITY_RANK[cur.severity];
  if (ds !== 0) return ds > 0;
  const spec = (x: GraphEdge): number => Number(x.from === a || x.from === b) + Number(x.to === a || x.to === b);
  return spec(e) > spec(cur);
}

function toConflict(graph: MedicationGraph, e: GraphEdge, a: EntityRef, b: EntityRef, lang: Lang): Conflict {
  const name = (r: { name_zh: string; name_en: string }): string => (lang === 'zh' ? r.name_zh : r.name_en);
  // Present the pair in edge direction: the entity the edge's `from` applies to comes first.
  const [first, second] = graph.expand(a.id).has(e.from) && graph.expand(b.id).has(e.to) ? [a, b] : [b, a];
  const from = graph.node(e.from);
  const to = graph.node(e.to);
  const conflict: Conflict = {
    edge_id: e.id,
    type: e.type,
    severity: e.severity,
    between: [name(first), name(second)],
    between_ids: [first.id, second.id],
    mechanism: lang === 'zh' ? e.mechanism_zh : e.mechanism_en,
    recommendation: lang === 'zh' ? e.recommendation_zh : e.recommendation_en,
    source: e.source,
  };
  if (from && to && (e.from !== first.id || e.to !== second.id)) conflict.via = [name(from), name(to)];
  if (e.references) conflict.references = e.references;
  return conflict;
}

/** An allergy to exactly this drug (or its class) when no allergen node covers it. */
function selfAllergy(graph: MedicationGraph, allergy: Entity, drug: Entity, lang: Lang): Conflict | undefined {
  if (allergy.category !== 'allergy' || drug.category !== 'drug' || allergy.ref.kind === 'allergen') return undefined;
  if (!graph.expand(drug.ref.id).has(allergy.ref.id)) return undefined;
  const zh = lang === 'zh';
  const allergyName = zh ? `${allergy.ref.name_zh}过敏` : `${allergy.ref.name_en} allergy`;
  return {
    edge_id: `allergy:self:${allergy.ref.id}:${drug.ref.id}`,
    type: 'CROSS_ALLERGY',
    severity: 'HIGH',
    between: [allergyName, zh ? drug.ref.name_zh : drug.ref.name_en],
    between_ids: [allergy.ref.id, drug.ref.id],
    mechanism: zh ? '患者报告对该药物（或其所属类别）过敏，再次使用可再次发生过敏反应。' : 'The patient reports an allergy to this drug (or its class); re-exposure can cause the reaction again.',
    recommendation: zh
      ? '不要使用该药物，除非过敏专科评估后确认可以使用。'
      : 'Do not give this drug unless an allergy specialist has confirmed it is safe.',
    source: { name: 'Patient-reported allergy in this request', year: new Date().getUTCFullYear() },
  };
}

function coveredClass(graph: MedicationGraph, term: string): GraphNode | undefined {
  const allergen = graph.resolve(term, 'allergen');
  const first = allergen?.covers?.[0];
  return first === undefined ? undefined : graph.node(first);
}

function toRef(node: GraphNode, mention: string): EntityRef {
  return { id: node.id, kind: node.kind, name_zh: node.name_zh, name_en: node.name_en, mention };
}

function detectLang(input: SafetyInput): Lang {
  if (input.lang) return input.lang;
  const all = [input.text ?? '', ...(input.drugs ?? []), ...(input.conditions ?? []), ...(input.foods ?? []), ...(input.allergies ?? [])];
  if (all.some(hasCjk)) return 'zh';
  return all.some((s) => /[a-z]/i.test(s)) ? 'en' : 'zh';
}

function validate(input: SafetyInput, role: Role): void {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new MedGraphError('MEDGRAPH_BAD_ROLE', `unknown role; expected one of ${ROLES.join('|')}`);
  }
  if (typeof input !== 'object' || input === null) throw new MedGraphError('MEDGRAPH_BAD_INPUT', 'input must be an object');
  for (const key of ['drugs', 'conditions', 'foods', 'allergies'] as const) {
    const v: unknown = input[key];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.length > MAX_ITEMS || !v.every((t) => typeof t === 'string' && t.length <= MAX_TERM_LENGTH)) {
      throw new MedGraphError('MEDGRAPH_BAD_INPUT', `${key} must be an array of at most ${MAX_ITEMS} short strings`);
    }
  }
  const text: unknown = input.text;
  if (text !== undefined && (typeof text !== 'string' || text.length > MAX_TEXT_LENGTH)) {
    throw new MedGraphError('MEDGRAPH_BAD_INPUT', `text must be a string of at most ${MAX_TEXT_LENGTH} characters`);
  }
  const lang: unknown = input.lang;
  if (lang !== undefined && lang !== 'zh' && lang !== 'en') throw new MedGraphError('MEDGRAPH_BAD_INPUT', 'lang must be "zh" or "en"');
}
