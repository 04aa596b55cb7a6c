// Comparing with an earlier rules version: its decisions were exported once, as a frozen JSON
// snapshot (eval/snapshots/<version>.decisions.json, keyed by a hash of the text), so no old
// rules code is kept. Cases the snapshot does not hold are left out of the comparison and counted.
import { createHash } from 'node:crypto';
import { InvalidEvalCasesError } from '../errors';
import type { PreRiskResult } from '../types';
import type { PreRiskAnalysis, PreRiskGate } from './gate';
import { comparePreRisk, type PreRiskCase, type PreRiskComparison } from './evaluate';

export const SNAPSHOT_FORMAT = 'medagent-prerisk-decisions/1';

export interface DecisionSnapshot {
  format: string;
  rules_version: string;
  decisions: Readonly<Record<string, { decision: 'ESCALATE' | 'PASS'; category: string }>>;
}

/** The snapshot key of a text: sha256 hex, first 16 characters. */
export function snapshotKey(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

export function parseSnapshot(json: string): DecisionSnapshot {
  const s = JSON.parse(json) as Partial<DecisionSnapshot>;
  if (s.format !== SNAPSHOT_FORMAT || typeof s.rules_version !== 'string' || typeof s.decisions !== 'object' || s.decisions === null)
    throw new InvalidEvalCasesError(`not a ${SNAPSHOT_FORMAT} snapshot`);
  return s as DecisionSnapshot;
}

/** Exports `gate`'s decisions on `texts` as a snapshot (done once per retired version). */
export function exportSnapshot(gate: PreRiskGate, texts: Iterable<string>): DecisionSnapshot {
  const decisions: Record<string, { decision: 'ESCALATE' | 'PASS'; category: string }> = {};
  for (const t of [...new Set(texts)].sort()) {
    const r = gate.evaluate(t);
    decisions[snapshotKey(t)] = { decision: r.decision, category: r.category };
  }
  return { format: SNAPSHOT_FORMAT, rules_version: gate.version, decisions };
}

class SnapshotGate implements PreRiskGate {
  readonly version: string;
  constructor(private readonly s: DecisionSnapshot) {
    this.version = s.rules_version;
  }
  evaluate(text: string): PreRiskResult {
    const d = this.s.decisions[snapshotKey(text)];
    if (d === undefined) throw new InvalidEvalCasesError(`text not in snapshot ${this.version}`);
    return { decision: d.decision, category: d.category, evidence: [], rules_version: this.version };
  }
  analyze(): PreRiskAnalysis {
    throw new InvalidEvalCasesError(`snapshot ${this.version} holds decisions only`);
  }
}

export interface SnapshotComparison extends PreRiskComparison {
  /** Cases left out because the snapshot does not hold their text. */
  not_in_snapshot: number;
}

/** Scores the snapshot (A) and `gate` (B) on the cases the snapshot holds. */
export function compareWithSnapshot(cases: readonly PreRiskCase[], snapshot: DecisionSnapshot, gate: PreRiskGate): SnapshotComparison {
  const held = cases.filter((c) => snapshot.decisions[snapshotKey(c.text)] !== undefined);
  return { ...comparePreRisk(held, new SnapshotGate(snapshot), gate), not_in_snapshot: cases.length - held.length };
}
