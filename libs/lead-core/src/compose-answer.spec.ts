import type { Contribution, Evidence, TaskType, WorkerRole } from '@medagent/contracts';
import { composeAnswer } from './compose-answer';

function ev(id: string, name: string, year: number, score = 0.5): Evidence {
  return { source_id: id, title: `title ${id}`, snippet: 's', score, kb_version: 'kb1', source_name: name, year };
}

function c(task_type: TaskType, agent: WorkerRole, text: string, evidence: Evidence[]): Contribution {
  return {
    task_id: `t-${task_type}`, request_id: 'r1', agent, task_type, attempt: 1, text, findings: [], evidence, tool_ledger: [],
    model_usage: { calls: 1, prompt_tokens: 1, completion_tokens: 1, model: 'm' }, input_hash: 'a'.repeat(64), warnings: [], completeness: 1, status: 'complete',
  };
}

const CN = '中国2型糖尿病防治指南（2020年版）';
const SHARED = '餐后血糖偏高本身通常不是急症，但长期偏高会加速血管并发症。';

describe('composeAnswer', () => {
  const cs = [
    c('clinical_guideline', 'research', `## 指南\n《指南》：多数成人HbA1c<7.0%。${SHARED}（${CN}，2020）`, [ev('d2', CN, 2020)]),
    c('lifestyle_guidance', 'consultation', `## 生活\n${SHARED}先吃蔬菜，再吃肉蛋，最后吃主食。（${CN}，2020）\n每周至少150分钟中等强度运动。（ADA，2025）`, [ev('d1', CN, 2020), ev('d3', 'ADA', 2025)]),
    c('risk_triage', 'triage', `## 风险\n风险等级：常规。\n${SHARED}多次餐后2小时≥11.1 mmol/L应在1～2周内就诊。（${CN}，2020）`, [ev('d1', CN, 2020, 0.9)]),
  ];
  const out = composeAnswer('zh', cs);

  it('puts risk first, then lifestyle, then the guideline', () => {
    const at = (h: string) => out.text.indexOf(h);
    expect(at('【风险评估与就医建议】')).toBe(0);
    expect(at('【生活方式建议】')).toBeGreaterThan(0);
    expect(at('【指南依据】')).toBeGreaterThan(at('【生活方式建议】'));
  });

  it('says a sentence once in the whole answer', () => {
    expect(out.text.split(SHARED).length - 1).toBe(1);
    expect(out.text.indexOf(SHARED)).toBeLessThan(out.text.indexOf('【生活方式建议】'));
  });

  it('numbers each publication once, in the order first cited, and replaces the source tails', () => {
    expect(out.sources.map((s) => s.source_name)).toEqual([CN, 'ADA']);
    expect(out.text).not.toContain(`（${CN}，2020）`);
    expect(out.text).toContain('最后吃主食。 [1]');
    expect(out.text).toContain('中等强度运动。 [2]');
    expect(out.text).toContain('多数成人HbA1c<7.0%。 [1]');
  });
});
