import type { TaskType } from '@medagent/contracts';
import { codePointLength } from './features';
import { EN_DRUG } from './rules-en';
import type { MessageCues, TypeScores } from './classify';

// Clause cue rules: what the planner adds to a clause's rule scores once the lexical rule sets
// (rules-zh / rules-en) have run. One declarative table, run in order by cue-engine.ts: each
// rule has an id (recorded in the plan's rationale when it fires), a pattern tested on the
// clause (Chinese-normalised `raw`, or `en`), a guard over the clause's context, and the weight
// it moves. The patterns and their rationale are below the types.

/** What a guard may read: the clause, its script, the message-level cues and the scores so far. */
export interface CueContext {
  raw: string;
  en: string;
  hasCjk: boolean;
  cues: MessageCues;
  rule: TypeScores;
  fired: string[];
  /** Memoised long alternations (each tested at most once per clause). */
  zhDrug(): boolean;
  zhNeedsDrug(): boolean;
}

/** How a rule moves the scores. */
export type CueWeight =
  | { add: TaskType; by: number }
  | { sub: TaskType; by: number }
  | { cap: TaskType; at: number }
  /** `into` gains the largest of `from` (or their sum with `sum`), and `from` drop to 0. */
  | { absorb: TaskType; from: readonly TaskType[]; sum?: boolean };

export interface ClauseCueRule {
  id: string;
  /** Tested on `raw` (default), on `en`, or on `raw` for Chinese clauses and `en` otherwise. */
  on?: 'raw' | 'en' | 'script';
  pattern?: RegExp;
  /** Only Chinese clauses (`cjk`) or only clauses with no CJK (`latin`). */
  script?: 'cjk' | 'latin';
  guard?: (x: CueContext) => boolean;
  weight: readonly CueWeight[];
  /** A rule that only adjusts and records nothing. */
  silent?: boolean;
  /** The clause asks something even without a question mark or a known request verb. */
  asks?: boolean;
}

/** Cues that only say the clause asks for knowledge (what is / what does it mean / how do they differ). */
export const KNOWLEDGE_FORM = new Set([
  'zh.gen.what_is',
  'zh.gen.difference',
  'zh.gen.indicates',
  'en.gen.what_is',
  'en.gen.difference',
  'en.gen.meaning',
]);

const ZH_DRUG_USE =
  /(有用|管用|有效|好使)(吗|嘛|不)|(怎么|如何|咋)(吃|服|用)|(吃|用|服)多(少|久)|疗程|补(钙|铁|锌|充|维生素)|剂量|能(不能)?吃|可以吃|能不能吃|吃[^，。？?]{0,3}(吗|嘛)|吃(什么|哪种|哪个|哪类|啥)|(加|换|用|选)(什么|哪种|哪个|哪类|啥)[^，。？?]{0,3}药/;
// "我需要吃降脂药吗" asks whether treatment is needed now (triage), not how a drug works.
export const ZH_NEEDS_DRUG =
  /(需要|需不需要|要不要|用不用|该不该|必须)(开始|马上|尽快)?(吃|用|打)|(^|[^不])(要|得|该)(开始)?(吃|用|打)(药|针)(吗|嘛|呢|不)?[？?]?$/;
// "这个药平时要注意什么": precautions while on a drug (a diet/exercise word makes it lifestyle).
// Whether to get a vaccine is an eligibility question (consultation), never a treatment decision.
const VACCINE = /疫苗|接种|加强针/;
const ZH_DRUG_CAUTION = /(注意|留意|小心)(什么|啥|哪些|些什么|事项)|注意事项/;
const ZH_LIFE_WORD = /饮食|吃东西|吃饭|运动|锻炼|睡|作息|戒烟|喝酒|水果|忌口/;
// "我没糖尿病能不能吃": "吃" with no object, so the drug named earlier is what is asked about.
const ZH_BARE_EAT = /(能不能|可不可以|能|可以|还能|适合|该不该)(吃|用)(吗|嘛|呢|不)?[？?]?$/;
// "他汀会不会导致肌肉疼" / "会不会尿路感染": whether a named drug causes something (not "会不会是X").
const ZH_DRUG_EFFECT =
  /会不会(?!是)(引起|导致|造成|诱发|出现|增加|得|长|掉|伤|让|使|加重|影响)?[^，。？?]{1,10}[？?]?$|会(引起|导致|造成)[^，。？?]{1,10}(吗|嘛)[？?]?$/;
