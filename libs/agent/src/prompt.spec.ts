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
    expect(user).toContain('<instruction>\n为\n<patient_text>\n"痛风患者饮食"提供建议\n</patient_text>\n</instruction>');
    expect(user).toContain('- session summary:\n<patient_text>\n用户此前提到尿酸 520 μmol/L。\n</patient_text>');
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

describe('buildWorkerPrompt text', () => {
  // The user message as the array-and-join version wrote it.
  function referenceUser(pkg: ReturnType<typeof makeTaskPackage>): string {
    const context: string[] = [];
    if (pkg.context.memory_summary) context.push(`- session summary:\n<patient_text>\n${pkg.context.memory_summary}\n</patient_text>`);
    if (pkg.context.prerisk_category || pkg.context.prerisk_decision) {
      context.push(`- pre-risk screen: ${pkg.context.prerisk_decision ?? 'n/a'} (${pkg.context.prerisk_category ?? 'none'})`);
    }
    if (pkg.input_refs.length > 0) context.push(`- input references: ${pkg.input_refs.join(', ')}`);
    // The patient's part of the instruction (from its first quote on) is fenced.
    const at = pkg.instruction.search(/[「『“"]/);
    const inst =
      at <= 0
        ? `<patient_text>\n${pkg.instruction}\n</patient_text>`
        : `${pkg.instruction.slice(0, at).trimEnd()}\n<patient_text>\n${pkg.instruction.slice(at)}\n</patient_text>`;
    return [`<instruction>\n${inst}\n</instruction>`, context.length > 0 ? `Context:\n${context.join('\n')}` : '']
      .filter(Boolean)
      .join('\n\n');
  }

  it('writes the same user message for every combination of context items', () => {
    const registry = ToolRegistry.forRole('consultation', allStubSkills());
    const contexts: ReturnType<typeof makeTaskPackage>['context'][] = [
      {},
      { memory_summary: 'asked about BP' },
      { prerisk_decision: 'PASS' },
      { prerisk_category: 'none' },
      { memory_summary: '尿酸 520', prerisk_category: 'none', prerisk_decision: 'PASS' },
    ];
    let n = 0;
    for (const context of contexts) {
      for (const input_refs of [[], ['artifact:t1'], ['a', 'b']]) {
        for (const instruction of ['', 'diet advice', '严重吗？', 'Give advice: "what to eat"', '解答：「痛风」；背景：「尿酸高」']) {
          const pkg = makeTaskPackage({ task_type: 'lifestyle_guidance', instruction, context, input_refs });
          const [system, user] = buildWorkerPrompt(pkg, registry).messages;
          expect(user?.content).toBe(referenceUser(pkg));
          expect(system?.content).toBe(buildWorkerPrompt(pkg, registry).messages[0]?.content);
          n++;
        }
      }
    }
    expect(n).toBe(75);
  });

  it('writes a system prompt per role, task type, language, output and tools', () => {
    const registry = ToolRegistry.forRole('consultation', allStubSkills());
    const en = buildWorkerPrompt(makeTaskPackage({ task_type: 'lifestyle_guidance' }), registry).messages[0]?.content;
    const zh = buildWorkerPrompt(
      makeTaskPackage({ task_type: 'lifestyle_guidance', scope: { user_id: 'u', session_id: 's', lang: 'zh' } }),
      registry,
    ).messages[0]?.content;
    const other = buildWorkerPrompt(makeTaskPackage({ task_type: 'lifestyle_guidance', expected_output: 'other' }), registry)
      .messages[0]?.content;
    expect(en).toContain('Answer in English.');
    expect(zh).toContain('Answer in Simplified Chinese');
    expect(other).toContain('expected_output: other');
    expect(en).toContain('expected_output: contribution');
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
