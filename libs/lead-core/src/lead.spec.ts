import type { ChatModel, ChatRequest, ChatResponse } from '@medagent/agent';
import type { Contribution, Evidence, TaskType, WorkerRole } from '@medagent/contracts';
import { planFromMessage } from '@medagent/planner';
import { makePlan } from './planning';
import { synthesise, synthesiseOffline } from './synthesiser';

// The lead composes the offline plan and the offline synthesis only when they are used (no
// model, or the model's answer is rejected / fails); what it returns must not depend on that.

const QUESTION =
  '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

function model(reply: string | Error | undefined): ChatModel {
  return {
    name: 'spec-model',
    complete: (_req: ChatRequest): Promise<ChatResponse> =>
      reply instanceof Error
        ? Promise.reject(reply)
        : Promise.resolve({
            message: { content: reply ?? null, tool_calls: [] },
            usage: { prompt_tokens: 0, completion_tokens: 0 },
            finish_reason: 'stop',
          } as unknown as ChatResponse),
  };
}

function evidence(id: string, score: number, extra: Partial<Evidence> = {}): Evidence {
  return { source_id: id, title: `title ${id}`, snippet: 's', score, kb_version: 'kb1', ...extra };
}

function contribution(
  task_type: TaskType,
  agent: WorkerRole,
  text: string,
  ev: Evidence[],
  completeness = 1,
): Contribution {
  return {
    task_id: `t-${task_type}`,
    request_id: 'r1',
    agent,
    task_type,
    attempt: 1,
    text,
    findings: [],
    evidence: ev,
    tool_ledger: [],
    model_usage: { calls: 1, prompt_tokens: 1, completion_tokens: 1, model: 'm' },
    input_hash: 'a'.repeat(64),
    warnings: [],
    completeness,
    status: completeness < 1 ? 'partial' : 'complete',
  };
}

const CONTRIBUTIONS: Contribution[] = [
  contribution('clinical_guideline', 'research', '## 指南\nADA 2025 建议…', [
    evidence('g1', 0.9, { source_name: 'ADA', year: 2025 }),
    evidence('s1', 0.5),
  ]),
  contribution(
    'lifestyle_guidance',
    'consultation',
    '饮食：少吃精制碳水。',
    [evidence('s1', 0.7), evidence('s2', 0.6)],
    0.5,
  ),
  contribution('risk_triage', 'triage', '## 风险\n暂不紧急，两周内就诊。', [evidence('g1', 0.4)]),
];

describe('lead planning and synthesis', () => {
  it('without a model, or with a rejected or failing one, plans exactly as the offline planner', async () => {
    const offline = planFromMessage(QUESTION, { lang: 'zh', memorySummary: '上次问过血压' });
    const bare = await makePlan(QUESTION, 'zh', '上次问过血压');
    expect(bare).toEqual({ plan: offline.plan, source: 'rules', note: offline.rationale.slice(0, 900) });
    const rejected = await makePlan(QUESTION, 'zh', '上次问过血压', model('no json here'));
    expect(rejected.plan).toEqual(offline.plan);
    expect(rejected.source).toBe('rules');
    expect(rejected.note).toMatch(/^model plan rejected: no_json/);
    const failing = await makePlan(QUESTION, 'zh', '上次问过血压', model(new TypeError('boom')));
    expect(failing).toEqual({ plan: offline.plan, source: 'rules', note: 'model unavailable: TypeError' });
  });

  it('uses an accepted model plan as it is', async () => {
    const plan = {
      complexity: 'simple',
      tasks: [
        {
          task_id: 't1',
          task_type: 'risk_triage',
          agent: 'triage',
          instruction: '评估风险与就医时机：「严重吗、应该何时就医？」',
        },
      ],
    };
    const r = await makePlan(QUESTION, 'zh', undefined, model(JSON.stringify(plan)));
    expect(r).toEqual({ plan, source: 'model' });
  });

  it("synthesises the offline answer as the model path's fallback, with the same sources", async () => {
    const input = { message: QUESTION, lang: 'zh' as const, contributions: CONTRIBUTIONS };
    const offline = synthesiseOffline(input);
    expect(offline.text.startsWith('【')).toBe(true);
    expect(offline.sources.map((s) => s.source_id)).toEqual(['g1', 's1', 's2']);
    expect(await synthesise(input)).toEqual(offline);
    expect(await synthesise(input, model('  '))).toEqual({
      ...offline,
      note: 'model returned no text; offline synthesis used',
    });
    expect(await synthesise(input, model(new RangeError('x')))).toEqual({
      ...offline,
      note: 'model failed (RangeError); offline synthesis used',
    });
    expect(await synthesise(input, model(' merged answer '))).toEqual({
      text: 'merged answer',
      sources: offline.sources,
      model: 'spec-model',
    });
  });
});
