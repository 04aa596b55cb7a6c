import * as fs from 'node:fs';
import * as path from 'node:path';
import { MedGraphError } from './errors';
import { normalize, normalizeText, saltVariants } from './normalize';
import type { GraphEdge, GraphNode, LookupGroup, NodeKind } from './types';
import { checkReferences, parseEdges, parseNodes } from './validate';

/** The shipped graph; tools/build.js copies data/ beside the compiled src/, so this holds in dist too. */
export const DEFAULT_MEDGRAPH_DIR = path.join(__dirname, '..', '..', 'data', 'medgraph');

const GROUP_OF: Record<NodeKind, LookupGroup> = {
  drug: 'drug',
  drug_class: 'drug',
  condition: 'condition',
  food: 'food',
  allergen: 'allergen',
};

/** One alias as it appears in free text, with the node it names in each lookup group. */
export interface ScanEntry {
  text: string;
  ascii: boolean;
  targets: Partial<Record<LookupGroup, string>>;
}

export class MedicationGraph {
  private readonly byId: Map<string, GraphNode>;
  private readonly index = new Map<LookupGroup, Map<string, string>>();
  private readonly expansion = new Map<string, ReadonlySet<string>>();
  private readonly byEndpoint = new Map<string, GraphEdge[]>();
  private scanIndex: Map<string, ScanEntry[]> | undefined;

  private constructor(
    readonly nodes: readonly GraphNode[],
    readonly edges: readonly GraphEdge[],
  ) {
    this.byId = new Map(nodes.map((n) => [n.id, n]));
    this.buildAliasIndex();
    for (const e of edges) {
      this.push(this.byEndpoint, e.from, e);
      if (e.to !== e.from) this.push(this.byEndpoint, e.to, e);
    }
  }

  /** Validates raw JSON values (as parsed from nodes.json / edges.json) and builds the graph. */
  static fromData(nodesRaw: unknown, edgesRaw: unknown): MedicationGraph {
    const nodes = parseNodes(nodesRaw);
    const edges = parseEdges(edgesRaw);
    checkReferences(nodes, edges);
    return new MedicationGraph(nodes, edges);
  }

  /** One file per family: `nodes/*.json` (classes, drugs, conditions, …) and `edges/*.json` (ddi, allergy, …). */
  static load(dir: string = DEFAULT_MEDGRAPH_DIR): MedicationGraph {
    const data = readGraphData(dir);
    return MedicationGraph.fromData(data.nodes, data.edges);
  }

  node(id: string): GraphNode | undefined {
    return this.byId.get(id);
  }

  /** Exact alias lookup after normalisation, then salt-stripped variants. */
  resolve(term: string, group: LookupGroup): GraphNode | undefined {
    const idx = this.index.get(group);
    const norm = normalize(term);
    if (!idx || norm === '') return undefined;
    for (const key of [norm, ...saltVariants(norm)]) {
      const id = idx.get(key);
      if (id !== undefined) return this.byId.get(id);
    }
    return undefined;
  }

  /**
   * What a reported allergy refers to: an allergen node by name, else the allergen covering the
   * named drug (or one of its classes), else the drug itself (an allergy to exactly that drug).
   */
  resolveAllergy(term: string): GraphNode | undefined {
    const direct = this.resolve(term, 'allergen');
    if (direct) return direct;
    const drug = this.resolve(term, 'drug');
    return drug ? (this.allergenFor(drug) ?? drug) : undefined;
  }

  allergenFor(node: GraphNode): GraphNode | undefined {
    const ids = this.expand(node.id);
    return this.nodes.find((n) => n.kind === 'allergen' && (n.covers ?? []).some((c) => ids.has(c)));
  }

