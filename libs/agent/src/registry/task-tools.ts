import type { SkillName, TaskType } from '@medagent/contracts';
import { readCues } from '../lexicon';

/**
 * Which tools serve which task type. `primary` tools are what a careful model calls first;
 * `support` tools are shown because the task often needs them. Everything else stays
 * executable but unseen, to keep the prompt small.
 */
export const TASK_TOOLS: Readonly<
  Record<TaskType, { primary: readonly SkillName[]; support: readonly SkillName[] }>
> = {
  risk_triage: {
    primary: ['assess_risk', 'search_knowledge'],
    support: ['analyze_symptoms', 'disease_code'],
  },
  symptom_analysis: {
    primary: ['analyze_symptoms', 'search_knowledge'],
    support: ['assess_risk', 'disease_code'],
  },
  lifestyle_guidance: { primary: ['recommend_lifestyle', 'search_knowledge'], support: ['assess_risk'] },
  general_consultation: { primary: ['search_knowledge'], support: ['assess_risk', 'recommend_lifestyle'] },
  clinical_guideline: {
    primary: ['clinical_guideline', 'search_knowledge'],
    support: ['deep_research', 'disease_code'],
  },
  clinical_research: { primary: ['deep_research'], support: ['search_knowledge', 'clinical_guideline'] },
  disease_classification: { primary: ['disease_code'], support: ['search_knowledge'] },
};

/** Tools the instruction itself asks for, whatever the task type. */
export function cuedTools(instruction: string): SkillName[] {
  const cues = readCues(instruction);
  const out: SkillName[] = [];
  if (cues.medication) out.push('check_medication_safety');
  if (cues.history) out.push('search_history');
  if (cues.similarCases) out.push('search_similar_cases');
  if (cues.coding) out.push('disease_code');
  if (cues.risk) out.push('assess_risk');
  return out;
}

/** The tools a model should call first for this task (the offline model's plan). */
export function primaryTools(taskType: TaskType, instruction: string): SkillName[] {
  const cues = readCues(instruction);
  const out: SkillName[] = [...TASK_TOOLS[taskType].primary];
  if (cues.medication) out.push('check_medication_safety');
  return [...new Set(out)];
}

/** The tools worth showing to the model for this task. */
export function relevantTools(taskType: TaskType, instruction: string): SkillName[] {
  const t = TASK_TOOLS[taskType];
  return [...new Set([...t.primary, ...t.support, ...cuedTools(instruction)])];
}
