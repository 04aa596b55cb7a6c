import { TASK_TYPE_LABELS, type Lang, type TaskType } from '@medagent/contracts';

const TEXT = {
  partial: {
    zh: '（本任务的处理预算已用尽，以下为已完成步骤的部分结果。）',
    en: '(This task ran out of budget; below is a partial result from the steps completed.)',
  },
  empty: {
    zh: '暂未获取到可引用的资料，请以医生的意见为准。',
    en: 'No tool results were available; please rely on a clinician’s advice.',
  },
} as const;

export function headingFor(taskType: TaskType, lang: Lang): string {
  return TASK_TYPE_LABELS[lang][taskType];
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
  const all = dedupeSentences([...new Set(summaries.map((s) => s.trim()).filter(Boolean))]);
  // "The knowledge base has nothing on X" is dropped when another tool did find material.
  const found = all.filter((s) => !NOTHING_FOUND.test(s));
  // …but only when what was found is on the question: a tool that abstained on the main
  // concept keeps its line when the others quoted nothing either.
  const unique = found.length > 0 && found.length < all.length && found.every((s) => TAIL.test(s.split('\n')[0] ?? '')) ? withNextStep(found, all) : all;
  // Each observation keeps its own line structure (lists stay lists). The disclaimer is not
  // added here: the coordinator's final safety boundary owns it for every exit.
  parts.push(unique.length > 0 ? unique.join('\n\n') : TEXT.empty[lang]);
  return parts.join('\n\n');
}

/** The first sentence of a summary, as a finding. */
export function firstSentence(text: string, max = 300): string {
  const first = text.trim().split(/(?<=[。！？!?])|(?<=\.)\s/)[0] ?? '';
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

const NOTHING_FOUND =
  /^(知识库中没有|暂未找到|没有找到与该问题|多轮检索未找到|The knowledge base has no|No lifestyle advice found|No guideline summary|No evidence found|No relevant passage)/;

/** The abstaining line is replaced by its safe next step (see a doctor or pharmacist). */
function withNextStep(found: string[], all: string[]): string[] {
  const zh = all.some((s) => /[\u4e00-\u9fff]/.test(s.slice(0, 20)));
  return [...found, zh ? '如有疑问，请带上检查结果和正在使用的药物咨询医生或药师。' : 'If in doubt, ask a doctor or pharmacist, bringing your test results and the medicines you take.'];
}

import { SOURCE_TAIL as TAIL, dedupeSentences } from '@medagent/zh-text';
export { dedupeSentences };
