import { TASK_OWNER, TASK_TYPES, type TaskType } from '@medagent/contracts';
import { messageCues, signalFor, TYPE_PRIORITY } from '../src/classify';
import type { RouterCase } from '../src/evaluate';
import { isCjk } from '../src/features';
import type { TrainingExample } from '../src/naive-bayes';
import { splitClauses } from '../src/segment';

// Clause-level training examples from message-level router cases (distant supervision).
// A case only says which task SET the whole message wants, so a clause gets a label only
// when the case pins it down without the model (no circularity with what is trained):
//   - a clause that asks nothing -> `context`;
//   - a clause whose strongest rule reading is in the case's gold set -> that reading;
//   - the one cue-less question of a case whose gold set has exactly one type no cued
//     clause covers -> that type (this is what teaches the model the phrasing rules miss).
// Anything else (two cue-less questions, a rule reading outside the gold set) is skipped.

function topRuleType(scores: Record<TaskType, number>): TaskType | undefined {
  let top: TaskType | undefined;
  for (const type of TYPE_PRIORITY) {
    if (scores[type] > 0 && (top === undefined || scores[type] > scores[top])) top = type;
  }
  return top;
}

function size(text: string): number {
  const cjk = Array.from(text).filter(isCjk).length;
  return cjk > 0 ? cjk : text.split(/\s+/).filter(Boolean).length;
}

export interface DeriveOptions {
  /** Also emit clauses the rules already read correctly (self-training; off by default). */
  cued?: boolean;
  /** Also emit non-asking clauses as `context`. */
  context?: boolean;
}

export function deriveExamples(cases: readonly RouterCase[], opts: DeriveOptions = {}): TrainingExample[] {
  const out: TrainingExample[] = [];
  for (const c of cases) {
    const gold = new Set<TaskType>(c.expected_tasks);
    const accepted = new Set<TaskType>([...c.expected_tasks, ...(c.also_acceptable ?? []).flat()]);
    const cues = messageCues(c.text);
    const hasCjk = Array.from(c.text).some(isCjk);
    const covered = new Set<string>();
    const cueless: string[] = [];
    for (const clause of splitClauses(c.text, hasCjk)) {
      const text = clause.text.replace(/[，,、：:；;。.！!]+$/, '').trim();
      if (size(text) < 3) continue;
      const signal = signalFor(text, cues);
      if (!signal.asking) {
        if (opts.context) out.push({ text, label: 'context' });
        continue;
      }
      const top = topRuleType(signal.rule);
      if (top === undefined) {
        cueless.push(text);
      } else if (accepted.has(top)) {
        if (opts.cued) out.push({ text, label: top });
        covered.add(TASK_OWNER[top]);
      }
    }
    // Gold types whose worker no cued clause reached: the cue-less question must be one of them.
    const missing = TASK_TYPES.filter((t) => gold.has(t) && !covered.has(TASK_OWNER[t]));
    const only = cueless.length === 1 ? cueless[0] : undefined;
    const target = missing.length === 1 ? missing[0] : undefined;
    if (only !== undefined && target !== undefined) out.push({ text: only, label: target });
  }
  return out;
}
