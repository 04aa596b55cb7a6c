import Ajv from 'ajv';
import type { TaskType } from '@medagent/contracts';
import { AgentLoop } from '../loop/agent-loop';
import { buildWorkerPrompt } from '../prompt';
import { ToolRegistry } from '../registry/tool-registry';
import { StubSkill, STUB_SCHEMAS, allStubSkills } from '../testing/stub-skills';
import { makeTaskPackage } from '../testing/fixtures';
import { countTokens } from '../model/tokens';
import type { ChatModel, ToolSchema } from '../model/chat-model';
import { OfflineChatModel } from './offline-chat-model';
import { readFacts } from './facts';

const ajv = new Ajv({ allErrors: true, strict: false });

async function firstTurn(taskType: TaskType, instruction: string, lang: 'zh' | 'en' = 'zh') {
  const pkg = makeTaskPackage({
    task_type: taskType,
    instruction,
    scope: { user_id: 'u', session_id: 's', lang },
  });
  const registry = ToolRegistry.forRole(pkg.agent, allStubSkills());
  const { messages, tools } = buildWorkerPrompt(pkg, registry);
  const res = await new OfflineChatModel().complete({ messages, tools });
  for (const c of res.message.tool_calls) {
    const args = JSON.parse(c.arguments) as unknown;
    const ok = ajv.validate(STUB_SCHEMAS[c.name]!, args);
    if (!ok) throw new Error(`${c.name} args invalid: ${ajv.errorsText()} ${c.arguments}`);
  }
  return res;
}

const names = (r: Awaited<ReturnType<typeof firstTurn>>) => r.message.tool_calls.map((c) => c.name);
const args = (r: Awaited<ReturnType<typeof firstTurn>>, name: string) =>
  JSON.parse(r.message.tool_calls.find((c) => c.name === name)?.arguments ?? '{}') as Record<string, unknown>;

describe('OfflineChatModel: tool choice per task type, schema-valid arguments', () => {
  it('risk_triage → assess_risk + search_knowledge, question kept with its numbers', async () => {
    const r = await firstTurn(
      'risk_triage',
      '评估用户"我58岁，餐后血糖13.2 mmol/L，还经常头晕，严重吗？"的风险等级',
    );
    expect(names(r)).toEqual(['assess_risk', 'search_knowledge']);
    expect(args(r, 'assess_risk')).toMatchObject({
      text: '我58岁，餐后血糖13.2 mmol/L，还经常头晕，严重吗？',
      age: 58,
      symptoms: ['头晕'],
    });
    expect(args(r, 'search_knowledge')).toMatchObject({
      query: '我58岁，餐后血糖13.2 mmol/L，还经常头晕，严重吗？',
      lang: 'zh',
    });
    expect(r.finish_reason).toBe('tool_calls');
  });

  it('symptom_analysis → analyze_symptoms + search_knowledge with lexicon symptoms', async () => {
    const r = await firstTurn(
      'symptom_analysis',
      'Analyse "chest tightness and palpitations for 3 days"',
      'en',
    );
    expect(names(r)).toEqual(['analyze_symptoms', 'search_knowledge']);
    expect(args(r, 'analyze_symptoms')).toMatchObject({
      symptoms: ['chest pain', 'palpitations'],
      duration_days: 3,
    });
  });

  it('lifestyle_guidance → recommend_lifestyle with the condition from the lexicon', async () => {
    const r = await firstTurn(
      'lifestyle_guidance',
      '为"痛风患者，尿酸偏高，饮食上要注意什么"提供生活方式建议',
    );
    expect(names(r)).toEqual(['recommend_lifestyle', 'search_knowledge']);
    expect(args(r, 'recommend_lifestyle')).toEqual({ condition: '痛风' });
  });

  it('lifestyle_guidance in English picks an enum value the question names', async () => {
    const r = await firstTurn('lifestyle_guidance', 'Give "exercise advice for type 2 diabetes"', 'en');
    expect(args(r, 'recommend_lifestyle')).toEqual({ condition: 'diabetes', focus: 'exercise' });
  });

  it('general_consultation → search_knowledge, plus check_medication_safety when drugs are named', async () => {
    expect(names(await firstTurn('general_consultation', '回答"高血压平时要注意什么"'))).toEqual([
      'search_knowledge',
    ]);
    const r = await firstTurn('general_consultation', '回答"我在吃华法林，可以同时吃阿司匹林吗"');
    expect(names(r)).toEqual(['search_knowledge', 'check_medication_safety']);
    expect(args(r, 'check_medication_safety')).toEqual({ drugs: ['阿司匹林', '华法林'] });
  });

  it('clinical_guideline → clinical_guideline(topic) + search_knowledge', async () => {
    const r = await firstTurn(
      'clinical_guideline',
      'Summarise the latest guideline for "COPD maintenance inhalers"',
      'en',
    );
    expect(names(r)).toEqual(['clinical_guideline', 'search_knowledge']);
    expect(args(r, 'clinical_guideline')).toEqual({ topic: 'COPD' });
  });

  // The primary tool first, then the knowledge base (offered to both as support), so the
  // answer also states what the knowledge base says, not only a table or a code.
  it('clinical_research → deep_research; disease_classification → disease_code (then the KB)', async () => {
    expect(names(await firstTurn('clinical_research', '检索"SGLT2抑制剂对慢性肾病的最新研究"'))).toEqual([
      'deep_research',
      'search_knowledge',
    ]);
    const r = await firstTurn('disease_classification', '给出"甲状腺功能减退"的ICD编码');
    expect(names(r)).toEqual(['disease_code', 'search_knowledge']);
    expect(args(r, 'disease_code')).toEqual({ term: '甲状腺功能减退' });
  });

  it('medication words add check_medication_safety even for triage', async () => {
    expect(
      names(await firstTurn('risk_triage', 'Assess "I doubled my metformin dose and feel shaky"', 'en')),
    ).toContain('check_medication_safety');
  });

  it('reports usage counted with the real tokenizer', async () => {
    const r = await firstTurn('risk_triage', '评估"头晕"的风险');
    expect(r.usage.prompt_tokens).toBeGreaterThan(100);
    expect(r.usage.completion_tokens).toBe(
      countTokens(r.message.tool_calls.map((c) => c.name + c.arguments).join('\n')),
    );
  });

  it('extracts facts: age, blood pressure, glucose, temperature', () => {
    const f = readFacts(
      '65 years old, BP 160/100 mmHg, glucose 9.8 mmol/L, fever 38.5°C, taking amlodipine',
      'en',
    );
    expect(f).toMatchObject({
      age: 65,
      bloodPressure: { systolic: 160, diastolic: 100 },
      glucose: 9.8,
      temperature: 38.5,
    });
    expect(f.medications.map((m) => m.id)).toEqual(['amlodipine']);
    expect(f.conditions.map((c) => c.id)).toEqual(['diabetes']);
  });
});

