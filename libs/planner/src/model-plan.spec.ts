import { PLANNER_SYSTEM_PROMPT, parseModelPlan } from './model-plan';

const MESSAGE = '我最近头晕，严重吗？饮食怎么调整？';
const PLAN = {
  complexity: 'complex',
  tasks: [
    {
      task_id: 't1',
      task_type: 'risk_triage',
      agent: 'diagnostic',
      instruction: '评估风险：「严重吗？」背景：「我最近头晕」',
    },
    {
      task_id: 't2',
      task_type: 'lifestyle_guidance',
      agent: 'consultation',
      instruction: '生活方式：「饮食怎么调整？」',
    },
  ],
};

describe('parseModelPlan', () => {
  it('parses a fenced json block and maps the deprecated diagnostic alias to triage', () => {
    const raw = `Here is the plan:\n\`\`\`json\n${JSON.stringify(PLAN, null, 2)}\n\`\`\`\nDone.`;
    const result = parseModelPlan(raw, MESSAGE);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.plan.tasks[0]?.agent).toBe('triage');
  });

  it('parses a bare JSON object surrounded by prose', () => {
    expect(parseModelPlan(`plan: ${JSON.stringify(PLAN)} (end)`, MESSAGE).ok).toBe(true);
  });

  it('explains why a reply cannot be used', () => {
    const reason = (raw: string): string => {
      const r = parseModelPlan(raw, MESSAGE);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason('I cannot help with that.')).toMatch(/^no_json/);
    expect(reason('{"complexity": "simple", tasks: }')).toMatch(/^invalid_json/);
    const twoTriage = {
      ...PLAN,
      tasks: [PLAN.tasks[0], { ...PLAN.tasks[0], task_id: 't2', task_type: 'symptom_analysis' }],
    };
    expect(reason(JSON.stringify(twoTriage))).toMatch(/^contract_violation: .*one_task_per_worker/);
    const wrongOwner = { complexity: 'simple', tasks: [{ ...PLAN.tasks[1], agent: 'research' }] };
    expect(reason(JSON.stringify(wrongOwner))).toMatch(/^contract_violation/);
    const extraField = { ...PLAN, priority: 'high' };
    expect(reason(JSON.stringify(extraField))).toMatch(/^contract_violation/);
    const generic = {
      complexity: 'simple',
      tasks: [{ ...PLAN.tasks[1], instruction: 'Answer the question.' }],
    };
    expect(reason(JSON.stringify(generic))).toMatch(/^instruction_not_grounded: t2/);
    const long = {
      complexity: 'simple',
      tasks: [{ ...PLAN.tasks[1], instruction: `饮食怎么调整${'。'.repeat(700)}` }],
    };
    expect(reason(JSON.stringify(long))).toMatch(/^instruction_too_long/);
  });

  it('never echoes the user message in a reason', () => {
    const r = parseModelPlan(JSON.stringify({ complexity: 'simple', tasks: [] }), MESSAGE);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).not.toContain('头晕');
  });
});

describe('PLANNER_SYSTEM_PROMPT', () => {
  it('names all seven task types, the three workers and the JSON shape', () => {
    for (const word of [
      'general_consultation',
      'lifestyle_guidance',
      'risk_triage',
      'symptom_analysis',
      'disease_classification',
      'clinical_research',
      'clinical_guideline',
      'consultation',
      'triage',
      'research',
      '"complexity"',
    ]) {
      expect(PLANNER_SYSTEM_PROMPT).toContain(word);
    }
    expect(PLANNER_SYSTEM_PROMPT.length).toBeLessThan(2000);
  });
});
