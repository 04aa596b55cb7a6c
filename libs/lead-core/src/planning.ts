import type { Lang, PlanSource, TaskPlan } from '@medagent/contracts';
import type { ChatModel } from '@medagent/agent';
import { PLANNER_SYSTEM_PROMPT, parseModelPlan, planFromMessage } from '@medagent/planner';

export interface LeadPlan {
  plan: TaskPlan;
  source: PlanSource;
  note?: string;
}

/**
 * The offline planner always runs (sub-millisecond); a configured chat model may propose
 * a plan, which must pass the same contract, or the offline plan replaces it and the
 * reason is recorded in the event.
 */
export async function makePlan(message: string, lang: Lang, memorySummary: string | undefined, model?: ChatModel): Promise<LeadPlan> {
  // A pure function of its inputs: planned only when its plan is used (no model, or the model's rejected).
  const offlinePlan = (): TaskPlan => planFromMessage(message, { lang, ...(memorySummary ? { memorySummary } : {}) }).plan;
  if (!model) {
    const offline = planFromMessage(message, { lang, ...(memorySummary ? { memorySummary } : {}) });
    return { plan: offline.plan, source: 'rules', note: offline.rationale.slice(0, 900) };
  }
  try {
    const res = await model.complete({
      messages: [
        { role: 'system', content: PLANNER_SYSTEM_PROMPT },
        { role: 'user', content: message },
      ],
      tools: [],
      maxTokens: 800,
    });
    const parsed = parseModelPlan(res.message.content ?? '', message);
    if (parsed.ok) return { plan: parsed.plan, source: 'model' };
    return { plan: offlinePlan(), source: 'rules', note: `model plan rejected: ${parsed.reason}`.slice(0, 900) };
  } catch (e) {
    return { plan: offlinePlan(), source: 'rules', note: `model unavailable: ${e instanceof Error ? e.name : 'error'}` };
  }
}
