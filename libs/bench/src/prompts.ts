import { NestFactory } from '@nestjs/core';
import {
  CAPABILITY_POLICY,
  CONTRIBUTION_SCHEMA_ID,
  SKILL_NAMES,
  WORKER_ROLES,
  requestLang,
  skillsFor,
  type Contribution,
  type Lang,
  type Skill,
  type SkillResult,
  type TaskPackage,
  type WorkerRole,
} from '@medagent/contracts';
import {
  AgentLoop,
  OfflineChatModel,
  ToolRegistry,
  buildWorkerPrompt,
  countMessageTokens,
  formatObservation,
  TOKENIZER_NAME,
  type ChatMessage,
  type ChatModel,
} from '@medagent/agent';
import { InMemoryMemoryStore } from '@medagent/memory';
import { PLANNER_SYSTEM_PROMPT, planFromMessage } from '@medagent/planner';
import { synthesise } from '@medagent/lead-core';
import { SKILLS, SkillsModule } from '@medagent/skills';

export interface PromptBenchCase {
  id: string;
  text: string;
}

export interface PromptBenchResult {
  n: number;
  multi_agent_tokens: number;
  single_agent_tokens: number;
  ratio: number;
  per_component: { planner: number; workers: number; synthesis: number };
  tokenizer: string;
  method: string;
}

interface Captured {
  tool: string;
  args: unknown;
  result: SkillResult;
}

/** A model that only measures the prompt it is given (the synthesis call of a model-backed lead). */
class MeasuringModel implements ChatModel {
  readonly name = 'measuring';
  tokens = 0;
  async complete(req: Parameters<ChatModel['complete']>[0]): ReturnType<ChatModel['complete']> {
    this.tokens += countMessageTokens(req.messages, req.tools);
    return { message: { content: 'ok', tool_calls: [] }, usage: { prompt_tokens: 0, completion_tokens: 0 }, finish_reason: 'stop' };
  }
}

function capturing(skills: Skill[], sink: Captured[]): Skill[] {
  return skills.map((s) => ({
    definition: s.definition,
    execute: async (input: Record<string, unknown>, ctx) => {
      const result = await s.execute(input, ctx);
      sink.push({ tool: s.definition.name, args: input, result });
      return result;
    },
  }));
}

function packageFor(id: string, task: { task_id: string; task_type: TaskPackage['task_type']; agent: WorkerRole; instruction: string }, lang: Lang): TaskPackage {
  return {
    task_id: task.task_id,
    request_id: id,
    plan_version: 1,
    task_type: task.task_type,
    agent: task.agent,
    instruction: task.instruction,
    scope: { user_id: 'bench', session_id: 'bench', lang },
    context: { prerisk_decision: 'PASS', prerisk_category: 'none' },
    input_refs: [],
    expected_output: CONTRIBUTION_SCHEMA_ID,
    allowed_tools: [...skillsFor(task.agent)],
    budget: { max_steps: 6, max_tokens: 50_000, deadline_at: new Date(Date.now() + 60_000).toISOString() },
    idempotency_key: `${id}:${task.task_id}`,
    attempt: 1,
  };
}

/**
 * Prompt tokens of the multi-agent path (planner + each worker's model calls + synthesis,
 * as a model-backed lead would send them) versus ONE agent holding every tool and the
 * whole question, fed the very same tool observations the workers received: its first
 * call (all tool schemas + question) and its answering call (+ every observation).
 */
export async function benchPrompts(cases: PromptBenchCase[]): Promise<PromptBenchResult> {
  const memory = new InMemoryMemoryStore();
  const roleSkills = new Map<WorkerRole, Skill[]>();
  const contexts = [];
  for (const role of WORKER_ROLES) {
    const ctx = await NestFactory.createApplicationContext(SkillsModule.forRole(role, { memory }), { logger: false });
    contexts.push(ctx);
    roleSkills.set(role, ctx.get<Skill[]>(SKILLS));
  }
  const all = new Map<string, Skill>();
  for (const skills of roleSkills.values()) for (const s of skills) all.set(s.definition.name, s);
  const everyTool = ToolRegistry.forRole('consultation', [...all.values()], { ...CAPABILITY_POLICY, consultation: [...SKILL_NAMES] });
  const loop = new AgentLoop();
  const per = { planner: 0, workers: 0, synthesis: 0 };
  let single = 0;
  try {
    for (const c of cases) {
      const lang: Lang = requestLang(c.text);
      const { plan } = planFromMessage(c.text, { lang });
      per.planner += countMessageTokens([
        { role: 'system', content: PLANNER_SYSTEM_PROMPT },
        { role: 'user', content: c.text },
      ]);
      const captured: Captured[] = [];
      const contributions: Contribution[] = [];
      for (const task of plan.tasks) {
        const pkg = packageFor(c.id, task, lang);
        const registry = ToolRegistry.forRole(task.agent, capturing(roleSkills.get(task.agent) ?? [], captured));
        const r = await loop.run({ pkg, model: new OfflineChatModel(), registry });
        per.workers += r.model_calls.reduce((a, m) => a + m.prompt_tokens, 0);
        contributions.push({ task_id: task.task_id, request_id: c.id, agent: task.agent, task_type: task.task_type, attempt: 1, text: r.text, findings: r.findings, evidence: r.evidence, tool_ledger: r.ledger, model_usage: r.usage, input_hash: '0'.repeat(64), warnings: [], completeness: r.completeness, status: 'complete' });
      }
      if (plan.tasks.length > 1) {
        const m = new MeasuringModel();
        await synthesise({ message: c.text, lang, contributions }, m);
        per.synthesis += m.tokens;
      }
      // The single agent: whole question, every tool, then the same observations.
      const pkg = packageFor(c.id, { task_id: 't1', task_type: 'general_consultation', agent: 'consultation', instruction: c.text }, lang);
      const prompt = buildWorkerPrompt(pkg, everyTool);
      const tools = everyTool.schemas();
      const first: ChatMessage[] = prompt.messages;
      const calls = captured.map((x, i) => ({ id: `c${i}`, name: x.tool, arguments: JSON.stringify(x.args) }));
      const second: ChatMessage[] = [
        ...first,
        { role: 'assistant', content: null, tool_calls: calls },
        ...captured.map((x, i) => ({ role: 'tool' as const, tool_call_id: `c${i}`, content: formatObservation(x.result, 1200) })),
      ];
      single += countMessageTokens(first, tools) + countMessageTokens(second, tools);
    }
  } finally {
    for (const ctx of contexts) await ctx.close();
  }
  const multi = per.planner + per.workers + per.synthesis;
  return {
    n: cases.length,
    multi_agent_tokens: multi,
    single_agent_tokens: single,
    ratio: Math.round((multi / Math.max(1, single)) * 1000) / 1000,
    per_component: per,
    tokenizer: `${TOKENIZER_NAME} (js-tiktoken)`,
    method: 'multi = planner + worker model calls (offline model, real prompts) + synthesis prompt; single = one agent with all tools, same observations, 2 calls',
  };
}
