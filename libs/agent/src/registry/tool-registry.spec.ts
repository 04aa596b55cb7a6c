import { CAPABILITY_POLICY, SKILL_NAMES, WORKER_ROLES, type WorkerRole } from '@medagent/contracts';
import { AgentLoop } from '../loop/agent-loop';
import { ScriptedChatModel } from '../testing/scripted-chat-model';
import { StubSkill, allStubSkills } from '../testing/stub-skills';
import { makeTaskPackage } from '../testing/fixtures';
import { ToolRegistry } from './tool-registry';

const fixedTokens = { text: (t: string) => Math.ceil(t.length / 4), messages: () => 100 };
const ownerTask = {
  consultation: 'general_consultation',
  triage: 'risk_triage',
  research: 'clinical_research',
} as const;

const outside: [WorkerRole, string][] = WORKER_ROLES.flatMap((role) =>
  SKILL_NAMES.filter((s) => !(CAPABILITY_POLICY[role] as readonly string[]).includes(s)).map(
    (s): [WorkerRole, string] => [role, s],
  ),
);

describe('ToolRegistry', () => {
  it('keeps exactly the skills the policy names for each role', () => {
    for (const role of WORKER_ROLES) {
      const reg = ToolRegistry.forRole(role, allStubSkills());
      expect(reg.names().sort()).toEqual([...CAPABILITY_POLICY[role]].sort());
      expect(
        reg
          .schemas()
          .map((s) => s.function.name)
          .sort(),
      ).toEqual([...CAPABILITY_POLICY[role]].sort());
      for (const s of reg.schemas())
        expect(s).toMatchObject({
          type: 'function',
          function: { name: expect.any(String), parameters: { type: 'object' } },
        });
    }
  });

  it('covers the matrix: the pairs outside it exist', () => {
    expect(outside).toEqual(
      expect.arrayContaining([
        ['consultation', 'analyze_symptoms'],
        ['consultation', 'deep_research'],
        ['triage', 'recommend_lifestyle'],
        ['research', 'assess_risk'],
      ]),
    );
    expect(outside).toHaveLength(
      3 * SKILL_NAMES.length - WORKER_ROLES.reduce((n, r) => n + CAPABILITY_POLICY[r].length, 0),
    );
  });

  it.each(outside)('%s cannot see or run %s (ledger: rejected)', async (role, skillName) => {
    const skills = allStubSkills();
    const reg = ToolRegistry.forRole(role, skills);
    expect(reg.has(skillName)).toBe(false);
    expect(reg.schemas().map((s) => s.function.name)).not.toContain(skillName);
    expect(reg.withheld).toContain(skillName);

    const model = new ScriptedChatModel([
      ScriptedChatModel.toolCalls([{ name: skillName, args: { query: 'x' }, id: 'c1' }]),
      ScriptedChatModel.text('done'),
    ]);
    const res = await new AgentLoop({ tokens: fixedTokens }).run({
      pkg: makeTaskPackage({ task_type: ownerTask[role] }),
      model,
      registry: reg,
    });
    expect(res.outcome).toBe('completed');
    expect(res.ledger).toEqual([
      expect.objectContaining({
        call_id: 'c1',
        tool: skillName,
        outcome: 'rejected',
        error_code: 'CAPABILITY_VIOLATION',
      }),
    ]);
    expect(skills.find((s) => s.definition.name === skillName)?.calls).toHaveLength(0);
    const observation = model.requests[1]?.messages.at(-1);
    expect(observation).toMatchObject({ role: 'tool', tool_call_id: 'c1' });
    expect(observation?.content).toContain(`not available to the ${role} worker`);
  });

  it('exposes a skill the policy does not name to nobody', () => {
    const extra = new StubSkill('send_sms', { auth_scope: 'read_write' });
    for (const role of WORKER_ROLES) {
      const reg = ToolRegistry.forRole(role, [...allStubSkills(), extra]);
      expect(reg.has('send_sms')).toBe(false);
      expect(reg.isForbidden('send_sms')).toBe(true);
      expect(reg.isForbidden('made_up_tool')).toBe(false);
    }
  });

  it('honours a custom policy', () => {
    const reg = ToolRegistry.forRole('triage', allStubSkills(), {
      consultation: [],
      triage: ['assess_risk'],
      research: [],
    });
    expect(reg.names()).toEqual(['assess_risk']);
  });

  it('rejects two skills with the same name', () => {
    expect(() =>
      ToolRegistry.forRole('triage', [new StubSkill('assess_risk'), new StubSkill('assess_risk')]),
    ).toThrow(/duplicate/);
  });

  it('narrows the schemas shown to the task, but keeps every tool executable', () => {
    const reg = ToolRegistry.forRole('triage', allStubSkills());
    const shown = reg.relevantFor('risk_triage', '评估"饭后头晕"的风险').map((s) => s.function.name);
    expect(shown).toEqual(expect.arrayContaining(['assess_risk', 'search_knowledge']));
    expect(shown).not.toContain('search_history');
    expect(shown).not.toContain('check_medication_safety');
    expect(reg.has('search_history')).toBe(true);

    const withDrug = reg
      .relevantFor('risk_triage', 'I take metformin and feel dizzy')
      .map((s) => s.function.name);
    expect(withDrug).toContain('check_medication_safety');
    const withHistory = reg.relevantFor('symptom_analysis', '和上次一样头痛').map((s) => s.function.name);
    expect(withHistory).toContain('search_history');
  });

  it('shows the whole registry when nothing relevant is loaded', () => {
    const reg = ToolRegistry.forRole('research', [new StubSkill('search_history')]);
    expect(reg.relevantFor('clinical_research', 'latest SGLT2 trials').map((s) => s.function.name)).toEqual([
      'search_history',
    ]);
  });

  it('restrictTo only removes tools', () => {
    const reg = ToolRegistry.forRole('consultation', allStubSkills()).restrictTo([
      'search_knowledge',
      'deep_research',
    ]);
    expect(reg.names()).toEqual(['search_knowledge']);
    expect(reg.isForbidden('assess_risk')).toBe(true);
  });
});
