import { TASK_TYPES, type TaskPlan, type TaskType } from '@medagent/contracts';

// Scoring exactly as shared/eval/LABELING.md defines it: a case is right when the
// planned task-type SET equals expected_tasks or one of also_acceptable.

export interface RouterCase {
  id: string;
  lang?: 'zh' | 'en';
  text: string;
  expected_tasks: TaskType[];
  also_acceptable?: TaskType[][];
}

export type RouterPlanner = (text: string, opts: { lang?: 'zh' | 'en' }) => TaskPlan | { plan: TaskPlan };

export interface TypeFigures {
  precision: number;
  recall: number;
  support: number;
}

export interface RouterError {
  id: string;
  text: string;
  expected: TaskType[];
  also_acceptable: TaskType[][];
  got: TaskType[];
}

export interface RouterReport {
  n: number;
  plan_accuracy: number;
  complexity_accuracy: number;
  per_type: Record<TaskType, TypeFigures>;
  errors: RouterError[];
}

function sameSet(a: readonly TaskType[], b: readonly TaskType[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && Array.from(left).every((t) => right.has(t));
}

function ratio(num: number, den: number): number {
  return den === 0 ? 0 : Math.round((num / den) * 10000) / 10000;
}

export function evaluateRouter(cases: readonly RouterCase[], planner: RouterPlanner): RouterReport {
  const counts = new Map<TaskType, { tp: number; fp: number; fn: number; support: number }>(
    TASK_TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0, support: 0 }]),
  );
  const errors: RouterError[] = [];
  let planRight = 0;
  let complexityRight = 0;
  for (const c of cases) {
    const out = planner(c.text, c.lang ? { lang: c.lang } : {});
    const plan = 'plan' in out ? out.plan : out;
    const got = plan.tasks.map((t) => t.task_type);
    const alternatives = c.also_acceptable ?? [];
    const matched = [c.expected_tasks, ...alternatives].find((set) => sameSet(set, got));
    if (matched) planRight += 1;
    else
      errors.push({ id: c.id, text: c.text, expected: c.expected_tasks, also_acceptable: alternatives, got });
    // The label's complexity follows expected_tasks; an accepted alternative set carries its own.
    const wanted = (matched ?? c.expected_tasks).length === 1 ? 'simple' : 'complex';
    if (plan.complexity === wanted) complexityRight += 1;
    // Per-type figures are measured against the reading the plan was accepted under, else the label.
    const gold = new Set(matched ?? c.expected_tasks);
    const predicted = new Set(got);
    for (const type of TASK_TYPES) {
      const row = counts.get(type);
      if (!row) continue;
      if (gold.has(type)) row.support += 1;
      if (gold.has(type) && predicted.has(type)) row.tp += 1;
      else if (predicted.has(type)) row.fp += 1;
      else if (gold.has(type)) row.fn += 1;
    }
  }
  const perType = {} as Record<TaskType, TypeFigures>;
  for (const type of TASK_TYPES) {
    const row = counts.get(type) ?? { tp: 0, fp: 0, fn: 0, support: 0 };
    perType[type] = {
      precision: ratio(row.tp, row.tp + row.fp),
      recall: ratio(row.tp, row.tp + row.fn),
      support: row.support,
    };
  }
  return {
    n: cases.length,
    plan_accuracy: ratio(planRight, cases.length),
    complexity_accuracy: ratio(complexityRight, cases.length),
    per_type: perType,
    errors,
  };
}

/** Parses a JSON Lines case file, failing on the first malformed line with its number. */
export function parseRouterCases(jsonl: string): RouterCase[] {
  const cases: RouterCase[] = [];
  jsonl.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    const raw: unknown = JSON.parse(line);
    const bad = (): never => {
      throw new Error(`router case on line ${i + 1} is malformed`);
    };
    if (typeof raw !== 'object' || raw === null) bad();
    const c = raw as Record<string, unknown>;
    const isTypeList = (v: unknown): v is TaskType[] =>
      Array.isArray(v) &&
      v.every((t) => typeof t === 'string' && (TASK_TYPES as readonly string[]).includes(t));
    const alsoRaw = c['also_acceptable'] ?? [];
    if (typeof c['id'] !== 'string' || typeof c['text'] !== 'string' || !isTypeList(c['expected_tasks']))
      bad();
    if (!Array.isArray(alsoRaw) || !alsoRaw.every(isTypeList)) bad();
    const lang = c['lang'] === 'zh' || c['lang'] === 'en' ? c['lang'] : undefined;
    cases.push({
      id: String(c['id']),
      text: String(c['text']),
      expected_tasks: c['expected_tasks'] as TaskType[],
      also_acceptable: alsoRaw as TaskType[][],
      ...(lang ? { lang } : {}),
    });
  });
  return cases;
}
