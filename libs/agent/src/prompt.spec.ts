import { buildWorkerPrompt } from './prompt';
import { ToolRegistry } from './registry/tool-registry';
import { allStubSkills } from './testing/stub-skills';
import { makeTaskPackage } from './testing/fixtures';
import { countMessageTokens, countTokens } from './model/tokens';

describe('buildWorkerPrompt', () => {
  const pkg = makeTaskPackage({
    task_type: 'lifestyle_guidance',
    instruction: '为"痛风患者饮食"提供建议',
    scope: { user_id: 'u', session_id: 's', lang: 'zh' },
    context: {
      memory_summary: '用户此前提到尿酸 520 μmol/L。',
      prerisk_category: 'none',
      prerisk_decision: 'PASS',
    },
  });
  const registry = ToolRegistry.forRole('consultation', allStubSkills());

  it('holds only the instruction, the context slice and the relevant tools', () => {
    const { messages, tools } = buildWorkerPrompt(pkg, registry);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const [system, user] = messages.map((m) => m.content ?? '');
    expect(system).toContain('task_type: lifestyle_guidance');
    expect(system).toContain('lang: zh');
    expect(user).toContain('<instruction>\n为"痛风患者饮食"提供建议\n</instruction>');
    expect(user).toContain('用户此前提到尿酸 520 μmol/L。');
    expect(user).toContain('PASS (none)');
    expect(tools.map((t) => t.function.name)).toEqual([
      'recommend_lifestyle',
      'search_knowledge',
      'assess_risk',
    ]);
    expect(system).toContain('tools: recommend_lifestyle, search_knowledge, assess_risk');
  });

  it('costs fewer prompt tokens than showing every tool', () => {
    const { messages, tools } = buildWorkerPrompt(pkg, registry);
    expect(countMessageTokens(messages, tools)).toBeLessThan(
      countMessageTokens(messages, registry.schemas()),
    );
  });
});

describe('tokens', () => {
  it('counts with o200k_base', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('餐后血糖高')).toBeGreaterThan(1);
    expect(countMessageTokens([{ role: 'user', content: 'hello world' }])).toBe(
      3 + 3 + countTokens('user') + 2,
    );
  });
});
