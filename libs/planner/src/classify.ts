import { TASK_OWNER, TASK_TYPES, type TaskType } from '@medagent/contracts';
import { normaliseZh } from './dialect-zh';
import { countCjk, hasCjk as anyCjk, nfkc } from './features';
import { MODEL_LABELS, type NbScorer } from './naive-bayes';
import { candidateRules, indexRules, type RuleIndex } from './rule-index';
import type { CueRule } from './rule-types';
import { EN_DRUG, EN_ORG_RULE, EN_QUESTION, EN_REQUEST, EN_RULES, normaliseEn } from './rules-en';
import { ZH_DRUG, ZH_QUESTION, ZH_REQUEST, ZH_RULES } from './rules-zh';
import type { Clause } from './segment';
import { ASKING_CUES, KNOWLEDGE_FORM, ZH_NEEDS_DRUG } from './cue-rules';
import { applyClauseCues } from './cue-engine';

// Rules decide whether a clause asks for something and, when they fire, what;
// the naive-Bayes model breaks near-ties and covers questions no rule knows.

export type TypeScores = Record<TaskType, number>;

export interface ClauseSignal {
  asking: boolean;
  rule: TypeScores;
  fired: string[];
}

export interface ClauseDecision {
  type: TaskType | null;
  /** Confidence in [0, 1]. */
  score: number;
  via: 'rules' | 'model' | 'default' | 'follow-up' | 'context';
  signal: ClauseSignal;
  /** Index of a preceding background clause whose frame ("按照ESC指南，…") this clause took over. */
  frameFrom?: number;
  /** A cue-less clause ending in a comma: it leads into the next clause rather than asking on its own. */
  leadIn?: boolean;
}

const COMMA_CLOSERS = new Set(['，', ',', '、', '：']);

export interface MessageCues {
  /** A guideline is named somewhere, so "控制在多少/target" questions are about it. */
  hasGuideline: boolean;
  /** The user reports a doctor's order ("医生让我…"), so a bare "为什么" asks about that order. */
  doctorOrder: boolean;
  /** A drug, vaccine or injection is named, so a bare "能不能吃/会不会引起X" is about it. */
  drugTopic: boolean;
  /** A diagnosis is proposed ("是甲减吗"), so "需要查甲功吗" asks which test confirms it (symptom analysis). */
  hypothesis: boolean;
  /** Diagnoses a report or a doctor already named ("心电图说是“房性早搏”"): "早搏是怎么回事" asks what it is. */
  named: string[];
  /** A risk is mentioned ("my doctor says I'm at high risk"), so a bare "How high, realistically?" asks for it. */
  riskTopic: boolean;
}

const DOCTOR_ORDER =
  /(医生|大夫|医院)(给我|让我)?(开|让|说|要求|建议|嘱咐|交代)|\b(doctor|gp|nurse|consultant)( \w+)? (wants|told|said|asked|put|prescribed|started|ordered)\b/i;
// "医生开了阿卡波糖": whatever was prescribed is a drug, even a name no rule lists.
const PRESCRIBED = /(医生|大夫|医院)(给我|给他|给她|给孩子)?开(了|的)/;
const HYPOTHESIS_RULES = new Set([
  'zh.sym.is_it',
  'zh.sym.could_be',
  'zh.sym.is_disease',
  'zh.sym.this_or_that',
]);
export { KNOWLEDGE_FORM } from './cue-rules';


// The model may only break ties between rule readings, never overturn a stronger cue.
const NB_WEIGHT = 0.9;
const MODEL_MIN = 0.5;
const MODEL_OVERRIDE = 0.9;
// Dominance ties inside one worker go to the more specific reading.
export const TYPE_PRIORITY: readonly TaskType[] = [
  'symptom_analysis',
  'risk_triage',
  'disease_classification',
  'clinical_guideline',
  'clinical_research',
  'general_consultation',
  'lifestyle_guidance',
];

export function emptyScores(): TypeScores {
  return {
    general_consultation: 0,
    lifestyle_guidance: 0,
    risk_triage: 0,
    symptom_analysis: 0,
    disease_classification: 0,
    clinical_research: 0,
    clinical_guideline: 0,
  };
}

