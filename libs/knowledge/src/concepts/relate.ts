// Relating concept lists through the topic hierarchy: two concepts relate when they are the same
// id or belong to a common (non-weak) topic, e.g. sym:chest-pain and icd:I21 through topic:acs.
import { defaultMedicationGraph } from '../medgraph';
import { defaultConceptData } from './extract';
import type { Concept, ConceptData, TopicNode } from './types';

interface Relations {
  byIcdLetter: Map<string, { from: number; to: number; topic: string }[]>;
  bySymptom: Map<string, string[]>;
  byDrug: Map<string, string[]>;
  byEntry: Map<string, string[]>;
  parents: Map<string, string[]>;
  weak: Set<string>;
  cache: Map<string, ReadonlySet<string>>;
}

let relations: Relations | undefined;

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function build(data: ConceptData): Relations {
  const r: Relations = {
    byIcdLetter: new Map(),
    bySymptom: new Map(),
    byDrug: new Map(),
    byEntry: new Map(),
    parents: new Map(),
    weak: new Set(data.entries.filter((e) => e.weak).map((e) => e.id)),
    cache: new Map(),
  };
  const addTopic = (t: TopicNode): void => {
    r.parents.set(t.id, t.parents);
    for (const range of t.icd) {
      const [a, b = a] = range.split('-') as [string, string?];
      const letter = a.slice(0, 1);
      const list = r.byIcdLetter.get(letter) ?? [];
      list.push({ from: Number(a.slice(1)), to: Number(b.slice(1)), topic: t.id });
      r.byIcdLetter.set(letter, list);
    }
    for (const s of t.symptoms) push(r.bySymptom, `sym:${s}`, t.id);
    for (const d of t.drugs) push(r.byDrug, d, t.id);
  };
  data.topics.forEach(addTopic);
  for (const e of data.entries) r.byEntry.set(e.id, e.topics);
  return r;
}

function rel(): Relations {
  relations ??= build(defaultConceptData());
  return relations;
}

function directTopics(r: Relations, id: string): string[] {
  const [prefix, rest = ''] = id.split(/:(.*)/s) as [string, string?];
  if (prefix === 'icd') {
    const n = Number(rest.slice(1, 3));
    return (r.byIcdLetter.get(rest.slice(0, 1)) ?? []).filter((x) => n >= x.from && n <= x.to).map((x) => x.topic);
  }
  if (prefix === 'sym') return r.bySymptom.get(id) ?? [];
  if (prefix === 'drug') {
    const out: string[] = [];
    for (const n of defaultMedicationGraph().expand(rest)) out.push(...(r.byDrug.get(n) ?? []));
    return out;
  }
  return [...(r.byEntry.get(id) ?? []), ...(r.parents.has(id) ? [id] : [])];
}

/** The hierarchy topic a KB topic slug names ("hypertension" → "topic:hypertension"), if any. */
export function topicForSlug(slug: string): string | undefined {
  const id = `topic:${slug}`;
  return rel().parents.has(id) ? id : undefined;
}

/** The concept id, the topics it belongs to and their ancestors. */
export function expandConcept(id: string): ReadonlySet<string> {
  const r = rel();
  const cached = r.cache.get(id);
  if (cached) return cached;
  const out = new Set<string>([id]);
  const stack = directTopics(r, id);
  while (stack.length > 0) {
    const t = stack.pop() as string;
    if (out.has(t)) continue;
    out.add(t);
    stack.push(...(r.parents.get(t) ?? []));
  }
  r.cache.set(id, out);
  return out;
}

/** Context concepts (population, lifestyle) that alone do not make a text on topic. */
export function isWeakConcept(id: string): boolean {
  return rel().weak.has(id);
}

function expandAll(ids: readonly string[]): { strong: Set<string>; all: Set<string> } {
  const strong = new Set<string>();
  const all = new Set<string>();
  for (const id of ids)
    for (const x of expandConcept(id)) {
      all.add(x);
      if (!isWeakConcept(x)) strong.add(x);
    }
  return { strong, all };
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) return true;
  return false;
}

/**
 * True when the two lists name a common concept, directly or through a common topic. Weak
 * (context) concepts count only when one side has no specific concept at all.
 */
export function sharesConcept(a: readonly Concept[], b: readonly Concept[]): boolean {
  return sharesConceptIds(
    a.map((c) => c.id),
    b.map((c) => c.id),
  );
}

/** sharesConcept over bare ids (as stored in an index's concept table). */
export function sharesConceptIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const ea = expandAll(a);
  const eb = expandAll(b);
  if (intersects(ea.strong, eb.strong)) return true;
  if (ea.strong.size > 0 && eb.strong.size > 0) return false;
  return intersects(ea.all, eb.all);
}
