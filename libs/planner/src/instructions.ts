import type { TaskType } from '@medagent/contracts';
import { codePointLength } from './features';

// A worker never sees the rest of the message, so every instruction quotes the
// exact question(s) it must answer plus the background the user gave.

export const PLANNER_INSTRUCTION_MAX_CHARS = 600;
const MEMORY_CAP = 160;

const VERBS: Record<TaskType, { zh: string; en: string }> = {
  risk_triage: {
    zh: '评估风险与就医时机',
    en: 'Assess how serious or urgent this is and whether/when/where to seek care',
  },
  symptom_analysis: {
    zh: '分析症状的可能原因并建议检查',
    en: 'Analyse the likely causes of the symptoms and suggest tests',
  },
  general_consultation: { zh: '解答相关医学知识', en: 'Explain the medical knowledge asked about' },
  lifestyle_guidance: {
    zh: '给出生活方式建议（饮食、运动、睡眠、体重等）',
    en: 'Give lifestyle advice (diet, exercise, sleep, weight, self-care)',
  },
  disease_classification: {
    zh: '说明疾病分类、分期分级或编码',
    en: 'Explain the disease classification, staging/grading or code',
  },
  clinical_research: {
    zh: '检索并总结相关临床研究证据',
    en: 'Find and summarise the clinical research evidence',
  },
  clinical_guideline: {
    zh: '检索并引用临床指南的推荐',
    en: 'Find and cite what the clinical guideline recommends',
  },
};

const ESCALATION_VERB = {
  zh: '紧急评估风险与就医时机（前置风险闸门已升级）',
  en: 'Urgently assess the risk and where to seek care now (the pre-risk gate escalated)',
};

export interface InstructionInput {
  lang: 'zh' | 'en';
  type: TaskType;
  quotes: readonly string[];
  background: readonly string[];
  memorySummary?: string | undefined;
}

function clip(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  if (max <= 1) return '';
  return `${Array.from(text).slice(0, max - 1).join('')}…`;
}

function length(text: string): number {
  return codePointLength(text);
}

function quote(lang: 'zh' | 'en', text: string): string {
  return lang === 'zh' ? `「${text}」` : `"${text}"`;
}

function compose(verb: string, input: Omit<InstructionInput, 'type'>): string {
  const { lang } = input;
  const sep = lang === 'zh' ? '：' : ': ';
  const head = `${verb}${sep}`;
  const labels =
    lang === 'zh'
      ? { bg: '；背景：', mem: '；既往对话摘要：' }
      : { bg: ' Context: ', mem: ' Earlier conversation (summary): ' };
  // Quotes get the budget first; background and memory only use what is left.
  let budget = PLANNER_INSTRUCTION_MAX_CHARS - length(head) - 2;
  const asked = clip(input.quotes.join(' '), budget);
  let text = head + quote(lang, asked);
  budget = PLANNER_INSTRUCTION_MAX_CHARS - length(text) - length(labels.bg) - 2;
  const background = input.background.join(' ');
  if (background && budget > 8) text += labels.bg + quote(lang, clip(background, budget));
  const memory = input.memorySummary?.trim();
  budget = Math.min(MEMORY_CAP, PLANNER_INSTRUCTION_MAX_CHARS - length(text) - length(labels.mem));
  if (memory && budget > 8) text += labels.mem + clip(memory, budget);
  return text;
}

export function buildInstruction(input: InstructionInput): string {
  return compose(VERBS[input.type][input.lang], input);
}

export function buildEscalationInstruction(
  lang: 'zh' | 'en',
  message: string,
  memorySummary?: string,
): string {
  return compose(ESCALATION_VERB[lang], { lang, quotes: [message.trim()], background: [], memorySummary });
}