const ZH_SHORT_EFFECT = 12;
// A biopsy or an operation is a decision to escalate, not a test that names a cause.
const INVASIVE = /穿刺|活检|手术|住院|急诊/;
// "low-dose aspirin" names a regimen; only a question about dosing is a drug-use cue.
const EN_DRUG_USE =
  /\b(cause|causes|lead to|leads to|take|taking|took|use|using|crush|split|with food|empty stomach|drink|alcohol)\b|(?<!\b(low|high|standard|baby)[- ])\bdose\b/;
const ICD_CODE = /(?<![A-Za-z0-9-])(?!B12)[A-Z]\d{2}(?:\.\d{1,2})?(?![0-9])/;
const MEANING = /是什么意思|什么意思|啥意思|代表什么|指什么|\bmean\b|\bstand for\b/i;
// Targets and thresholds ("控制在多少", "多少需要照光") are what a named guideline answers.
const TARGET =
  /控制在|控制到|降到|降至|达标|目标|(多少|多高|多大|几)(才)?(需要|要|得|就要)|\btargets?\b|\bgoals?\b|\baim for\b|\bshould be (below|under|less than)\b/i;
const EVIDENCE_OPENER =
  /^(那|那么)?(有|有没有)(没有)?(相关|哪些|什么)?(的)?(研究|证据|数据|文献|临床试验|试验)|^(研究|数据|证据)(说|表明|显示|证明)|^(and |so |but )?(is there|are there|any|what is the|what does the) (good |solid |real |strong |much |any )?(evidence|research|studies|data|trials?)\b/;
const BARE_WHY = /为什么|为啥|为何|\bwhy\b/i;
const BARE_WHAT = /^(这|那|它)?(个)?(到底|究竟)?是(个|一种)?(什么|啥)(东西|病|来的|来)?(呀|啊|呢)?[？?]?$/;
// "How high, realistically?" / "有多大？": a bare size question about the risk just mentioned.
const BARE_HOW_HIGH =
  /^(and |so |but |ok |okay )?how (high|big|likely|much higher|serious|bad)\b[^?]{0,20}\??$|^(那|那么)?(到底)?(有)?多(大|高)(呢|啊)?[？?]?$/;
// "要补多少/一天吃几片/疗程多久": a bare dosing question about the drug already named.
const ZH_BARE_DOSE =
  /^(那|那么)?(要|该|需要|得|应该|一天|每天|每次|一次)?(补|吃|用|服|打|喷|涂)(多少|几片|几粒|几次|多久|多长时间)|^(剂量|用量)(是)?多少/;
const EN_BARE_DOSE =
  /\bhow (much|many|often|long) (\w+ ){0,3}should (i|you|we|he|she|they|an? \w+|people|adults|kids|children) (take|use|have|be on)\b|\bwhat dose\b/;
// "is it ok to have a glass of wine on it": food or alcohol against a drug already named.
const EN_ON_DRUG =
  /\b(on (it|them|this|that|these)|while (on|taking)|with (it|them|this)|when taking)\b(?! (holiday|vacation|the weekend))|\b(on|while on) (a |my |the |your )?([a-z]+statins?|statins?|warfarin|metformin|insulin|[a-z]+pril|[a-z]+sartan|[a-z]+olol|antibiotics?|blood thinners?|meds|medication|tablets|pills)\b/;