  /** The node plus everything that makes edges apply to it: its classes, implied conditions. */
  expand(id: string): ReadonlySet<string> {
    const cached = this.expansion.get(id);
    if (cached) return cached;
    const out = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const cur = stack.pop() as string;
      if (out.has(cur)) continue;
      out.add(cur);
      const n = this.byId.get(cur);
      stack.push(...(n?.classes ?? []), ...(n?.implies ?? []));
    }
    this.expansion.set(id, out);
    return out;
  }

  /** Every edge that applies to the pair, directly or through classes / implied conditions. */
  edgesBetween(a: string, b: string): GraphEdge[] {
    return this.edgesBetweenSets(this.expand(a), this.expand(b));
  }

  /** Every edge joining two expanded id sets (a combination product is the union of its ingredients'). */
  edgesBetweenSets(ea: ReadonlySet<string>, eb: ReadonlySet<string>): GraphEdge[] {
    const found = new Map<string, GraphEdge>();
    for (const x of ea) {
      for (const e of this.byEndpoint.get(x) ?? []) {
        if ((ea.has(e.from) && eb.has(e.to)) || (eb.has(e.from) && ea.has(e.to))) found.set(e.id, e);
      }
    }
    return [...found.values()];
  }

  /** Aliases that may start at a character of normalised text, longest first. */
  scanCandidates(firstChar: string): readonly ScanEntry[] {
    this.scanIndex ??= this.buildScanIndex();
    return this.scanIndex.get(firstChar) ?? [];
  }

  private buildAliasIndex(): void {
    for (const n of this.nodes) {
      const group = GROUP_OF[n.kind];
      let idx = this.index.get(group);
      if (!idx) this.index.set(group, (idx = new Map()));
      for (const name of [n.name_zh, n.name_en, ...n.aliases]) {
        const key = normalize(name);
        if (key === '') continue;
        const prev = idx.get(key);
        if (prev !== undefined && prev !== n.id) {
          throw new MedGraphError('MEDGRAPH_ALIAS_CONFLICT', `alias "${name}" names both ${prev} and ${n.id}`);
        }
        idx.set(key, n.id);
      }
    }
  }

  /** Built on the first free-text extraction, so loading stays cheap for list-only checks. */
  private buildScanIndex(): Map<string, ScanEntry[]> {
    const scan = new Map<string, ScanEntry>();
    for (const n of this.nodes) {
      for (const name of [n.name_zh, n.name_en, ...n.aliases]) {
        this.addScanEntry(scan, normalizeText(name).trim(), GROUP_OF[n.kind], n.id);
      }
    }
    const index = new Map<string, ScanEntry[]>();
    for (const entry of scan.values()) this.push(index, entry.text[0] ?? '', entry);
    for (const list of index.values()) list.sort((x, y) => y.text.length - x.text.length);
    return index;
  }

  private addScanEntry(scan: Map<string, ScanEntry>, text: string, group: LookupGroup, id: string): void {
    const ascii = !/[^\x20-\x7e]/.test(text);
    // One CJK character ("酒") or two Latin letters match inside too many unrelated words.
    if (text.length < (ascii ? 3 : 2)) return;
    const entry = scan.get(text) ?? { text, ascii, targets: {} };
    entry.targets[group] ??= id;
    scan.set(text, entry);
  }

  private push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
}

/** The raw node and edge lists of a graph directory, every family file concatenated (sorted by name). */
export function readGraphData(dir: string = DEFAULT_MEDGRAPH_DIR): { nodes: unknown[]; edges: unknown[] } {
  const family = (sub: 'nodes' | 'edges'): unknown[] => {
    const folder = path.join(dir, sub);
    let files: string[];
    try {
      files = fs.readdirSync(folder).filter((f) => f.endsWith('.json')).sort();
    } catch (cause) {
      throw new MedGraphError('MEDGRAPH_DATA_UNREADABLE', `cannot list medication graph folder ${sub}/`, { cause });
    }
    return files.flatMap((f) => {
      const raw = readJson(path.join(folder, f));
      const list = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[sub] : undefined;
      if (!Array.isArray(list)) throw new MedGraphError('MEDGRAPH_SCHEMA', `${sub}/${f}: expected {"${sub}": [...]}`);
      return list as unknown[];
    });
  };
  return { nodes: family('nodes'), edges: family('edges') };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (cause) {
    throw new MedGraphError('MEDGRAPH_DATA_UNREADABLE', `cannot read medication graph file ${path.basename(file)}`, {
      cause,
    });
  }
}