describe('OfflineChatModel in the loop', () => {
  it('answers from the skills’ summaries, with a heading in the task language', async () => {
    const risk = new StubSkill('assess_risk', {
      run: () => ({
        output: { risk_level: 'urgent' },
        evidence: [],
        summary: '风险等级：紧急，建议24小时内就医。',
      }),
    });
    const search = new StubSkill('search_knowledge', {
      run: () => ({ output: {}, evidence: [], summary: '餐后血糖持续高于11.1 mmol/L需评估糖尿病。' }),
    });
    const others = allStubSkills().filter(
      (s) => !['assess_risk', 'search_knowledge'].includes(s.definition.name),
    );
    const registry = ToolRegistry.forRole('triage', [...others, risk, search]);
    const pkg = makeTaskPackage({
      task_type: 'risk_triage',
      instruction: '评估"餐后血糖高还头晕"的风险',
      scope: { user_id: 'u', session_id: 's', lang: 'zh' },
    });
    const res = await new AgentLoop().run({ pkg, model: new OfflineChatModel(), registry });
    expect(res.outcome).toBe('completed');
    expect(res.text).toContain('## 风险评估');
    expect(res.text).toContain('风险等级：紧急，建议24小时内就医。');
    expect(res.text).toContain('餐后血糖持续高于11.1 mmol/L需评估糖尿病。');
    expect(res.usage.calls).toBe(2);
    expect(res.usage.prompt_tokens).toBeGreaterThan(0);
    expect(res.ledger.map((l) => l.outcome)).toEqual(['ok', 'ok']);
  });

  it('corrects a rejected enum value on the next turn using the suggestion', async () => {
    const lifestyle = new StubSkill('recommend_lifestyle', {
      input_schema: {
        type: 'object',
        required: ['condition', 'focus'],
        properties: { condition: { type: 'string' }, focus: { type: 'string', enum: ['diet', 'exercise'] } },
      },
    });
    const registry = ToolRegistry.forRole('consultation', [lifestyle, new StubSkill('search_knowledge')]);
    const pkg = makeTaskPackage({ task_type: 'lifestyle_guidance', instruction: 'Advice for "gout"' });
    // The model is shown a stale schema (as after a skill upgrade), so its first call uses a
    // value the skill no longer accepts; the rejection's suggestion is what fixes it.
    const stale: ToolSchema['function']['parameters'] = {
      type: 'object',
      required: ['condition', 'focus'],
      properties: { condition: { type: 'string' }, focus: { type: 'string', enum: ['deit'] } },
    };
    const offline = new OfflineChatModel();
    const model: ChatModel = {
      name: offline.name,
      complete: (req) =>
        offline.complete({
          ...req,
          tools: req.tools.map((t) =>
            t.function.name === 'recommend_lifestyle'
              ? { ...t, function: { ...t.function, parameters: stale } }
              : t,
          ),
        }),
    };
    const loop = new AgentLoop();
    const res = await loop.run({ pkg, model, registry });
    expect(res.ledger.map((l) => [l.tool, l.outcome])).toEqual([
      ['recommend_lifestyle', 'rejected'],
      ['search_knowledge', 'ok'],
      ['recommend_lifestyle', 'ok'],
    ]);
    expect(lifestyle.calls[0]!.input).toEqual({ condition: 'gout', focus: 'diet' });
    expect(res.outcome).toBe('completed');
  });
});
