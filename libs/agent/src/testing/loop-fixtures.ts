import type { TaskPackageDto } from '@medagent/contracts';
import { AgentLoop, type AgentLoopOptions } from '../loop/agent-loop';
import { ToolRegistry } from '../registry/tool-registry';
import { makeTaskPackage } from './fixtures';
import { StubSkill, allStubSkills } from './stub-skills';

/** A predictable token counter so budget tests do not depend on the real tokenizer. */
export const fixedTokens = { text: (t: string) => Math.ceil(t.length / 4), messages: () => 100 };

export const loopWithFixedTokens = (opts: AgentLoopOptions = {}): AgentLoop => new AgentLoop({ tokens: fixedTokens, ...opts });

export const triagePkg = (o: Partial<TaskPackageDto> = {}): TaskPackageDto =>
  makeTaskPackage({ task_type: 'risk_triage', instruction: '评估"餐后血糖高并头晕"的风险', ...o });

/** The triage registry of stub skills, with some replaced by the given ones. */
export function registryWith(...overrides: StubSkill[]): ToolRegistry {
  const names = new Set(overrides.map((s) => s.definition.name));
  return ToolRegistry.forRole('triage', [...allStubSkills().filter((s) => !names.has(s.definition.name)), ...overrides]);
}
