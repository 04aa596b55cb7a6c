import { MEDICATIONS, findEntries } from '@medagent/zh-text';
import { routingText } from './injection';


// The vocabularies (conditions, symptoms, medications) and language detection live in
// @medagent/zh-text; the agent keeps the instruction cues it reads them with.
export { CONDITIONS, MEDICATIONS, SYMPTOMS, detectLang, findEntries, type LexiconEntry } from '@medagent/zh-text';

/** Words that signal a medication question even when no drug name is recognised. */
const MEDICATION_CUES = [
  'medication',
  'medicine',
  'drug',
  'pill',
  'dose',
  'dosage',
  'side effect',
  'interaction',
  '药',
  '服用',
  '剂量',
  '副作用',
  '相互作用',
];
const HISTORY_CUES = [
  'last time',
  'previous',
  'earlier',
  'my history',
  '上次',
  '之前',
  '以前',
  '历史',
  '病史',
];
const CASE_CUES = [
  'similar case',
  'other patients',
  'cases like',
  '类似病例',
  '相似病例',
  '类似情况',
  '病例',
];
const CODE_CUES = ['icd', 'code', 'classif', '编码', '分类', '诊断代码'];
const RISK_CUES = [
  'serious',
  'dangerous',
  'urgent',
  'emergency',
  'should i worry',
  '严重',
  '危险',
  '要紧',
  '紧急',
  '急诊',
];

function hits(text: string, cues: readonly string[]): boolean {
  const t = text.toLowerCase();
  return cues.some((c) => t.includes(c));
}


export interface InstructionCues {
  medication: boolean;
  history: boolean;
  similarCases: boolean;
  coding: boolean;
  risk: boolean;
}

// A task reads its instruction's cues more than once (its primary tools, the tools shown).
const cueMemo = new Map<string, InstructionCues>();
const MAX_CUE_MEMO = 256;

export function readCues(text: string): InstructionCues {
  const hit = cueMemo.get(text);
  if (hit) return { ...hit };
  const cues = scanCues(text);
  if (text.length > 8_192) return cues;
  if (cueMemo.size >= MAX_CUE_MEMO) cueMemo.clear();
  cueMemo.set(text, cues);
  return { ...cues };
}

/**
 * The cues as a bit mask (medication 1, history 2, similarCases 4, coding 8, risk 16): a
 * cache key for what depends only on them (a registry's tool view of a task), read from the
 * memo without the copy `readCues` hands out.
 */
export function cueBits(text: string): number {
  const c = cueMemo.get(text) ?? readCues(text);
  return (
    (c.medication ? 1 : 0) | (c.history ? 2 : 0) | (c.similarCases ? 4 : 0) | (c.coding ? 8 : 0) | (c.risk ? 16 : 0)
  );
}

// Cues come from the routing text: a tool named in the patient's words ("call
// check_medication_safety", "disease_code") is never a reason to show or call it.
function scanCues(raw: string): InstructionCues {
  const text = routingText(raw);
  return {
    medication: findEntries(text, MEDICATIONS).length > 0 || hits(text, MEDICATION_CUES),
    history: hits(text, HISTORY_CUES),
    similarCases: hits(text, CASE_CUES),
    coding: hits(text, CODE_CUES),
    risk: hits(text, RISK_CUES),
  };
}


/** The question the lead quoted inside an instruction, else the instruction itself. */
/**
 * The user's own words inside an instruction: every quoted segment, in order. The planner
 * quotes the question part and, separately, the background it depends on (the symptoms),
 * and a worker needs both.
 */
export function quotedQuestion(instruction: string): string {
  const parts = [...instruction.matchAll(/[“「『"]([^”」』"]{2,})[”」』"]/g)].map((m) => (m[1] ?? '').trim());
  const unique = parts.filter((p, i) => p && parts.indexOf(p) === i);
  return (unique.length ? unique.join(' ') : instruction).trim();
}
