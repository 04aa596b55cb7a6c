import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MedGraphError } from './errors';
import { MedicationGraph, readGraphData } from './graph';
import type { GraphEdge, GraphNode } from './types';

const data = readGraphData();
const nodes = data.nodes as GraphNode[];
const edges = data.edges as GraphEdge[];
const graph = MedicationGraph.fromData({ nodes }, { edges });

function loadError(n: unknown, e: unknown): MedGraphError {
  try {
    MedicationGraph.fromData(n, e);
  } catch (err) {
    if (err instanceof MedGraphError) return err;
    throw err;
  }
  throw new Error('expected the graph to be rejected');
}

describe('MedicationGraph data', () => {
  it('ships at least 130 edges across all five edge types and all five node kinds', () => {
    expect(graph.edges.length).toBeGreaterThanOrEqual(130);
    expect(new Set(graph.edges.map((e) => e.type))).toEqual(new Set(['DDI', 'CONTRAINDICATION', 'FOOD_DRUG', 'CROSS_ALLERGY', 'DUPLICATE']));
    expect(new Set(graph.nodes.map((n) => n.kind))).toEqual(new Set(['drug', 'drug_class', 'condition', 'food', 'allergen']));
  });

  it('follows the documented visibility rules', () => {
    for (const e of graph.edges) {
      if (e.severity === 'HIGH') expect(e.visible_to).toContain('triage');
      if (e.type === 'FOOD_DRUG') expect(e.visible_to).not.toContain('research');
      if (e.type !== 'FOOD_DRUG') expect(e.visible_to).toContain('research');
      if (e.type !== 'DDI') expect(e.visible_to).toContain('consultation');
    }
    const triageOnly = graph.edges.filter((e) => e.severity === 'HIGH' && !e.visible_to.includes('consultation'));
    expect(triageOnly.length).toBeGreaterThan(0);
  });

  it('never softens the recommendation of a HIGH edge', () => {
    const soft = /may consider|generally fine|usually fine|usually acceptable|可以考虑|一般没问题|通常可以|一般可以/i;
    for (const e of graph.edges.filter((x) => x.severity === 'HIGH')) {
      expect(`${e.id}: ${e.recommendation_zh} ${e.recommendation_en}`).not.toMatch(soft);
    }
  });

  it('cites a source for every edge', () => {
    for (const e of graph.edges) {
      expect(e.source.name.length).toBeGreaterThan(5);
      expect(e.source.year).toBeGreaterThan(1990);
    }
  });

  it('applies class-level edges to member drugs and implied conditions', () => {
    expect(graph.expand('ibuprofen').has('nsaid')).toBe(true);
    expect(graph.expand('pregnancy_third_trimester').has('pregnancy')).toBe(true);
    expect(graph.edgesBetween('warfarin', 'naproxen').map((e) => e.id)).toContain('ddi:warfarin:nsaid');
    expect(graph.edgesBetween('citalopram', 'ondansetron').map((e) => e.id)).toContain('ddi:qt_prolonging:qt_prolonging');
  });

  it('resolves aliases, brands and salts in both languages', () => {
    const id = (t: string): string | undefined => graph.resolve(t, 'drug')?.id;
    expect(['华法林', 'Coumadin', 'warfarin sodium', '华法林钠片 2.5mg'].map(id)).toEqual(Array(4).fill('warfarin'));
    expect(['布洛芬', '芬必得', 'Advil', 'MOTRIN', 'ibuprofen'].map(id)).toEqual(Array(5).fill('ibuprofen'));
    expect(['阿司匹林', '拜阿司匹灵', 'aspirin', 'ASA'].map(id)).toEqual(Array(4).fill('aspirin'));
    expect(id('盐酸二甲双胍缓释片')).toBe('metformin');
    expect(graph.resolveAllergy('阿莫西林')?.id).toBe('allergy_penicillin');
    expect(graph.resolve('孕晚期', 'condition')?.id).toBe('pregnancy_third_trimester');
  });
});

describe('MedicationGraph validation', () => {
  const drug = (id: string, extra: Partial<GraphNode> = {}): GraphNode => ({
    id, kind: 'drug', name_zh: id, name_en: id, aliases: [], ...extra,
  });
  const edge = (extra: Partial<GraphEdge> = {}): GraphEdge => ({
    id: 'ddi:a:b', type: 'DDI', from: 'a', to: 'b', severity: 'HIGH', mechanism_zh: 'm', mechanism_en: 'm',
    recommendation_zh: 'r', recommendation_en: 'r', visible_to: ['triage'], source: { name: 'test source', year: 2020 }, ...extra,
  });

  it('rejects an edge pointing at an unknown node', () => {
    expect(loadError([drug('a')], [edge()]).code).toBe('MEDGRAPH_UNKNOWN_NODE');
  });
  it('rejects duplicate node and edge ids', () => {
    expect(loadError([drug('a'), drug('a')], []).code).toBe('MEDGRAPH_DUPLICATE_ID');
    expect(loadError([drug('a'), drug('b')], [edge(), edge()]).code).toBe('MEDGRAPH_DUPLICATE_ID');
  });
  it('rejects a bad severity and an unknown role', () => {
    expect(loadError([drug('a'), drug('b')], [{ ...edge(), severity: 'SEVERE' }]).code).toBe('MEDGRAPH_BAD_SEVERITY');
    expect(loadError([drug('a'), drug('b')], [{ ...edge(), visible_to: ['doctor'] }]).code).toBe('MEDGRAPH_BAD_ROLE');
  });
  it('rejects one alias naming two drugs and classes that are not classes', () => {
    expect(loadError([drug('a', { aliases: ['X'] }), drug('b', { aliases: ['x'] })], []).code).toBe('MEDGRAPH_ALIAS_CONFLICT');
    expect(loadError([drug('a', { classes: ['b'] }), drug('b')], []).code).toBe('MEDGRAPH_SCHEMA');
  });
  it('reports an unreadable data directory with a code, a name and the cause', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medgraph-'));
    let err: unknown;
    try {
      MedicationGraph.load(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MedGraphError);
    expect((err as MedGraphError).name).toBe('MedGraphError');
    expect((err as MedGraphError).code).toBe('MEDGRAPH_DATA_UNREADABLE');
    expect((err as MedGraphError).cause).toBeDefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
