import type { Lang } from './task-package';
import type { TaskType } from './roles';

/** Section headings per task type, shared by every exit that formats an answer. */
export const TASK_TYPE_LABELS: Readonly<Record<Lang, Readonly<Record<TaskType, string>>>> = {
  zh: {
    risk_triage: '风险评估与就医建议',
    symptom_analysis: '症状分析',
    general_consultation: '知识解答',
    lifestyle_guidance: '生活方式建议',
    disease_classification: '疾病分类与编码',
    clinical_research: '研究证据',
    clinical_guideline: '指南依据',
  },
  en: {
    risk_triage: 'Risk and when to seek care',
    symptom_analysis: 'Symptom analysis',
    general_consultation: 'Background',
    lifestyle_guidance: 'Lifestyle advice',
    disease_classification: 'Classification and codes',
    clinical_research: 'Research evidence',
    clinical_guideline: 'Guideline evidence',
  },
};

/** Risk first, then advice, then evidence: the order a clinician reads an answer in. */
export const TASK_TYPE_ORDER: readonly TaskType[] = [
  'risk_triage',
  'symptom_analysis',
  'general_consultation',
  'lifestyle_guidance',
  'clinical_guideline',
  'clinical_research',
  'disease_classification',
];

export function byReadingOrder<T extends { task_type: TaskType }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => TASK_TYPE_ORDER.indexOf(a.task_type) - TASK_TYPE_ORDER.indexOf(b.task_type));
}

/** A contribution's text without its own leading "## heading" line (the exit adds the section heading). */
export function sectionBody(text: string): string {
  return text.trim().replace(/^##[^\n]*\n+/, '');
}
