import type { Lang, TaskType } from '@medagent/contracts';

const HEADINGS: Readonly<Record<TaskType, { zh: string; en: string }>> = {
  risk_triage: { zh: '风险评估', en: 'Risk assessment' },
  symptom_analysis: { zh: '症状分析', en: 'Symptom analysis' },
  lifestyle_guidance: { zh: '生活方式建议', en: 'Lifestyle guidance' },
  general_consultation: { zh: '健康咨询', en: 'Consultation' },
  clinical_guideline: { zh: '指南要点', en: 'Guideline summary' },
  clinical_research: { zh: '研究证据', en: 'Research evidence' },
  disease_classification: { zh: '疾病分类与编码', en: 'Disease classification' },
};

const TEXT = {
  partial: {
    zh: '（本任务的处理预算已用尽，以下为已完成步骤的部分结果。）',
    en: '(This task ran out of budget; below is a partial result from the steps completed.)',
  },
  empty: {
    zh: '暂未获取到可引用的资料，请以医生的意见为准。',
    en: 'No tool results were available; please rely on a clinician’s advice.',
  },
  closing: {
    zh: '以上内容仅供参考，不能替代医生面诊。',
    en: 'This information does not replace an in-person medical assessment.',
  },
} as const;

export function headingFor(taskType: TaskType, lang: Lang): string {
  return HEADINGS[taskType][lang];
}

/**
 * An answer assembled only from what the tools returned (their role-specific summaries):
 * used by the offline model and for partial results when a budget runs out.
 */
export function composeFromObservations(opts: {
  lang: Lang;
  taskType: TaskType;
  summaries: readonly string[];
  partial?: boolean;
}): string {
  const { lang, taskType, summaries } = opts;
  const parts = [`## ${headingFor(taskType, lang)}`];
  if (opts.partial) parts.push(TEXT.partial[lang]);
  const unique = [...new Set(summaries.map((s) => s.trim()).filter(Boolean))];
  parts.push(
    unique.length > 0 ? unique.map((s) => `- ${s.replace(/\n+/g, ' ')}`).join('\n') : TEXT.empty[lang],
  );
  parts.push(TEXT.closing[lang]);
  return parts.join('\n\n');
}

/** The first sentence of a summary, as a finding. */
export function firstSentence(text: string, max = 300): string {
  const first = text.trim().split(/(?<=[。！？!?])|(?<=\.)\s/)[0] ?? '';
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}
