import { TASK_OWNER, TASK_TYPES } from './roles';
import { assertTaskPlan, validateTaskPlan, type PlanRule } from './plan';
import { PlanValidationError } from './errors';

const t = (task_id: string, task_type: string, agent: string, instruction = 'answer the quoted part: 「…」') => ({
  task_id,
  task_type,
  agent,
  instruction,
});

const seed = {
  complexity: 'complex',
  tasks: [
    t('t1', 'risk_triage', 'triage'),
    t('t2', 'lifestyle_guidance', 'consultation'),
    t('t3', 'clinical_guideline', 'research'),
  ],
};

function rulesOf(input: unknown): PlanRule[] {
  const r = validateTaskPlan(input);
  return r.ok ? [] : r.violations.map((v) => v.rule);
}

describe('TaskPlan contract', () => {
  it('accepts the seed three-task plan', () => {
    const r = validateTaskPlan(seed);
    expect(r.ok).toBe(true);
  });

  it.each(TASK_TYPES.map((type) => [type, TASK_OWNER[type]]))('accepts a simple plan %s → %s', (type, owner) => {
    expect(validateTaskPlan({ complexity: 'simple', tasks: [t('t1', type, owner)] }).ok).toBe(true);
  });

  const cases: [PlanRule, unknown, unknown][] = [
    ['simple_has_one_task', { complexity: 'simple', tasks: [t('t1', 'risk_triage', 'triage')] }, { ...seed, complexity: 'simple' }],
    [
      'complex_has_two_or_three_tasks',
      { complexity: 'complex', tasks: seed.tasks.slice(0, 2) },
      { complexity: 'complex', tasks: [t('t1', 'risk_triage', 'triage')] },
    ],
    [
      'agent_owns_type',
      { complexity: 'simple', tasks: [t('t1', 'symptom_analysis', 'triage')] },
      { complexity: 'simple', tasks: [t('t1', 'symptom_analysis', 'research')] },
    ],
    [
      'one_task_per_worker',
      { complexity: 'complex', tasks: [t('t1', 'risk_triage', 'triage'), t('t2', 'general_consultation', 'consultation')] },
      { complexity: 'complex', tasks: [t('t1', 'risk_triage', 'triage'), t('t2', 'symptom_analysis', 'triage')] },
    ],
    [
      'unique_task_ids',
      { complexity: 'complex', tasks: [t('a', 'risk_triage', 'triage'), t('b', 'clinical_research', 'research')] },
      { complexity: 'complex', tasks: [t('a', 'risk_triage', 'triage'), t('a', 'clinical_research', 'research')] },
    ],
    [
      'instruction_not_blank',
      { complexity: 'simple', tasks: [t('t1', 'risk_triage', 'triage', 'x')] },
      { complexity: 'simple', tasks: [t('t1', 'risk_triage', 'triage', '   ')] },
    ],
  ];

  it.each(cases)('rule %s: passing case passes, failing case names the rule', (rule, good, bad) => {
    expect(rulesOf(good)).toEqual([]);
    expect(rulesOf(bad)).toContain(rule);
  });

  describe('schema rules', () => {
    it.each([
      ['unknown task type', { complexity: 'simple', tasks: [t('t1', 'diagnosis', 'triage')] }],
      ['unknown agent', { complexity: 'simple', tasks: [t('t1', 'risk_triage', 'doctor')] }],
      ['unknown top-level field', { ...seed, priority: 'high' }],
      ['unknown task field', { complexity: 'simple', tasks: [{ ...t('t1', 'risk_triage', 'triage'), tools: ['x'] }] }],
      ['empty instruction', { complexity: 'simple', tasks: [t('t1', 'risk_triage', 'triage', '')] }],
      ['instruction over the bound', { complexity: 'simple', tasks: [t('t1', 'risk_triage', 'triage', 'x'.repeat(2001))] }],
      ['more than three tasks', { complexity: 'complex', tasks: [...seed.tasks, t('t4', 'clinical_research', 'research')] }],
      ['no tasks', { complexity: 'simple', tasks: [] }],
      ['bad complexity', { ...seed, complexity: 'medium' }],
      ['bad task id', { complexity: 'simple', tasks: [t('t 1/..', 'risk_triage', 'triage')] }],
      ['not an object', 'plan'],
      ['null', null],
    ])('rejects %s', (_label, input) => {
      expect(rulesOf(input)).toContain('schema');
    });
  });

  it('accepts the deprecated alias diagnostic and normalises it to triage', () => {
    const r = validateTaskPlan({ complexity: 'simple', tasks: [t('t1', 'risk_triage', 'diagnostic')] });
    expect(r.ok && r.plan.tasks[0]?.agent).toBe('triage');
  });

  it('the alias still counts as the triage worker for one-task-per-worker', () => {
    const bad = { complexity: 'complex', tasks: [t('t1', 'risk_triage', 'diagnostic'), t('t2', 'symptom_analysis', 'triage')] };
    expect(rulesOf(bad)).toContain('one_task_per_worker');
  });

  it('reports every violation, not only the first', () => {
    const bad = { complexity: 'simple', tasks: [t('a', 'risk_triage', 'research'), t('a', 'symptom_analysis', 'research')] };
    expect(new Set(rulesOf(bad))).toEqual(
      new Set(['simple_has_one_task', 'agent_owns_type', 'unique_task_ids', 'one_task_per_worker']),
    );
  });

  it('assertTaskPlan throws a typed, non-retryable error', () => {
    expect(() => assertTaskPlan({ complexity: 'simple', tasks: [] })).toThrow(PlanValidationError);
    try {
      assertTaskPlan({ complexity: 'simple', tasks: [] });
    } catch (e) {
      expect(e).toMatchObject({ code: 'PLAN_INVALID', retryable: false, name: 'PlanValidationError' });
    }
  });
});
