import { routingText } from './injection';
import type { Lang } from '@medagent/contracts';

/**
 * A small bilingual lexicon so tool relevance and the offline model can read a question
 * without a model. It is deliberately short: the knowledge lib owns the real vocabularies.
 */
export interface LexiconEntry {
  id: string;
  label: { zh: string; en: string };
  terms: readonly string[];
}

export const CONDITIONS: readonly LexiconEntry[] = [
  {
    id: 'diabetes',
    label: { zh: '糖尿病', en: 'diabetes' },
    terms: ['diabetes', 'diabetic', 'blood sugar', 'glucose', 'hba1c', '糖尿病', '血糖', '糖化'],
  },
  {
    id: 'hypertension',
    label: { zh: '高血压', en: 'hypertension' },
    terms: ['hypertension', 'high blood pressure', 'blood pressure', '高血压', '血压'],
  },
  {
    id: 'gout',
    label: { zh: '痛风', en: 'gout' },
    terms: ['gout', 'uric acid', 'hyperuricemia', '痛风', '尿酸'],
  },
  { id: 'asthma', label: { zh: '哮喘', en: 'asthma' }, terms: ['asthma', 'wheez', '哮喘', '喘息'] },
  {
    id: 'copd',
    label: { zh: '慢阻肺', en: 'COPD' },
    terms: ['copd', 'chronic obstructive', 'emphysema', '慢阻肺', '慢性阻塞性肺', '肺气肿'],
  },
  {
    id: 'thyroid',
    label: { zh: '甲状腺疾病', en: 'thyroid disease' },
    terms: ['thyroid', 'hypothyroid', 'hyperthyroid', '甲状腺', '甲亢', '甲减'],
  },
  {
    id: 'ckd',
    label: { zh: '慢性肾病', en: 'chronic kidney disease' },
    terms: ['ckd', 'kidney', 'renal', 'creatinine', '肾病', '肾功能', '肌酐', '肾'],
  },
  {
    id: 'pregnancy',
    label: { zh: '妊娠', en: 'pregnancy' },
    terms: ['pregnan', 'expecting a baby', '怀孕', '孕妇', '妊娠', '孕期'],
  },
  { id: 'depression', label: { zh: '抑郁症', en: 'depression' }, terms: ['depression', 'depressed', '抑郁'] },
  { id: 'anxiety', label: { zh: '焦虑症', en: 'anxiety' }, terms: ['anxiety', 'panic', '焦虑', '惊恐'] },
  {
    id: 'hyperlipidemia',
    label: { zh: '血脂异常', en: 'hyperlipidemia' },
    terms: ['cholesterol', 'lipid', 'triglyceride', 'ldl', '血脂', '胆固醇', '甘油三酯'],
  },
  {
    id: 'coronary',
    label: { zh: '冠心病', en: 'coronary heart disease' },
    terms: ['coronary', 'angina', 'heart attack', '冠心病', '心绞痛', '心梗'],
  },
  {
    id: 'heart_failure',
    label: { zh: '心力衰竭', en: 'heart failure' },
    terms: ['heart failure', '心衰', '心力衰竭'],
  },
  { id: 'stroke', label: { zh: '脑卒中', en: 'stroke' }, terms: ['stroke', '中风', '脑卒中', '脑梗'] },
  {
    id: 'obesity',
    label: { zh: '肥胖', en: 'obesity' },
    terms: ['obesity', 'overweight', 'weight loss', 'bmi', '肥胖', '超重', '减肥', '体重'],
  },
  {
    id: 'osteoporosis',
    label: { zh: '骨质疏松', en: 'osteoporosis' },
    terms: ['osteoporosis', 'bone density', '骨质疏松', '骨密度'],
  },
  {
    id: 'fatty_liver',
    label: { zh: '脂肪肝', en: 'fatty liver disease' },
    terms: ['fatty liver', 'nafld', 'masld', '脂肪肝'],
  },
  {
    id: 'gastritis',
    label: { zh: '胃炎', en: 'gastritis' },
    terms: ['gastritis', 'reflux', 'gerd', '胃炎', '反流', '胃痛'],
  },
  { id: 'migraine', label: { zh: '偏头痛', en: 'migraine' }, terms: ['migraine', '偏头痛'] },
  {
    id: 'insomnia',
    label: { zh: '失眠', en: 'insomnia' },
    terms: ['insomnia', "can't sleep", '失眠', '睡不着'],
  },
];

