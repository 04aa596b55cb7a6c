import type { TaskPlan, TaskType } from '@medagent/contracts';
import { TASK_OWNER } from '@medagent/contracts';
import { evaluateRouter, parseRouterCases, type RouterCase } from './evaluate';

const planOf = (types: TaskType[]): TaskPlan => ({
  complexity: types.length === 1 ? 'simple' : 'complex',
  tasks: types.map((t, i) => ({
    task_id: `t${i + 1}`,
    task_type: t,
    agent: TASK_OWNER[t],
    instruction: 'x',
  })),
});

const cases: RouterCase[] = [
  { id: 'a', text: 'A', expected_tasks: ['risk_triage', 'lifestyle_guidance'] },
  { id: 'b', text: 'B', expected_tasks: ['symptom_analysis'], also_acceptable: [['risk_triage']] },
  { id: 'c', text: 'C', expected_tasks: ['clinical_guideline'] },
];

describe('evaluateRouter', () => {
  const answers: Record<string, TaskType[]> = {
    A: ['lifestyle_guidance', 'risk_triage'],
    B: ['risk_triage'],
    C: ['clinical_research', 'general_consultation'],
  };
  const report = evaluateRouter(cases, (text) => planOf(answers[text] ?? []));

  it('scores a case right when the planned set equals expected_tasks or an accepted alternative', () => {
    expect(report.n).toBe(3);
    expect(report.plan_accuracy).toBeCloseTo(2 / 3, 4);
    expect(report.errors).toEqual([
      {
        id: 'c',
        text: 'C',
        expected: ['clinical_guideline'],
        also_acceptable: [],
        got: ['clinical_research', 'general_consultation'],
      },
    ]);
  });

  it('scores complexity against the label', () => {
    expect(report.complexity_accuracy).toBeCloseTo(2 / 3, 4);
  });

  it('reports per-type precision and recall against the accepted reading', () => {
    expect(report.per_type.risk_triage).toEqual({ precision: 1, recall: 1, support: 2 });
    expect(report.per_type.clinical_guideline).toEqual({ precision: 0, recall: 0, support: 1 });
    expect(report.per_type.clinical_research).toEqual({ precision: 0, recall: 0, support: 0 });
  });

  it('accepts planners that return a plan result object', () => {
    const r = evaluateRouter(cases.slice(0, 1), () => ({
      plan: planOf(['risk_triage', 'lifestyle_guidance']),
    }));
    expect(r.plan_accuracy).toBe(1);
  });
});

describe('parseRouterCases', () => {
  it('parses JSON Lines and rejects unknown task types with the line number', () => {
    const ok = parseRouterCases(
      '{"id":"x","lang":"zh","text":"t","expected_tasks":["risk_triage"],"also_acceptable":[]}\n\n',
    );
    expect(ok).toHaveLength(1);
    expect(() => parseRouterCases('\n{"id":"x","text":"t","expected_tasks":["triage"]}')).toThrow('line 2');
  });
});
