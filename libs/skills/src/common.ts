import type { Lang, SkillEvidence } from '@medagent/contracts';
import type { Hit } from '@medagent/knowledge';

export function hitToEvidence(h: Hit): SkillEvidence {
  return {
    source_id: h.doc_id,
    title: h.title,
    snippet: h.snippet,
    score: Math.round(h.score * 10_000) / 10_000,
    kb_version: h.kb_version,
    source_name: h.source.name,
    year: h.source.year,
    ...(h.source.url ? { url: h.source.url } : {}),
  };
}

/** KB topics named in a question (the controlled topic list of the starter KB). */
const TOPIC_CUES: [string, RegExp][] = [
  ['diabetes', /糖尿病|血糖|糖化|胰岛素|二甲双胍|降糖|diabet|glucose|a1c|hba1c|insulin|metformin/i],
  ['hypertension', /高血压|血压|降压|hypertens|blood pressure/i],
  ['dyslipidemia', /血脂|胆固醇|甘油三酯|他汀|低密度|cholesterol|lipid|statin|ldl|triglycerid/i],
  ['gout', /痛风|尿酸|gout|uric/i],
  ['asthma', /哮喘|asthma/i],
  ['copd', /慢阻肺|慢性阻塞|copd|emphysema/i],
  ['thyroid', /甲状腺|甲亢|甲减|thyroid/i],
  ['ckd', /肾病|肾功能|肾衰|肌酐|kidney|renal|ckd|egfr/i],
  ['pregnancy', /怀孕|妊娠|孕期|孕妇|pregnan/i],
  ['pediatrics', /宝宝|婴儿|儿童|小孩|孩子|infant|baby|child/i],
  ['depression', /抑郁|depress/i],
  ['anxiety', /焦虑|anxiet|panic/i],
  ['insomnia', /失眠|睡不着|insomnia/i],
  ['obesity', /肥胖|减重|减肥|体重|obes|weight/i],
  ['stroke', /中风|卒中|脑梗|stroke/i],
  ['coronary_heart_disease', /冠心病|心绞痛|心梗|coronary|angina/i],
  ['smoking', /吸烟|戒烟|smok/i],
  ['alcohol', /饮酒|喝酒|酒精|alcohol/i],
  ['influenza', /流感|influenza|\bflu\b/i],
  ['hypoglycemia', /低血糖|hypoglyc/i],
];

export function topicsIn(text: string): string[] {
  return TOPIC_CUES.filter(([, re]) => re.test(text)).map(([t]) => t);
}

export function t(lang: Lang, zh: string, en: string): string {
  return lang === 'zh' ? zh : en;
}

export function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export const QUERY_SCHEMA_PROP = { type: 'string', minLength: 1, maxLength: 2000, description: 'The question or text to work on, in the user\'s words.' } as const;

/** Character-bigram Dice similarity: language-agnostic, enough to rank a user's own past questions. */
export function bigramDice(a: string, b: string): number {
  const grams = (s: string): Map<string, number> => {
    const m = new Map<string, number>();
    const x = s.toLowerCase().replace(/\s+/g, ' ');
    for (let i = 0; i < x.length - 1; i++) {
      const g = x.slice(i, i + 2);
      m.set(g, (m.get(g) ?? 0) + 1);
    }
    return m;
  };
  const A = grams(a);
  const B = grams(b);
  let inter = 0;
  let total = 0;
  for (const [g, n] of A) {
    inter += Math.min(n, B.get(g) ?? 0);
    total += n;
  }
  for (const n of B.values()) total += n;
  return total === 0 ? 0 : (2 * inter) / total;
}

/**
 * What a retrieval skill says when the knowledge base has nothing on the question's main
 * concept: plainly that, and safe next steps — never another condition's text.
 */
export function noCoverageSummary(lang: Lang, label: string | undefined): string {
  const what = label ?? t(lang, '这个问题', 'this question');
  return t(
    lang,
    `知识库中没有关于「${what}」的资料，因此不引用其他疾病的内容。建议：带上症状、检查结果和正在使用的药物咨询医生或药师；如出现呼吸困难、胸痛、意识改变、抽搐或大出血等危急情况，请立即拨打120。`,
    `The knowledge base has no material on "${what}", so no other condition's text is quoted. Next steps: ask a doctor or pharmacist, bringing your symptoms, test results and medicines; for an emergency such as trouble breathing, chest pain, confusion, a seizure or heavy bleeding, call the emergency number now.`,
  );
}