const EN_FOOD_DRINK = /\b(alcohol|drink|drinks|wines?|beers?|pints?|coffee|grapefruit|juice|eat|food|dairy|milk)\b/;
// "I'm on sertraline. can I still have a couple of beers?": food or drink against the drug named earlier.
const EN_CAN_HAVE = /\b(can|could|may) (i|he|she|we) (still |safely )?(have|drink|eat)\b|\b(is|are) (it|alcohol|wine|beer|coffee) (ok|okay|safe|fine)\b/;
// "I'm taking 1000 IU, should I go higher?": changing the amount of what is taken.
const EN_DOSE_CHANGE = /\b(go|going) (higher|up|lower|down)\b|\btake (more|less)\b|\b(increase|decrease|double|halve|up) (it|the dose|my dose)\b/;
export const GUIDELINE_ASK = new Set([
  'zh.gl.guideline',
  'zh.gl.recommend',
  'en.gl.guideline',
  'en.gl.say',
  'en.gl.recommend',
]);

// "<named diagnosis>是怎么回事": knowledge about that condition, not a cause for the user's symptoms.
const ZH_ABOUT_NAMED =
  /^([\u4e00-\u9fffA-Za-z0-9]{2,8}?)(到底|究竟)?(是)?(怎么|咋)((一)?回事|(引起|形成|造成|得|来|产生)的)/;

// "胰岛素抵抗是怎么回事": a term that opens the clause and describes no complaint asks what it is;
// "这种咳嗽/我头晕/血糖高是怎么回事" describe a complaint or a finding (symptom analysis).
const COMPLAINT =
  /^(这|那|我|你|他|她|孩子|宝宝|最近|老是|总是|一直|经常|突然|晚上|早上)|疼|痛|晕|咳|痒|肿|麻|胀|酸痛|发酸|腰酸|腿酸|反酸|烧心|吐|泻|血$|出血|发烧|发热|高|低|多|少|不|没|老|总|慌|闷|累|乏|抖|喘/;

function namesTerm(raw: string): boolean {
  const subject = ZH_ABOUT_NAMED.exec(raw)?.[1];
  return !!subject && Array.from(subject).length >= 3 && !COMPLAINT.test(subject);
}

function namesKnownDiagnosis(raw: string, named: readonly string[]): boolean {
  const m = ZH_ABOUT_NAMED.exec(raw);
  const subject = m?.[1];
  if (!subject) return false;
  // "查出个肺结节，这个是怎么回事": a bare demonstrative points at the finding just named.
  if (/^(这|那)(个|种)?(病|东西|结果)?$/.test(subject)) return named.length > 0 && !m?.[0].includes('了');
  if (/^(我|你|他|她|这|那|孩子|宝宝)/.test(subject)) return false;
  const tail = subject.slice(-2);
  return named.some((term) => term.includes(tail));
}


const ZH_CURRENT_TREATMENT =
  /(现在|目前|如今|最新|一般|通常|主流)[^，。？?；;]{0,4}(推荐|建议|主张|指南)?[^，。？?；;]{0,3}(怎么|如何|怎样|咋)(治|治疗|处理|用药|管理)|(现在|目前|如今)[^，。？?；;]{0,4}(首选|一线|主流)[^，。？?；;]{0,4}(药|治疗|方案)|(一般|通常|现在|目前)[^，。？?；;]{0,3}(推荐|建议)[^，。？?；;]{0,3}(用|吃)(什么|哪些|哪种)(药|治疗)/;