function applyRules(index: RuleIndex, text: string, fired: string[]): TypeScores {
  const scores = emptyScores();
  const { rules } = index;
  // Rules none of whose start characters occur in the text cannot match (rule-index.ts).
  const candidate = candidateRules(index, text);
  for (let k = 0; k < rules.length; k += 1) {
    const rule = rules[k];
    if (rule === undefined || candidate[k] === 0) continue;
    if (!rule.re.test(text)) continue;
    if (rule.requires && !rule.requires.test(text)) continue;
    if (rule.unless && rule.unless.test(text)) continue;
    scores[rule.type] += rule.w;
    fired.push(rule.id);
  }
  return scores;
}

// messageCues reads only the guideline score and whether a hypothesis rule fired, so it runs
// only the rules that can change those (rules are stateless: no g or y flags, pinned in a spec).
const cueRule = (rule: CueRule): boolean => rule.type === 'clinical_guideline' || HYPOTHESIS_RULES.has(rule.id);
export const MESSAGE_CUE_RULES = {
  zh: ZH_RULES.filter(cueRule),
  en: EN_RULES.filter(cueRule),
} as const;
const ZH_INDEX = indexRules(ZH_RULES);
const EN_INDEX = indexRules(EN_RULES);
const CUE_INDEX = { zh: indexRules(MESSAGE_CUE_RULES.zh), en: indexRules(MESSAGE_CUE_RULES.en) } as const;

export function messageCues(original: string): MessageCues {
  const message = normaliseZh(nfkc(original));
  // Each computed once (the same pure functions of the same text as before).
  const nfkcMessage = nfkc(message);
  const en = normaliseEn(message);
  const fired: string[] = [];
  const zhScores = applyRules(CUE_INDEX.zh, nfkcMessage, fired);
  const enScores = applyRules(CUE_INDEX.en, en, fired);
  return {
    hasGuideline: zhScores.clinical_guideline >= 3 || enScores.clinical_guideline >= 3 || EN_ORG_RULE.re.test(message),
    doctorOrder: DOCTOR_ORDER.test(message),
    drugTopic: ZH_DRUG.test(nfkcMessage) || PRESCRIBED.test(message) || EN_DRUG.test(en),
    hypothesis: fired.some((id) => HYPOTHESIS_RULES.has(id)),
    named: namedDiagnoses(nfkcMessage),
    riskTopic: RISK_WORD.test(en),
  };
}

const RISK_WORD = /\brisks?\b|风险|危险/;

