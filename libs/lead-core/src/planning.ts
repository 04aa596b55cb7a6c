import type { Lang, PlanSource, TaskPlan } from '@medagent/contracts';
import { FENCE_RULE, fencePatientText, routingText, type ChatModel } from '@medagent/agent';
import { PLANNER_SYSTEM_PROMPT, parseModelPlan, planFromMessage, type PlanResult } from '@medagent/planner';

export interface LeadPlan {
  plan: TaskPlan;
  source: PlanSource;
  note?: string;
}

/**
 * The offline planner (sub-millisecond) plans whenever its plan is used: without a model, or
 * when a configured chat model's plan fails the same contract or the model fails, in which
 * case the reason is recorded in the event. When the model's plan is accepted it is not run.
 */
export async function makePlan(
  message: string,
  lang: Lang,
  memorySummary: string | undefined,
  model?: ChatModel,
): Promise<LeadPlan> {
  // The rules plan from the routing text: a tool or skill named in the message, or a
  // directive ("ignore previous instructions", "SYSTEM: …"), never decides the plan.
  const offline = (): PlanResult =>
    planFromMessage(routingText(message), { lang, ...(memorySummary ? { memorySummary } : {}) });
  if (!model) {
    const r = offline();
    return { plan: r.plan, source: 'rules', note: r.rationale.slice(0, 900) };
  }
  try {
    const res = await model.complete({
      messages: [
        { role: 'system', content: `${PLANNER_SYSTEM_PROMPT}\n${FENCE_RULE}` },
        { role: 'user', content: fencePatientText(message) },
      ],
      tools: [],
      maxTokens: 800,
    });
    const parsed = parseModelPlan(res.message.content ?? '', message);
    if (parsed.ok) return { plan: parsed.plan, source: 'model' };
    return {
      plan: offline().plan,
      source: 'rules',
      note: `model plan rejected: ${parsed.reason}`.slice(0, 900),
    };
  } catch (e) {
    return {
      plan: offline().plan,
      source: 'rules',
      note: `model unavailable: ${e instanceof Error ? e.name : 'error'}`,
    };
  }
}