const EN_STANDARD_OF_CARE =
  /\bstandard of care\b|\b(current|latest|usual|standard|recommended|best) (treatment|therapy|management|approach|practice)\b|\bfirst[- ]line (treatment|therapy|drugs?|medications?|options?)\b|\bwhat('s| is) (now |currently )?(first[- ]line|recommended)\b|\bhow (is|are) (it|they|this|[a-z ]{2,30}) (usually |currently |normally )?(treated|managed) (now|today|these days|nowadays)\b/;
const EN_ALSO_WANT =
  /\b(i|we) (also |would also |'d also |really )?(want|wanna|would like|'d like|need) (to )?(see|know|read|get|have|hear|learn|check|look at)\b|\b(also|plus|btw|and) (show|give|tell|send|point) me\b/;
const EN_HOW_DANGEROUS =
  /\bhow (dangerous|serious|worrying|concerning|risky|bad) (is|are|was)\b|\bshould (i|we) be (worried|concerned)\b|\bis (it|this|that) (dangerous|serious|an emergency)\b/;
const ZH_DRUG_REGIMEN =
  /忘了吃|忘记吃|漏服|漏吃|少吃了一次|停药|停掉|能(不能)?停|可以停|减量|换药|掰开|掰断|磨碎|碾碎|(怎么|如何|咋)(吃|服|用)|什么时候(吃|服|用)|(饭前|饭后|餐前|餐后)(吃|服)|选哪(个|种)|哪(个|种)(更)?好|交替|保存|冰箱|开封/;
const EN_DRUG_REGIMEN =
  /\b(stop|stopping|quit|quitting|come off|coming off|skip|skipped|missed|forgot|forget|alternate|alternating|switch|crush|crushing|split|store|storing|storage|fridge|refrigerat)\b|\bwhich is (better|safer)\b|\bhow (do|should|am) (i|we|you) (supposed to )?(take|use|give)\b|\b(before|after|with) (meals|food|breakfast)\b/;
const ZH_FOOD = /食物|饮食|东西|水果|蔬菜|主食|肉|海鲜|零食|饮料|菜/;

const firedAny = (x: CueContext, ids: ReadonlySet<string> | readonly string[]): boolean =>
  x.fired.some((id) => (ids instanceof Set ? ids.has(id) : (ids as readonly string[]).includes(id)));

export const CLAUSE_CUE_RULES: readonly ClauseCueRule[] = [
  // "GOLD分级和ABE分组有什么不一样": a body's name on a grading scheme is a classification
  // question; the guideline reading needs a guideline word or a "what does X say/recommend".
  {
    id: 'any.cls.scheme_not_guideline',
    silent: true,
    guard: (x) => x.rule.disease_classification >= 3 && !firedAny(x, GUIDELINE_ASK),
    weight: [{ cap: 'clinical_guideline', at: 1 }],
  },
  // Implicit guideline asks: "现在一般推荐怎么治", "目前主流用什么药", "what's the current standard
  // of care", "what is first-line now": what is currently recommended is a guideline's answer.
  {
    id: 'zh.gl.current_treatment',
    script: 'cjk',
    pattern: ZH_CURRENT_TREATMENT,
    weight: [{ add: 'clinical_guideline', by: 5 }, { absorb: 'clinical_guideline', from: ['general_consultation'] }],
    asks: true,
  },
  {
    id: 'en.gl.standard_of_care',
    script: 'latin',
    on: 'en',
    pattern: EN_STANDARD_OF_CARE,
    weight: [{ add: 'clinical_guideline', by: 5 }, { absorb: 'clinical_guideline', from: ['general_consultation'] }],
    asks: true,
  },
  // "and I also want the diabetes guideline", "btw show me the evidence": a request with no
  // question mark still asks.
  { id: 'en.req.also_want', script: 'latin', on: 'en', pattern: EN_ALSO_WANT, weight: [], asks: true },
  // "How dangerous is an A1c of 9?", "should I be worried about…": how serious, for the user.
  { id: 'en.risk.how_dangerous', script: 'latin', on: 'en', pattern: EN_HOW_DANGEROUS, weight: [{ add: 'risk_triage', by: 4 }], asks: true },
  // How to take, stop, skip, store or choose a named drug is drug knowledge, not lifestyle
  // ("Can I just quit sertraline?", "优思明忘了吃怎么办", "Tylenol or Motrin, can I alternate?").
  {
    id: 'zh.gen.drug_regimen',
    script: 'cjk',
    pattern: ZH_DRUG_REGIMEN,
    guard: (x) => (x.zhDrug() || x.cues.drugTopic) && !ZH_FOOD.test(x.raw) && !ZH_LIFE_WORD.test(x.raw),
    weight: [{ add: 'general_consultation', by: 5 }, { absorb: 'general_consultation', from: ['lifestyle_guidance'] }],
  },
  {
    id: 'en.gen.drug_regimen',
    script: 'latin',
    on: 'en',
    pattern: EN_DRUG_REGIMEN,
    guard: (x) => (EN_DRUG.test(x.en) || x.cues.drugTopic) && !EN_FOOD_DRINK.test(x.en),
    weight: [{ add: 'general_consultation', by: 5 }, { absorb: 'general_consultation', from: ['lifestyle_guidance'] }],
  },
  // "指南推荐先用什么药": a clause that asks a named guideline owns the drug or knowledge form inside it.
  {
    id: 'any.gl.absorbs_knowledge',
    guard: (x) => x.rule.clinical_guideline >= 4 && x.rule.general_consultation > 0 && firedAny(x, ['zh.gl.guideline', 'en.gl.guideline']),
    weight: [{ absorb: 'clinical_guideline', from: ['general_consultation'] }],
  },
  // "有研究说间歇性断食能减重吗", "is there evidence that walking lowers BP": a clause opened by an
  // evidence ask asks the studies about its topic (diet, drug), not for advice on it.
  {
    id: 'any.res.absorbs_topic',
    on: 'script',
    pattern: EVIDENCE_OPENER,
    guard: (x) => x.rule.clinical_research >= 4 && (x.rule.lifestyle_guidance > 0 || x.rule.general_consultation > 0),
    weight: [{ absorb: 'clinical_research', from: ['lifestyle_guidance', 'general_consultation'] }],
  },
  { id: 'any.cls.code', pattern: ICD_CODE, weight: [{ add: 'disease_classification', by: 4 }] },
  { id: 'any.cls.meaning', pattern: MEANING, guard: (x) => x.rule.disease_classification > 0, weight: [{ add: 'disease_classification', by: 2 }] },
  { id: 'any.gen.doctor_order', pattern: BARE_WHY, guard: (x) => x.cues.doctorOrder, weight: [{ add: 'general_consultation', by: 2 }] },
  // Targets and thresholds are what a named guideline answers; otherwise plain knowledge.
  { id: 'any.target', pattern: TARGET, guard: (x) => x.cues.hasGuideline, weight: [{ add: 'clinical_guideline', by: 2 }] },
  { id: 'any.target', pattern: TARGET, guard: (x) => !x.cues.hasGuideline, weight: [{ add: 'general_consultation', by: 1 }] },
  {
    id: 'any.gen.drug_use',
    script: 'cjk',
    pattern: ZH_DRUG_USE,
    guard: (x) => x.zhDrug() && !x.zhNeedsDrug(),
    weight: [{ add: 'general_consultation', by: 4 }],
  },
  {
    id: 'any.gen.drug_use',
    script: 'latin',
    on: 'en',
    pattern: EN_DRUG_USE,
    guard: (x) => EN_DRUG.test(x.en),
    weight: [{ add: 'general_consultation', by: 2 }],
  },
  // "要不要吃阿司匹林": whether to start a named drug now is a treatment decision (triage).
  {
    id: 'zh.risk.start_named_drug',
    script: 'cjk',
    guard: (x) => x.zhNeedsDrug() && x.zhDrug() && !VACCINE.test(x.raw) && x.rule.risk_triage < 3,
    weight: [{ add: 'risk_triage', by: 3 }],
  },
  // The test confirms the proposed diagnosis: dominance goes to symptom analysis.
  {
    id: 'zh.sym.confirm_test',
    guard: (x) => x.cues.hypothesis && x.fired.includes('zh.risk.need_check') && !INVASIVE.test(x.raw),
    weight: [{ sub: 'risk_triage', by: 3 }, { add: 'symptom_analysis', by: 3 }],
  },
  {
    id: 'zh.gen.drug_caution',
    script: 'cjk',
    pattern: ZH_DRUG_CAUTION,
    guard: (x) => x.zhDrug() && !ZH_LIFE_WORD.test(x.raw),
    weight: [{ add: 'general_consultation', by: 4 }],
  },
  // "还有哪些食物不能吃": a food named in the clause is what "能不能吃" is about (lifestyle).
  { id: 'zh.gen.drug_bare_eat', script: 'cjk', pattern: ZH_BARE_EAT, guard: (x) => x.cues.drugTopic && !ZH_FOOD.test(x.raw), weight: [{ add: 'general_consultation', by: 4 }] },
  {
    id: 'zh.gen.drug_effect',
    script: 'cjk',
    pattern: ZH_DRUG_EFFECT,
    guard: (x) =>
      !/有关|相关|关系/.test(x.raw) &&
      (x.zhDrug() || (x.cues.drugTopic && codePointLength(x.raw) <= ZH_SHORT_EFFECT && !/风险|危险|可能性|几率|概率/.test(x.raw))),
    weight: [{ add: 'general_consultation', by: 3 }],
  },
  { id: 'zh.gen.bare_dose', script: 'cjk', pattern: ZH_BARE_DOSE, guard: (x) => x.cues.drugTopic, weight: [{ add: 'general_consultation', by: 4 }] },
  { id: 'en.gen.bare_dose', script: 'latin', on: 'en', pattern: EN_BARE_DOSE, guard: (x) => x.cues.drugTopic, weight: [{ add: 'general_consultation', by: 3 }] },
  { id: 'en.gen.dose_change', script: 'latin', on: 'en', pattern: EN_DOSE_CHANGE, guard: (x) => x.cues.drugTopic, weight: [{ add: 'general_consultation', by: 3 }] },
  // "Can I drink alcohol while taking amoxicillin?": an interaction, owned by drug knowledge.
  {
    id: 'en.gen.with_drug',
    script: 'latin',
    on: 'en',
    pattern: EN_FOOD_DRINK,
    guard: (x) => x.cues.drugTopic && (EN_ON_DRUG.test(x.en) || EN_CAN_HAVE.test(x.en)),
    weight: [{ add: 'general_consultation', by: 3 }],
  },
  // "医生说我有地中海贫血，是什么？": what the condition a doctor named is.
  {
    id: 'zh.gen.bare_what_named',
    script: 'cjk',
    pattern: BARE_WHAT,
    guard: (x) => x.cues.doctorOrder || x.cues.named.length > 0,
    weight: [{ add: 'general_consultation', by: 3 }],
  },
  { id: 'any.risk.how_high', on: 'en', pattern: BARE_HOW_HIGH, guard: (x) => x.cues.riskTopic, weight: [{ add: 'risk_triage', by: 3 }] },
  {
    id: 'zh.gen.named_nature',
    script: 'cjk',
    guard: (x) => namesKnownDiagnosis(x.raw, x.cues.named) || namesTerm(x.raw),
    weight: [{ add: 'general_consultation', by: 4 }, { sub: 'symptom_analysis', by: 3 }],
  },
  // A classification cue in the clause takes over its knowledge form ("评分是怎么算的，B级是什么意思").
  {
    id: 'any.cls.absorbs_meaning',
    guard: (x) => x.rule.disease_classification >= 3 && firedAny(x, KNOWLEDGE_FORM),
    weight: [{ add: 'disease_classification', by: 2 }],
  },
];

/** Ids of the rules that mark a clause as asking. */
export const ASKING_CUES: ReadonlySet<string> = new Set(CLAUSE_CUE_RULES.filter((r) => r.asks).map((r) => r.id));