// A term quoted, or after "诊断(为)/说是/写着/报告(提示)", is a diagnosis someone already gave.
const NAMED =
  /[“"「『]([^”"」』，。？?]{2,16})[”"」』]|(?:诊断(?:为|是)?|说是|写着|写的是|报告(?:提示|显示|说)?|提示|查出(?:了|个|来)?)([\u4e00-\u9fff]{2,8}?)(?=[，,。？?、；;]|$)/g;

function namedDiagnoses(message: string): string[] {
  const out: string[] = [];
  for (const m of message.matchAll(NAMED)) {
    const term = (m[1] ?? m[2] ?? '').trim();
    if (term) out.push(term);
  }
  return out;
}

// Indefinites and negations are not questions: "没啥症状", "什么时候吃都行".
const NOT_ASKING =
  /(?<!有)没(有)?(啥|什么)|(什么|啥|哪)(时候|样|种|个|些)?[^，。？?]{0,6}(都|也)(行|可以|能|一样|没事|无所谓|不|没)/g;
// "严重不严重/正常不正常": A-not-A over a two-character word.
const ZH_A_NOT_A = /([\u4e00-\u9fff]{2})不\1/;

/** Rule evidence for one clause; both rule sets run on mixed-language text and the max per type wins. */
export function signalFor(text: string, cues: MessageCues): ClauseSignal {
  const fired: string[] = [];
  // Trailing separators would defeat the "…吗$"-style anchors; a question mark stays as a cue.
  const raw = normaliseZh(nfkc(text)).replace(/[,，、:：;；.。!！\s]+$/, '');
  const en = normaliseEn(raw);
  const hasCjk = anyCjk(raw);
  const rule = emptyScores();
  // English cues only matter when the clause has latin words (a Chinese clause naming "ICD" or "NICE").
  const enScores = /[a-z]/i.test(raw) ? applyRules(EN_INDEX, en, fired) : emptyScores();
  // Organisation acronyms are case-sensitive ("NICE" the body, not "nice").
  if (EN_ORG_RULE.re.test(raw)) {
    enScores.clinical_guideline += EN_ORG_RULE.w;
    fired.push(EN_ORG_RULE.id);
  }
  const zhScores = hasCjk ? applyRules(ZH_INDEX, raw, fired) : emptyScores();
  for (const type of TASK_TYPES) rule[type] = Math.max(zhScores[type], enScores[type]);
  // The clause cue rules (cue-rules.ts): one declarative table, run in order.
  let zhDrugSeen: boolean | undefined;
  let zhNeedsDrugSeen: boolean | undefined;
  applyClauseCues({
    raw,
    en,
    hasCjk,
    cues,
    rule,
    fired,
    zhDrug: () => (zhDrugSeen ??= ZH_DRUG.test(raw)),
    zhNeedsDrug: () => (zhNeedsDrugSeen ??= ZH_NEEDS_DRUG.test(raw)),
  });
  const stripped = hasCjk ? raw.replace(NOT_ASKING, '') : raw;
  const asking = hasCjk
    ? ZH_QUESTION.test(stripped) || ZH_A_NOT_A.test(raw) || ZH_REQUEST.test(raw) || EN_REQUEST.test(en)
    : EN_QUESTION.test(en) || EN_REQUEST.test(en);
  return { asking: asking || fired.some((id) => ASKING_CUES.has(id)), rule, fired };
}

function best(scores: TypeScores, among: readonly TaskType[]): { type: TaskType; value: number } {
  let top: TaskType = among[0] ?? 'general_consultation';
  for (const type of TYPE_PRIORITY) {
    if (among.includes(type) && scores[type] > scores[top]) top = type;
  }
  return { type: top, value: scores[top] };
}

function softmaxShare(scores: TypeScores, chosen: TaskType): number {
  let max = -Infinity;
  for (const t of TASK_TYPES) max = Math.max(max, scores[t]);
  let sum = 0;
  for (const t of TASK_TYPES) sum += Math.exp(scores[t] - max);
  return Math.exp(scores[chosen] - max) / sum;
}

// MODEL_LABELS.indexOf(TASK_TYPES[t]) for each position t, looked up once.
const LABEL_AT: readonly number[] = TASK_TYPES.map((t) => MODEL_LABELS.indexOf(t));

function size(text: string): number {
  const cjk = countCjk(text);
  return cjk > 0 ? cjk : text.split(/\s+/).filter(Boolean).length * 1.5;
}

const ANAPHORIC_START =
  /^(那|那么|这|这个|这样|它|其|还是|为什么|为啥|而且|结果|具体|那个|and|so|but|or|then|it|that|this|why|how come|what about|how about)(?![a-z])/i;

/** Continues the previous question rather than opening a new one. */
function isFollowUp(text: string): boolean {
  const n = size(text.trim());
  return n <= 6 || (n <= 14 && ANAPHORIC_START.test(text.trim()));
}

function modelView(posterior: number[]): { label: TaskType | 'context'; p: number } {
  let index = 0;
  posterior.forEach((p, i) => {
    if (p > (posterior[index] ?? 0)) index = i;
  });
  const label = MODEL_LABELS[index] ?? 'context';
  return { label, p: posterior[index] ?? 0 };
}

const DIFFERENCE_FORM = new Set(['zh.gen.difference', 'en.gen.difference']);
const FRAME_CLOSERS = new Set(['，', ',', '、', '：', '']);
const ANAPHORIC_MEANING = /^(那|这|这个|那个|this|that|it)|是什么意思|什么意思|啥意思|\bmean\b/i;

/**
 * "最新的ADA指南里，…首选哪类药" / "按照ESC指南，我需要…": a background clause can name
 * the source the next question is about. Guideline and research frames carry over;
 * a code or grade only carries into "这是什么意思"-style questions about it.
 */
function withFrame(signal: ClauseSignal, text: string, frame: ClauseSignal | undefined): boolean {
  if (!frame || frame.asking) return false;
  let carried = false;
  const take = (type: TaskType, min: number): void => {
    if (frame.rule[type] >= min) {
      signal.rule[type] += frame.rule[type];
      carried = true;
    }
  };
  take('clinical_guideline', 3);
  take('clinical_research', 4);
  // "慢性肾脏病3a期，3a跟3b是怎么区分的": a clause asking only how two things differ, right after
  // a stage or grade was named, asks about that scheme ("what exactly is an adenoma" stays knowledge).
  const onlyDifference = signal.fired.length > 0 && signal.fired.every((id) => DIFFERENCE_FORM.has(id));
  if (ANAPHORIC_MEANING.test(text.trim()) || onlyDifference) take('disease_classification', 3);
  if (carried) signal.fired.push('carry.frame');
  return carried;
}

interface Thread {
  previous: ClauseDecision | undefined;
  hasNext: boolean;
  cues: MessageCues;
  /** Background about the user came before ("我现在是非增殖期，"). */
  personalLead: boolean;
}

// "多久查一次眼底": an interval is the user's follow-up when it is about them, else a test's usual interval.
const INTERVAL =
  /(多久|多长时间|隔多久|间隔多久)(要|该|需要|得|应该)?(查|测|做|复查|检查|拍|照|去)[^，。？?]{0,4}(一)?次|\bhow often (should|do|does|must) (i|he|she|we|they|my \w+|someone|people|a person|you|adults|women|men)\b/i;

/**
 * A question clause no cue recognised still asks something: its interrogative form and topic
 * name the act ("X是怎么测的" knowledge, "要去吗" triage, "会不会是X" cause, "怎么安排" self-care).
 * Checked in order; the first match wins. Only used when no rule fired.
 */
const DEFAULT_ACTS: readonly { type: TaskType; re: RegExp }[] = [
  // Whether something may explain the complaint.
  {
    type: 'symptom_analysis',
    re: /会不会是|可能是|难道是|是不是|有关|关系|引起的|导致的|\b(could|might|can) (it|this|that|these|they|my [a-z ]{1,20}) be\b|\bbecause of\b|\bdue to\b|\brelated\b/i,
  },
  // Whether, when or where to be seen; how urgent; whether to treat now.
  {
    type: 'risk_triage',
    re: /(要|需要|得|该|用不用|要不要|需不需要|必须)[^，。？?]{0,6}(去|看|查|治|处理|吃药|打针|住院)[^，。？?]{0,6}(吗|嘛|呢|不)?[？?]?$|\b(do|does|should|must) (i|he|she|we|they|my \w+) (need to )?(go(?! (higher|up|lower|down|ahead|on)\b)|see|get seen|be seen|get checked|get tested|worry|treat)\b|\b(can|could) (it|this|that) wait\b|\b(should|do|must) (i|we|he|she) (book|call|ring|make an appointment|go in|get in)\b/i,
  },
  // How to live with it: diet, exercise, sleep, routine.
  {
    type: 'lifestyle_guidance',
    re: /(怎么|如何|咋)(办|弄|安排|吃|喝|练|睡|养|调|改|做才|坚持|保持)|(吃|喝|练|跑|走|游|睡|做)[^，。？?]{0,6}(行不行|行吗|可以吗|可不可以|好不好|没问题吧|没事吧|多不多|够不够)[？?]?$|(怎么|如何|咋)[^，。？?]{1,3}(吃|喝|练|睡|运动|锻炼)[？?]?$|(能|可以|能不能|可不可以)(吃|喝|运动|锻炼|上班|出门|旅行|游泳|跑步)|吃东西|饮食|运动|锻炼|睡觉|作息|\bhow (do|can|should|would) (i|we)\b|\bhow (long|often|much|many) (should|can|do) (i|we)\b|\bwhat can (i|we) do\b|\b(eat|exercise|sleep|diet|walk|routine)\b/i,
  },
  // What something is, how it works, what a value means.
  {
    type: 'general_consultation',
    re: /是什么|是啥|什么是|(是)?(怎么|如何)[^，。？?]{0,4}的[？?]?$|为什么|为啥|多少|几(天|周|个月|年|次)|会不会(传|遗|复发|好)|能不能(治|好|根治)|\bwhat (is|are|does|do)\b|\bhow (does|do|is|are)\b(?! (i|we)\b)|\bhow (long|much|many)\b|\bwhy\b/i,
  },
];

const PERSONAL = /我|他|她|孩子|宝宝|老人|我妈|我爸|\b(i|my|me|he|she|his|her|we|our)\b/i;
// A clause that opens with its own interrogative ("am I in a higher-risk group,") is a question, not a lead-in.
const OWN_QUESTION =
  /^(and |but |so |also )?(am|is|are|do|does|did|can|could|should|would|will|what|how|why|when|which|where|who)\b|[吗嘛呢][？?，,]?$/i;

// A clause that names a drug asks about the drug unless it asks for a cause ("是不是药引起的").
const NAMES_DRUG = (text: string): boolean =>
  ZH_DRUG.test(nfkc(text)) || EN_DRUG.test(normaliseEn(text));

function defaultAct(text: string): TaskType | null {
  for (const act of DEFAULT_ACTS) {
    if (!act.re.test(text)) continue;
    if (act.type !== 'symptom_analysis' && NAMES_DRUG(text)) return 'general_consultation';
    return act.type;
  }
  return null;
}
const MODEL_SURE = 0.7;
const THREAD_TYPES: readonly TaskType[] = ['clinical_guideline', 'clinical_research'];

/** A question no rule recognises: continue the thread, or trust the model when it is sure. */
function decideWithoutCues(
  clause: Clause,
  signal: ClauseSignal,
  posterior: number[],
  thread: Thread,
): ClauseDecision {
  const context: ClauseDecision = { type: null, score: 0, via: 'context', signal };
  const text = clause.text.trim();
  // "…，" leading into the next clause is a lead-in, not a question of its own.
  if (
    COMMA_CLOSERS.has(clause.closer) &&
    thread.hasNext &&
    !(OWN_QUESTION.test(text) && defaultAct(text) !== null)
  ) {
    return { ...context, leadIn: true };
  }
  const model = modelView(posterior);
  const modelType = model.label === 'context' ? null : model.label;
  const previous = thread.previous;
  const inherit: ClauseDecision | undefined = previous?.type
    ? { type: previous.type, score: previous.score * 0.8, via: 'follow-up', signal }
    : undefined;
  const byModel: ClauseDecision | undefined = modelType
    ? { type: modelType, score: model.p * 0.8, via: 'model', signal }
    : undefined;
  // "指南建议多大年纪开始筛查？没症状也要查吗", "试验入组的是什么病人，主要终点降了多少": a short
  // impersonal follow-up stays with the guideline or study asked about.
  if (
    previous?.type &&
    previous.via === 'rules' &&
    THREAD_TYPES.includes(previous.type) &&
    !PERSONAL.test(text) &&
    size(text) <= 10 &&
    defaultAct(text) !== 'lifestyle_guidance'
  ) {
    return inherit ?? context;
  }
  // "…EAU guidelines say about PSA testing, and should I book in now?": a short personal question whose
  // own form names an act of another worker (go now, how do I live with it) opens that act.
  const ownAct = defaultAct(text);
  if (
    previous?.type &&
    ownAct &&
    (ownAct === 'risk_triage' || ownAct === 'lifestyle_guidance') &&
    TASK_OWNER[ownAct] !== TASK_OWNER[previous.type] &&
    (PERSONAL.test(text) || (ownAct === 'risk_triage' && anyCjk(text))) &&
    !INTERVAL.test(text) &&
    !(byModel && model.p >= MODEL_OVERRIDE && modelType === previous.type)
  ) {
    return { type: ownAct, score: 0.4, via: 'default', signal };
  }
  if (previous?.type && isFollowUp(clause.text)) {
    // A tiny follow-up ("为什么改了") is too little text for the model to outvote the thread.
    const jump =
      modelType !== null && model.p >= MODEL_OVERRIDE && modelType !== previous.type && size(clause.text) > 6;
    return (jump ? byModel : inherit) ?? context;
  }
  if (INTERVAL.test(text)) {
    // A named guideline answers the interval; otherwise the user's own is follow-up, a test's usual one knowledge.
    const own = PERSONAL.test(text) || thread.personalLead;
    const type = thread.cues.hasGuideline ? 'clinical_guideline' : own ? 'risk_triage' : 'general_consultation';
    return { type, score: 0.4, via: 'default', signal };
  }
  // A full question of its own: its form decides unless the model is sure.
  const act = defaultAct(text);
  if (act && !(byModel && model.p >= MODEL_SURE)) {
    return { type: act, score: 0.4, via: 'default', signal };
  }
  if (byModel && model.p >= MODEL_MIN) return byModel;
  if (model.label === 'context' && model.p >= MODEL_MIN) return context;
  // An unrecognised question is more likely part of the thread than small talk.
  return inherit ?? context;
}

export function decideClauses(
  original: readonly Clause[],
  scorer: NbScorer,
  cues: MessageCues,
): ClauseDecision[] {
  // Dialect and traditional forms are read in their standard Mandarin spelling (offsets unchanged).
  const clauses = original.map((c) => ({ ...c, text: normaliseZh(nfkc(c.text)) }));
  const decisions: ClauseDecision[] = [];
  let previous: ClauseDecision | undefined;
  clauses.forEach((clause, i) => {
    const signal = signalFor(clause.text, cues);
    const before = clauses[i - 1];
    const frame = before && FRAME_CLOSERS.has(before.closer) ? decisions[i - 1] : undefined;
    const framed = signal.asking && frame?.type === null && withFrame(signal, clause.text, frame.signal);
    let decision: ClauseDecision = { type: null, score: 0, via: 'context', signal };
    if (signal.asking) {
      const posterior = scorer.posterior(clause.text);
      const cued = TASK_TYPES.filter((t) => signal.rule[t] > 0);
      if (cued.length > 0) {
        const combined = emptyScores();
        for (let t = 0; t < TASK_TYPES.length; t += 1) {
          const type = TASK_TYPES[t] ?? 'general_consultation';
          combined[type] = signal.rule[type] + NB_WEIGHT * (posterior[LABEL_AT[t] ?? -1] ?? 0);
        }
        const pick = best(combined, cued);
        decision = { type: pick.type, score: softmaxShare(combined, pick.type), via: 'rules', signal };
      } else {
        decision = decideWithoutCues(clause, signal, posterior, {
          previous,
          hasNext: i + 1 < clauses.length,
          cues,
          personalLead: clauses.slice(0, i).some((c, k) => decisions[k]?.type === null && PERSONAL.test(c.text)),
        });
      }
    }
    // "分级是怎么定出来的，有啥区别": a short knowledge question right after a classification
    // question asks about that scheme (the classification reading absorbs it).
    const last = decisions[i - 1];
    if (
      decision.type === 'general_consultation' &&
      last?.type === 'disease_classification' &&
      isFollowUp(clause.text) &&
      signal.fired.length > 0 &&
      signal.fired.every((id) => KNOWLEDGE_FORM.has(id))
    ) {
      signal.rule.disease_classification += signal.rule.general_consultation;
      signal.fired.push('carry.cls_absorbs');
      decision = { ...decision, type: 'disease_classification' };
    }
    // "SPRINT研究说…，具体结果是什么，收缩压降到多少" / "what did they find": a short impersonal
    // follow-up whose only cue is a generic knowledge or target form stays with the study or guideline.
    if (
      decision.type === 'general_consultation' &&
      previous?.via === 'rules' &&
      previous.type &&
      THREAD_TYPES.includes(previous.type) &&
      isThreadFollowUp(clause.text, signal)
    ) {
      signal.fired.push('carry.thread');
      decision = { ...decision, type: previous.type, via: 'follow-up' };
    }
    if (framed && decision.type) decision.frameFrom = i - 1;
    decisions.push(decision);
    if (decision.type) previous = decision;
  });
  absorbClaimIntoEvidence(clauses, decisions);
  return decisions;
}

const GENERIC_CUES = new Set([...KNOWLEDGE_FORM, 'any.target']);
// What a study found or how it was run: asked of the study, not as general knowledge.
const RESULT_WORD =
  /结果|结论|终点|发现|数据|效果|获益|入组|样本|随访|降(了|到)|^(它|这|那|这个|那个)|\b(results?|findings?|outcomes?|end-?points?|benefits?|numbers|conclusions?|effect size)\b|^(and |so )?(it|this|that|they)\b/i;

function isThreadFollowUp(text: string, signal: ClauseSignal): boolean {
  const t = text.trim();
  if (PERSONAL.test(t) || size(t) > 10) return false;
  if (!signal.fired.every((id) => GENERIC_CUES.has(id))) return false;
  return signal.fired.every((id) => id === 'any.target') || RESULT_WORD.test(t);
}

// "有研究吗 / any research? / or is that a myth?": a bare ask for evidence or truth ...
const BARE_EVIDENCE =
  /^(那|那么)?(有|有没有)(没有)?(相关|这方面|这方面的|什么|啥)?(的)?(研究|证据|数据|文献|临床试验)(支持|证明|证实|依据|(讲|说|提|做|证明)(过)?(这个)?)?(吗|嘛|么|呢)?[？?]?$|^(这|这个)?(是)?真的(吗|假的)|^(靠谱|可信)(吗|嘛)|^(and |so |but |or )?(is there |are there |any )(any |some |good |real |actual |solid |decent |much )?(research|evidence|studies|data|trials?|proof)( (on|for|behind|about) (it|this|that|these|them))?\??$|^(or |but |and )?(is|was) (that|this|it) (just |mostly |all |only |simply )?(a myth|myth|true|hype|marketing|real|a fad)\??$/i;
// ... makes the impersonal effect claim just before it the study's question ("长期吃奥美拉唑会不会增加痴呆风险，有研究吗").
const EFFECT_CLAIM =
  /(会不会|能不能|能否|可以|能|会)[^，。？?]{0,4}(增加|降低|减少|导致|引起|诱发|预防|造成|升高|逆转|延缓|影响|得|患)|(增加|降低|减少)[^，。？?]{0,8}(风险|几率|概率|发病)|\b(cause|causes|lead to|leads to|raise|raises|increase|increases|lower|lowers|reduce|reduces|prevent|prevents|protect against|trigger|triggers|reverse|reverses)\b/i;
// An impersonal "会不会得高血压" is a claim about people in general, not the user's own risk.
const CLAIM_TYPES: readonly TaskType[] = [
  'general_consultation',
  'lifestyle_guidance',
  'symptom_analysis',
  'risk_triage',
];

function absorbClaimIntoEvidence(clauses: readonly Clause[], decisions: ClauseDecision[]): void {
  for (let i = decisions.length - 1; i > 0; i -= 1) {
    const evidence = decisions[i];
    const clause = clauses[i];
    if (evidence?.type !== 'clinical_research' || !clause) continue;
    const bare = clause.text.trim().replace(/[,，、:：;；.。!！\s]+$/, '');
    if (!BARE_EVIDENCE.test(nfkc(bare))) continue;
    const claim = decisions[i - 1];
    const claimText = clauses[i - 1]?.text ?? '';
    if (!claim?.type || !CLAIM_TYPES.includes(claim.type)) continue;
    if (PERSONAL.test(claimText) || !EFFECT_CLAIM.test(normaliseEn(claimText))) continue;
    claim.signal.fired.push('carry.claim_to_evidence');
    decisions[i - 1] = { ...claim, type: 'clinical_research', via: 'follow-up' };
  }
}
