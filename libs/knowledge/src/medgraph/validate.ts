// Structural validation of the graph JSON. The data is edited by hand, so every mistake
// that would silently weaken a safety check (a typo in an edge endpoint, a misspelt severity,
// a role nobody has) must stop the load instead.
import { MedGraphError } from './errors';
import {
  EDGE_TYPES,
  NODE_KINDS,
  ROLES,
  SEVERITIES,
  type EdgeType,
  type GraphEdge,
  type GraphNode,
  type NodeKind,
  type Role,
  type Severity,
  type SourceRef,
} from './types';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrArr = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const includes = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

function schema(msg: string): MedGraphError {
  return new MedGraphError('MEDGRAPH_SCHEMA', msg);
}

function str(r: Rec, key: string, where: string): string {
  const v = r[key];
  if (typeof v !== 'string' || v.trim() === '') throw schema(`${where}: "${key}" must be a non-empty string`);
  return v;
}

function optStrArr(r: Rec, key: string, where: string): string[] | undefined {
  const v = r[key];
  if (v === undefined) return undefined;
  if (!isStrArr(v)) throw schema(`${where}: "${key}" must be an array of strings`);
  return v;
}

function parseSource(v: unknown, where: string): SourceRef {
  if (!isRec(v)) throw schema(`${where}: source must be an object`);
  const name = str(v, 'name', `${where}.source`);
  const year = v['year'];
  if (typeof year !== 'number' || !Number.isInteger(year) || year < 1900 || year > 2100) {
    throw schema(`${where}.source: "year" must be a plausible integer year`);
  }
  const url = v['url'];
  if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\//.test(url))) {
    throw schema(`${where}.source: "url" must be an http(s) URL`);
  }
  return typeof url === 'string' ? { name, year, url } : { name, year };
}

export function parseNodes(raw: unknown): GraphNode[] {
  const list = isRec(raw) ? raw['nodes'] : raw;
  if (!Array.isArray(list)) throw schema('nodes: expected an array (or {"nodes": [...]})');
  const seen = new Set<string>();
  return list.map((item, i) => {
    if (!isRec(item)) throw schema(`nodes[${i}]: must be an object`);
    const id = str(item, 'id', `nodes[${i}]`);
    const where = `node ${id}`;
    if (seen.has(id)) throw new MedGraphError('MEDGRAPH_DUPLICATE_ID', `duplicate node id: ${id}`);
    seen.add(id);
    const kind = item['kind'];
    if (!includes<NodeKind>(NODE_KINDS, kind)) throw schema(`${where}: unknown kind`);
    const aliases = optStrArr(item, 'aliases', where) ?? [];
    const node: GraphNode = { id, kind, name_zh: str(item, 'name_zh', where), name_en: str(item, 'name_en', where), aliases };
    const classes = optStrArr(item, 'classes', where);
    const implies = optStrArr(item, 'implies', where);
    const covers = optStrArr(item, 'covers', where);
    if (classes) node.classes = classes;
    if (implies) node.implies = implies;
    if (covers) node.covers = covers;
    return node;
  });
}

export function parseEdges(raw: unknown): GraphEdge[] {
  const list = isRec(raw) ? raw['edges'] : raw;
  if (!Array.isArray(list)) throw schema('edges: expected an array (or {"edges": [...]})');
  return list.map((item, i) => {
    if (!isRec(item)) throw schema(`edges[${i}]: must be an object`);
    const id = str(item, 'id', `edges[${i}]`);
    const where = `edge ${id}`;
    const type = item['type'];
    if (!includes<EdgeType>(EDGE_TYPES, type)) throw schema(`${where}: unknown type`);
    const severity = item['severity'];
    if (!includes<Severity>(SEVERITIES, severity)) {
      throw new MedGraphError('MEDGRAPH_BAD_SEVERITY', `${where}: severity must be one of ${SEVERITIES.join('|')}`);
    }
    const visible = item['visible_to'];
    if (!Array.isArray(visible) || !visible.every((r) => includes<Role>(ROLES, r))) {
      throw new MedGraphError('MEDGRAPH_BAD_ROLE', `${where}: visible_to must list roles from ${ROLES.join('|')}`);
    }
    const edge: GraphEdge = {
      id,
      type,
      from: str(item, 'from', where),
      to: str(item, 'to', where),
      severity,
      mechanism_zh: str(item, 'mechanism_zh', where),
      mechanism_en: str(item, 'mechanism_en', where),
      recommendation_zh: str(item, 'recommendation_zh', where),
      recommendation_en: str(item, 'recommendation_en', where),
      visible_to: [...new Set(visible)],
      source: parseSource(item['source'], where),
    };
    const refs = item['references'];
    if (refs !== undefined) {
      if (!Array.isArray(refs)) throw schema(`${where}: references must be an array`);
      edge.references = refs.map((r, j) => parseSource(r, `${where}.references[${j}]`));
    }
    const tags = optStrArr(item, 'tags', where);
    if (tags) edge.tags = tags;
    return edge;
  });
}

/** Cross-references: every id an edge or node points to must exist and have the right kind. */
export function checkReferences(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const need = (id: string, where: string, kinds?: readonly NodeKind[]): void => {
    const n = byId.get(id);
    if (!n) throw new MedGraphError('MEDGRAPH_UNKNOWN_NODE', `${where} refers to unknown node id: ${id}`);
    if (kinds && !kinds.includes(n.kind)) throw schema(`${where}: ${id} must be a ${kinds.join(' or ')}`);
  };
  for (const n of nodes) {
    for (const c of n.classes ?? []) need(c, `node ${n.id}.classes`, ['drug_class']);
    for (const c of n.implies ?? []) need(c, `node ${n.id}.implies`, ['condition']);
    for (const c of n.covers ?? []) need(c, `node ${n.id}.covers`, ['drug', 'drug_class']);
  }
  const edgeIds = new Set<string>();
  for (const e of edges) {
    if (edgeIds.has(e.id)) throw new MedGraphError('MEDGRAPH_DUPLICATE_ID', `duplicate edge id: ${e.id}`);
    edgeIds.add(e.id);
    need(e.from, `edge ${e.id}.from`);
    need(e.to, `edge ${e.id}.to`);
  }
}