export const SYMPTOMS: readonly LexiconEntry[] = [
  {
    id: 'dizziness',
    label: { zh: '头晕', en: 'dizziness' },
    terms: ['dizz', 'lightheaded', 'vertigo', '头晕', '眩晕'],
  },
  {
    id: 'chest_pain',
    label: { zh: '胸痛', en: 'chest pain' },
    terms: ['chest pain', 'chest tightness', '胸痛', '胸闷'],
  },
  { id: 'headache', label: { zh: '头痛', en: 'headache' }, terms: ['headache', '头痛', '头疼'] },
  { id: 'fever', label: { zh: '发热', en: 'fever' }, terms: ['fever', '发热', '发烧'] },
  { id: 'cough', label: { zh: '咳嗽', en: 'cough' }, terms: ['cough', '咳嗽'] },
  {
    id: 'dyspnea',
    label: { zh: '呼吸困难', en: 'shortness of breath' },
    terms: ['shortness of breath', 'breathless', '呼吸困难', '气短', '喘不上气'],
  },
  {
    id: 'palpitations',
    label: { zh: '心悸', en: 'palpitations' },
    terms: ['palpitation', 'racing heart', '心悸', '心慌'],
  },
  {
    id: 'fatigue',
    label: { zh: '乏力', en: 'fatigue' },
    terms: ['fatigue', 'tired', 'weakness', '乏力', '疲劳', '没力气'],
  },
  { id: 'nausea', label: { zh: '恶心', en: 'nausea' }, terms: ['nausea', 'vomit', '恶心', '呕吐'] },
  { id: 'thirst', label: { zh: '口渴', en: 'excessive thirst' }, terms: ['thirst', '口渴', '口干'] },
  {
    id: 'polyuria',
    label: { zh: '多尿', en: 'frequent urination' },
    terms: ['frequent urination', 'polyuria', '多尿', '尿频'],
  },
  {
    id: 'joint_pain',
    label: { zh: '关节痛', en: 'joint pain' },
    terms: ['joint pain', 'swollen joint', '关节痛', '关节肿'],
  },
  { id: 'edema', label: { zh: '水肿', en: 'swelling' }, terms: ['edema', 'swelling', '水肿', '浮肿'] },
  {
    id: 'abdominal_pain',
    label: { zh: '腹痛', en: 'abdominal pain' },
    terms: ['abdominal pain', 'stomach ache', '腹痛', '肚子疼'],
  },
  {
    id: 'blurred_vision',
    label: { zh: '视物模糊', en: 'blurred vision' },
    terms: ['blurred vision', 'blurry', '视物模糊', '视力模糊'],
  },
  { id: 'numbness', label: { zh: '麻木', en: 'numbness' }, terms: ['numb', 'tingling', '麻木', '手脚麻'] },
];

export const MEDICATIONS: readonly LexiconEntry[] = [
  { id: 'metformin', label: { zh: '二甲双胍', en: 'metformin' }, terms: ['metformin', '二甲双胍'] },
  { id: 'insulin', label: { zh: '胰岛素', en: 'insulin' }, terms: ['insulin', '胰岛素'] },
  { id: 'aspirin', label: { zh: '阿司匹林', en: 'aspirin' }, terms: ['aspirin', '阿司匹林'] },
  { id: 'warfarin', label: { zh: '华法林', en: 'warfarin' }, terms: ['warfarin', '华法林'] },
  { id: 'clopidogrel', label: { zh: '氯吡格雷', en: 'clopidogrel' }, terms: ['clopidogrel', '氯吡格雷'] },
  {
    id: 'atorvastatin',
    label: { zh: '阿托伐他汀', en: 'atorvastatin' },
    terms: ['atorvastatin', '阿托伐他汀'],
  },
  { id: 'simvastatin', label: { zh: '辛伐他汀', en: 'simvastatin' }, terms: ['simvastatin', '辛伐他汀'] },
  { id: 'amlodipine', label: { zh: '氨氯地平', en: 'amlodipine' }, terms: ['amlodipine', '氨氯地平'] },
  { id: 'nifedipine', label: { zh: '硝苯地平', en: 'nifedipine' }, terms: ['nifedipine', '硝苯地平'] },
  { id: 'lisinopril', label: { zh: '赖诺普利', en: 'lisinopril' }, terms: ['lisinopril', '赖诺普利'] },
  { id: 'losartan', label: { zh: '氯沙坦', en: 'losartan' }, terms: ['losartan', '氯沙坦'] },
  { id: 'ibuprofen', label: { zh: '布洛芬', en: 'ibuprofen' }, terms: ['ibuprofen', '布洛芬'] },
  {
    id: 'acetaminophen',
    label: { zh: '对乙酰氨基酚', en: 'acetaminophen' },
    terms: ['acetaminophen', 'paracetamol', '对乙酰氨基酚', '扑热息痛'],
  },
  { id: 'allopurinol', label: { zh: '别嘌醇', en: 'allopurinol' }, terms: ['allopurinol', '别嘌醇'] },
  { id: 'febuxostat', label: { zh: '非布司他', en: 'febuxostat' }, terms: ['febuxostat', '非布司他'] },
  { id: 'colchicine', label: { zh: '秋水仙碱', en: 'colchicine' }, terms: ['colchicine', '秋水仙碱'] },
  {
    id: 'levothyroxine',
    label: { zh: '左甲状腺素', en: 'levothyroxine' },
    terms: ['levothyroxine', '左甲状腺素', '优甲乐'],
  },
  { id: 'omeprazole', label: { zh: '奥美拉唑', en: 'omeprazole' }, terms: ['omeprazole', '奥美拉唑'] },
  { id: 'sertraline', label: { zh: '舍曲林', en: 'sertraline' }, terms: ['sertraline', '舍曲林'] },
  { id: 'grapefruit', label: { zh: '西柚', en: 'grapefruit' }, terms: ['grapefruit', '西柚', '葡萄柚'] },
  { id: 'alcohol', label: { zh: '饮酒', en: 'alcohol' }, terms: ['alcohol', '饮酒', '喝酒'] },
];

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

export function findEntries(text: string, entries: readonly LexiconEntry[]): LexiconEntry[] {
  const t = text.toLowerCase();
  return entries.filter((e) => e.terms.some((term) => t.includes(term)));
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

/** More than a few CJK characters means Chinese: English questions rarely contain any. */
export function detectLang(text: string): Lang {
  const cjk = text.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  return cjk >= 2 ? 'zh' : 'en';
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
