#!/usr/bin/env node
'use strict';
// Reproducible ONC coverage report for the medication graph.
//
//   node libs/knowledge/data/medgraph/derive-onc.js [path/to/ONC_High_Priority_Mapped.csv] [--groups]
//
// 1. Reads the ONC high-priority DDI list (Phansalkar et al., JAMIA 2012) expanded to drug
//    pairs (`$`-separated: drug, DrugBank id, drug, DrugBank id).
// 2. With --groups, prints the drugs grouped by identical partner sets: the evidence from which
//    the classes in onc-classes.json were derived.
// 3. Assigns every CSV pair to the first class pair of onc-classes.json that explains it and checks
//    that the graph (nodes.json + edges.json, class edges applying to member drugs) holds a HIGH
//    edge between the two drugs. Exits 1 if any pair is unexplained, unresolved or uncovered.
// Only identifiers from the CSV are used; no DrugBank text is read or shipped.
const fs = require('node:fs');
const path = require('node:path');

const here = __dirname;
const args = process.argv.slice(2);
const showGroups = args.includes('--groups');
const csvArg = args.find((a) => !a.startsWith('--'));
const sharedData = process.env.MEDAGENT_SHARED_DATA || path.resolve(here, '../../../../../shared/data');
const readJson = (f) => JSON.parse(fs.readFileSync(path.join(here, f), 'utf8'));

const onc = readJson('onc-classes.json');
const csvPath = csvArg || path.join(sharedData, onc.csv);
if (!fs.existsSync(csvPath)) {
  process.stderr.write(`derive-onc: ONC CSV not found at ${csvPath}\n`);
  process.exit(1);
}

const rows = fs
  .readFileSync(csvPath, 'utf8')
  .replace(/^\uFEFF/, '')
  .split(/\r?\n/)
  .filter((l) => l.trim())
  .map((l) => l.split('$'))
  .map(([a, , b]) => [a.trim(), b.trim()]);

const unique = new Map();
for (const [a, b] of rows) unique.set([a, b].sort().join('|'), [a, b].sort());
const pairs = [...unique.values()];

if (showGroups) {
  const partners = new Map();
  for (const [a, b] of pairs) {
    if (!partners.has(a)) partners.set(a, new Set());
    if (!partners.has(b)) partners.set(b, new Set());
    partners.get(a).add(b);
    partners.get(b).add(a);
  }
  const groups = new Map();
  for (const [drug, set] of partners) {
    const key = [...set].sort().join(', ');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(drug);
  }
  console.log('Drugs grouped by identical partner sets:');
  for (const [key, drugs] of [...groups].sort((x, y) => y[1].length - x[1].length)) {
    const partnersText = key.split(', ').length > 12 ? `${key.split(', ').length} partners` : key;
    console.log(`  [${drugs.sort().join(', ')}] -> ${partnersText}`);
  }
  console.log('');
}

// Resolve CSV names to graph drug nodes by exact (case-insensitive) name or alias.
const family = (sub) =>
  fs.readdirSync(path.join(__dirname, sub)).filter((f) => f.endsWith('.json')).sort().flatMap((f) => readJson(path.join(sub, f))[sub]);
const nodes = family('nodes');
const edges = family('edges');
const byName = new Map();
const nodeById = new Map(nodes.map((n) => [n.id, n]));
for (const n of nodes) {
  if (n.kind !== 'drug') continue;
  for (const name of [n.name_en, ...n.aliases]) byName.set(name.toLowerCase(), n.id);
}
const expand = (id) => new Set([id, ...(nodeById.get(id).classes || [])]);
const highEdges = edges.filter((e) => e.severity === 'HIGH');
function coveringEdges(idA, idB) {
  const ea = expand(idA);
  const eb = expand(idB);
  return highEdges.filter((e) => (ea.has(e.from) && eb.has(e.to)) || (eb.has(e.from) && ea.has(e.to)));
}

const classOf = (name, cls) => (onc.classes[cls] || []).includes(name);
const report = onc.class_pairs.map((cp) => ({ ...cp, pairs: 0, covered: 0, edges: new Set(), missing: [] }));
const unexplained = [];
const unresolved = new Set();

for (const [a, b] of pairs) {
  const slot = report.find(
    (cp) => (classOf(a, cp.a) && classOf(b, cp.b)) || (classOf(b, cp.a) && classOf(a, cp.b)),
  );
  if (!slot) {
    unexplained.push(`${a} + ${b}`);
    continue;
  }
  slot.pairs += 1;
  const idA = byName.get(a.toLowerCase());
  const idB = byName.get(b.toLowerCase());
  if (!idA) unresolved.add(a);
  if (!idB) unresolved.add(b);
  if (!idA || !idB) {
    slot.missing.push(`${a} + ${b}`);
    continue;
  }
  const cover = coveringEdges(idA, idB);
  if (cover.length === 0) slot.missing.push(`${a} + ${b}`);
  else {
    slot.covered += 1;
    for (const e of cover) slot.edges.add(e.id);
  }
}

console.log(`ONC mapped list: ${rows.length} rows, ${pairs.length} distinct drug pairs, ${onc.class_pairs.length} class pairs`);
console.log('');
for (const r of report) {
  const status = r.pairs > 0 && r.covered === r.pairs ? 'OK  ' : 'FAIL';
  console.log(`${status} ${r.label.padEnd(52)} ${String(r.covered).padStart(4)}/${String(r.pairs).padEnd(4)} ${[...r.edges].join(', ')}`);
  for (const m of r.missing.slice(0, 5)) console.log(`       uncovered: ${m}`);
}
const coveredPairs = report.reduce((s, r) => s + r.covered, 0);
const coveredClassPairs = report.filter((r) => r.pairs > 0 && r.covered === r.pairs).length;
const oncTagged = edges.filter((e) => (e.tags || []).includes('onc')).length;
console.log('');
console.log(`class pairs covered: ${coveredClassPairs}/${report.length}; drug pairs covered: ${coveredPairs}/${pairs.length}`);
console.log(`graph edges tagged "onc": ${oncTagged} (also covering ONC interactions absent from the mapped CSV: ${onc.not_in_mapped_csv.join('; ')})`);
if (unexplained.length) console.log(`pairs outside every class pair: ${unexplained.length}: ${unexplained.slice(0, 10).join('; ')}`);
if (unresolved.size) console.log(`CSV drugs without a graph node: ${[...unresolved].join(', ')}`);

const ok = unexplained.length === 0 && unresolved.size === 0 && coveredPairs === pairs.length && report.every((r) => r.pairs > 0);
process.exit(ok ? 0 : 1);
