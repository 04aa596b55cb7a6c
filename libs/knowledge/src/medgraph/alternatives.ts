// Safer alternatives per edge (data/medgraph/alternatives.json), offered as CDS Hooks suggestions.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MedGraphError } from './errors';
import { DEFAULT_MEDGRAPH_DIR, type MedicationGraph } from './graph';
import type { GraphNode, SourceRef } from './types';

interface Alternative {
  edge: string;
  replace: string;
  with: string;
  source: SourceRef;
}

let cached: Alternative[] | undefined;

function load(dir: string): Alternative[] {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(dir, 'alternatives.json'), 'utf8')) as { alternatives?: Alternative[] };
    if (!Array.isArray(raw.alternatives)) throw new Error('no list');
    return raw.alternatives;
  } catch (cause) {
    throw new MedGraphError('MEDGRAPH_DATA_UNREADABLE', 'cannot read alternatives.json', { cause });
  }
}

/** The alternative to the ordered drug (its expanded ids) for this edge, if the data names one. */
export function alternativeFor(graph: MedicationGraph, edgeId: string, ordered: ReadonlySet<string>, dir: string = DEFAULT_MEDGRAPH_DIR): { node: GraphNode; source: SourceRef } | undefined {
  cached ??= load(dir);
  for (const a of cached) {
    if (a.edge !== edgeId || !ordered.has(a.replace)) continue;
    const node = graph.node(a.with);
    if (node && !ordered.has(node.id)) return { node, source: a.source };
  }
  return undefined;
}
