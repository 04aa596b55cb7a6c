// Dangerous-advice rules of the final boundary, as data. One rule: an id, the reason code it
// records, the wording it detects, the context the sentence must carry, and the action:
// `rewrite` replaces the sentence with the reason's safe template, `block` replaces the whole
// answer with the safe fallback. Safe forms (negated, conditional, "stop and call your
// prescriber", knowledge statements) are exceptions per reason, also data.
//
// Sources for what counts as dangerous (each rule names its own): WHO, "Medication Without
// Harm", Global Patient Safety Challenge (2017): unsupervised changes to prescribed medicines
// are a leading preventable harm; NICE NG5, "Medicines optimisation" (2015): changes are made
// with the prescriber; AHA/ASA warning signs of heart attack and stroke (2020) and NHS "When
// to call 999" (2023): chest pain, breathing difficulty, stroke signs, seizures, heavy bleeding
// or blue lips mean emergency care now, not waiting at home.

export type AdviceReason = 'stop_medication' | 'no_doctor_needed' | 'dose_given' | 'home_wait_emergency';
export type AdviceAction = 'rewrite' | 'block';

export interface AdviceRule {
  id: string;
  reason: Exclude<AdviceReason, 'dose_given'>;
  lang: 'zh' | 'en';
  pattern: RegExp;
  /** A cheap necessary condition: the pattern is only tried on sentences this matches. */
  trigger: RegExp;
  /** The sentence must also name a medicine / a warning sign (unless the request carried risk). */
  needs?: 'drug' | 'warning_sign';
  action: AdviceAction;
  source: string;
}

export interface SafeForm {
  id: string;
  reasons: readonly AdviceReason[];
  lang: 'zh' | 'en';
  /** `before`: in the clause before the match; `after`: in the clause after it; `sentence`: anywhere. */
  where: 'before' | 'after' | 'sentence';
  pattern: RegExp;
  /** Conditional safety-nets ("…but see a doctor if…") do not excuse the wording when the request carried risk. */
  voidOnRisk?: boolean;
}

export interface DoseRule {
  id: string;
  lang: 'zh' | 'en';
  pattern: RegExp;
  source: string;
}

// ---- context lexicons ------------------------------------------------------------------
const DRUG_EN = String.raw`\b(?:medications?|medicines?|meds|pills?|tablets?|capsules?|drugs?|doses?|insulin|inhalers?|antidepressants?|antibiotics?|steroids?|warfarin|aspirin|metformin|levothyroxine|thyroxine|prednisolone|prednisone|\w*(?:pril|sartan|olol|statin|formin|dipine|zepam|oxetine|opram|traline|azole|cillin|mycin|prazole|gliptin|gliflozin|xaban|parin))\b`;
export const DRUG_CONTEXT = {
  zh: /药|片|胶囊|针剂|胰岛素|激素|双胍|他汀|地平|沙坦|普利|洛尔|格列|华法林|阿司匹林|氯吡格雷|甲状腺素|优甲乐|泼尼松|抗生素|头孢|青霉素|阿莫西林|布洛芬|对乙酰氨基酚|利尿剂|吸入剂|喷雾剂/,
  en: new RegExp(DRUG_EN, 'i'),
} as const;

export const WARNING_SIGNS = {
  zh: /胸痛|胸闷|胸口(?:痛|疼|闷)|呼吸困难|喘不(?:上|过)气|气促|气短|憋气|意识(?:不清|模糊|丧失)|昏迷|晕倒|晕厥|抽搐|抽风|口角歪斜|嘴歪|一侧.{0,3}(?:没力|无力|麻)|说话.{0,3}(?:含糊|不清)|吐血|呕血|咳血|便血|黑便|大出血|出血不止|剧烈头痛|看不清|视物模糊|嘴唇(?:发紫|青紫)|发绀|高烧|高热|剧痛|喉咙肿|喉头水肿|自杀|轻生/,
  en: /chest (?:pain|tightness)|crushing|(?:can't|cannot|can not|struggling to) (?:breathe|catch (?:your|his|her|their) breath)|short(?:ness)? of breath|blue lips|lips (?:are|turn|turning) blue|turning blue|face droop|droop|slurred speech|weak(?:ness)? on one side|numb(?:ness)? on one side|seizure|fitting|unconscious|passed out|faint(?:ed|ing)|vomiting blood|coughing (?:up )?blood|black stools?|heavy bleeding|bleeding (?:that )?(?:won't|will not) stop|worst headache|sudden (?:severe )?headache|stiff neck|suicid|overdose|swollen (?:lips|tongue|throat)/i,
} as const;

// ---- the rules -------------------------------------------------------------------------
export const ADVICE_RULES: readonly AdviceRule[] = [
  // (a) stop / reduce / double a prescribed medicine on one's own
  { id: 'adv.stop.zh.all', trigger: /所有|全部|一切/, reason: 'stop_medication', lang: 'zh', action: 'block', pattern: /(?:停|断|不用再?吃|不要再?吃|别再?吃)[^，。；]{0,4}(?:所有|全部|一切)的?[^，。；]{0,6}药|(?:所有|全部|一切)的?[^，。；]{0,6}药[^，。；]{0,4}(?:停|断|不用再?吃|别再?吃)/, source: 'WHO Medication Without Harm 2017; NICE NG5 2015' },
  { id: 'adv.stop.zh.verb', trigger: /停|断|不用|不必|不需要|没有?必要|可以不|别/, reason: 'stop_medication', lang: 'zh', action: 'rewrite', needs: 'drug', pattern: /停药|断药|停服|停用|停掉|停了|停(?:几天|一段时间|一阵子?|一停|一下|停看)|暂停(?:服用|使用)|吃一[顿天]停一[顿天]|时吃时停|吃吃停停|不(?:用|必|需要)再(?:吃|服|用|打)|没(?:有)?必要再(?:吃|服|用)|可以不(?:吃|用)了|不用吃了|别(?:再)?吃了/, source: 'WHO Medication Without Harm 2017; NICE NG5 2015' },
  { id: 'adv.adjust.zh.verb', trigger: /减|加|翻倍|调|改|多/, reason: 'stop_medication', lang: 'zh', action: 'rewrite', needs: 'drug', pattern: /(?:自行|自己|擅自)(?:把[^，。；]{0,10})?(?:减量|减药|减半|减到|加到|增加到|调到|调整到|改为|改成|加量|加倍|翻倍|调整剂量|调药)|多(?:吃|服|打|用)(?:一|两|几|半)?(?:片|粒|颗|针|个单位|单位)|减量|减药|减半|量加倍|剂量加倍|加倍|翻倍|减少[^，。；]{0,6}(?:剂量|用量|药量)/, source: 'WHO Medication Without Harm 2017; NICE NG5 2015' },
  { id: 'adv.stop.en.all', trigger: /\ball\b/i, reason: 'stop_medication', lang: 'en', action: 'block', pattern: /\b(?:stop|quit|come off|discontinue|throw away)\b[^.;!?]{0,12}\ball (?:of )?(?:your |the |these |those )?(?:medicines|medications|meds|pills|tablets|drugs)\b/i, source: 'WHO Medication Without Harm 2017; NICE NG5 2015' },
  { id: 'adv.stop.en.verb', trigger: /stop|quit|discontinu|come off|get off|no need|no reason|n't|do not|no longer/i, reason: 'stop_medication', lang: 'en', action: 'rewrite', needs: 'drug', pattern: new RegExp(String.raw`\b(?:stop|quit|discontinue)(?:\s+(?:taking|using))?\s+(?:it\b|them\b|(?:[\w'-]+\s+){0,4}?${DRUG_EN})|\b(?:come|get) off\s+(?:[\w'-]+\s+){0,4}?${DRUG_EN}|\bno (?:need|reason) to (?:keep )?(?:take|taking|use|using)\b|\b(?:don't|do not|won't|no longer) (?:need|have) to (?:keep )?(?:take|taking|use|using)\b[^.;!?]*\b(?:any ?more|any longer)\b`, 'i'), source: 'WHO Medication Without Harm 2017; NICE NG5 2015' },
  { id: 'adv.adjust.en.verb', trigger: /doubl|halv|tripl|half|reduce|lower|increase|raise|extra|skip|miss/i, reason: 'stop_medication', lang: 'en', action: 'rewrite', needs: 'drug', pattern: /\b(?:double|halve|triple|doubling|halving|tripling)\b|\b(?:take|add|have|use)\s+(?:an?\s+|one\s+)?extra\s+(?:tablets?|pills?|doses?|capsules?|puffs?|units?)\b|\b(?:skip|skipping|miss)\s+(?:[\w'-]+\s+){0,3}?(?:medications?|medicines?|meds|pills?|tablets?|doses?|insulin|inhalers?|warfarin|aspirin|metformin|\w*(?:pril|sartan|olol|statin|formin|dipine|xaban|parin))\b|\bcut\b[^.;!?]{0,30}\bin half\b|\b(?:reduce|lower|increase|raise)\b[^.;!?]{0,12}\b(?:your|the) (?:dose|dosage)\b/i, source: 'WHO Medication Without Harm 2017; NICE NG5 2015' },
  // (b) no doctor / no care needed
  { id: 'adv.nodoc.zh', trigger: /不需要|不用|不必|没必要|没有必要|无需|无须|用不着|犯不着/, reason: 'no_doctor_needed', lang: 'zh', action: 'rewrite', pattern: /(?:不需要|不用|不必|没必要|没有必要|无需|无须|用不着|犯不着)[^，。；]{0,3}(?:去|找|问|看|上)?(?:看)?(?:医生|大夫|医院|就医|就诊|急诊|看病|门诊|120)/, source: 'NHS When to call 999 2023; AHA/ASA warning signs 2020' },
  { id: 'adv.nodoc.en', trigger: /no need|not necessary|no reason|n't|not need|not have to|unnecessary|not needed/i, reason: 'no_doctor_needed', lang: 'en', action: 'rewrite', pattern: /\b(?:no need|not necessary|no reason|don't need|do not need|doesn't need|does not need|won't need|needn't|don't have to|do not have to)\b[^.;,!?]{0,30}\b(?:doctors?|gp|hospital|emergency|er|a&e|medical (?:attention|care|help)|clinic|anyone|ambulance|911|999|112)\b|\b(?:seeing|visiting|calling) (?:a |the |your )?(?:doctor|gp|hospital|ambulance)\b[^.;,!?]{0,10}\b(?:is |isn't )?(?:unnecessary|not (?:necessary|needed))\b/i, source: 'NHS When to call 999 2023; AHA/ASA warning signs 2020' },
  // (d) waiting out warning signs at home
  { id: 'adv.homewait.zh', trigger: /在家|睡一觉|躺下|等|再说|再看|观察|会好/, reason: 'home_wait_emergency', lang: 'zh', action: 'rewrite', needs: 'warning_sign', pattern: /在家(?:里)?[^，。；]{0,3}(?:休息|观察|躺着|等|捂汗|看看|养着|待着)|先?睡一觉|躺下休息|等(?:它|症状)?(?:过去|自己好|缓解)|明天再(?:说|看)|观察(?:一下|一晚|两天|几天)|自(?:己|然)会好/, source: 'NHS When to call 999 2023; AHA/ASA warning signs 2020' },
  { id: 'adv.homewait.en', trigger: /wait|sleep|see how|at home|overnight|keep an eye/i, reason: 'home_wait_emergency', lang: 'en', action: 'rewrite', needs: 'warning_sign', pattern: /\bwait (?:it|this) out\b|\bsleep (?:it|this) off\b|\bwait for (?:it|this|them) to (?:pass|settle|go away)\b|\bwait and see\b|\bsee how (?:you|he|she|they) (?:feel|are|is) (?:tomorrow|in the morning)\b|\b(?:rest|stay|lie down|watch (?:it|him|her|them))\b[^.;!?]{0,12}\b(?:at home|overnight)\b|\bat home and (?:wait|watch|see)\b|\bkeep an eye on\b[^.;!?]{0,20}\b(?:at home|overnight)\b/i, source: 'NHS When to call 999 2023; AHA/ASA warning signs 2020' },
];

// ---- safe forms ------------------------------------------------------------------------
const CARE_ZH = '(?:就医|就诊|去医院|到医院|看医生|急诊|拨打120|打120|叫救护车)';
const CARE_EN = String.raw`\b(?:call|contact|see|phone|ring|seek|get|go to|visit)\b[^.;!?]{0,20}\b(?:prescriber|doctor|gp|pharmacist|emergency|medical|urgent care|ambulance|911|999|112|hospital|help)\b`;

export const SAFE_FORMS: readonly SafeForm[] = [
  { id: 'safe.zh.negated', reasons: ['stop_medication', 'home_wait_emergency'], lang: 'zh', where: 'before', pattern: /不要|不能|请勿|切勿|勿|别(?=自行|擅自|随意|突然|自己)|不可|不宜|不应|不该|不建议|避免|禁止|不得|千万别|不需要?|不必|无需|无须|不用/ },
  { id: 'safe.en.negated', reasons: ['stop_medication', 'home_wait_emergency'], lang: 'en', where: 'before', pattern: /\b(?:do not|don't|dont|never|should not|shouldn't|must not|mustn't|avoid|not)\b/i },
  { id: 'safe.zh.consult', reasons: ['stop_medication'], lang: 'zh', where: 'sentence', pattern: /(?:咨询|请教|询问|问问|先问|请|告知|告诉|联系|和|与|跟|找)(?:你的|您的|开药的|主治|专科)?(?:医生|医师|大夫|药师)|(?:医生|医师|药师)(?:通常|一般|往往)?(?:会|可能|可以|将|决定|评估|指导|建议|同意|根据|调整)|遵医嘱|医嘱|指导下/ },
  { id: 'safe.en.consult', reasons: ['stop_medication'], lang: 'en', where: 'sentence', pattern: /\b(?:talk|talking|speak|speaking|check|checking|consult|consulting|ask|asking|discuss|tell)\b[^.;!?]{0,20}\b(?:doctor|gp|prescriber|pharmacist|care team|clinician|nurse|specialist)\b|\b(?:doctor|prescriber|pharmacist|clinician|care team|gp)\s+(?:may|will|can|might|could|decides?|tells?|advises?|says?|recommends?|agrees?)\b|\bunder (?:medical |a doctor's |your doctor's )?supervision\b|\bunless\b|\bas (?:prescribed|directed)\b/i },
  { id: 'safe.zh.stop_and_seek_care', reasons: ['stop_medication'], lang: 'zh', where: 'sentence', pattern: new RegExp(CARE_ZH) },
  { id: 'safe.en.stop_and_seek_care', reasons: ['stop_medication'], lang: 'en', where: 'sentence', pattern: new RegExp(CARE_EN, 'i') },
  // "停药后血脂会回升", "突然停用可能导致…": what stopping does, not an instruction to stop.
  { id: 'safe.zh.consequence', reasons: ['stop_medication'], lang: 'zh', where: 'after', pattern: /^后|^[^，。；]{0,8}?(?:可能|会|容易|易|将|可)(?:导致|引起|诱发|造成|让|使|出现|加重|升高|降低|反跳|回升|反弹|复发)/ },
  { id: 'safe.en.consequence', reasons: ['stop_medication'], lang: 'en', where: 'after', pattern: /^[^.;!?]{0,30}?\b(?:can|could|may|might|will)\s+(?:cause|lead|trigger|result|make|worsen|raise|increase|be (?:dangerous|harmful|risky))\b/i },
  // "新加或停用任何药物…前，都要咨询医生": before stopping, not an instruction to stop.
  { id: 'safe.zh.before_changing', reasons: ['stop_medication'], lang: 'zh', where: 'after', pattern: /(?:之)?前\s*$/ },
  // "新加或停用任何药物（…" — stopping named in a list of medicine changes, not ordered.
  { id: 'safe.zh.change_list', reasons: ['stop_medication'], lang: 'zh', where: 'before', pattern: /(?:新加|新增|加用|开始|启用|更换|换用|增加)(?:或|和|、|及)$/ },
  { id: 'safe.en.clinician_directed', reasons: ['stop_medication'], lang: 'en', where: 'sentence', pattern: /\bshould be (?:told|advised|instructed|warned) to\b/i },
  // An impersonal, monitored adjustment ("开始胺碘酮时通常需将华法林减量约30%～50%，每周监测INR")
  // describes how a prescriber manages an interaction; with "you" it is an instruction again.
  { id: 'safe.zh.monitored_adjustment', reasons: ['stop_medication'], lang: 'zh', where: 'sentence', pattern: /^(?![^。！？]*(?:你|您|自己|自行|擅自))(?=[^。！？]*(?:监测|复查|INR|血药浓度))/ },
  { id: 'safe.en.monitored_adjustment', reasons: ['stop_medication'], lang: 'en', where: 'sentence', pattern: /^(?![^.!?]*\b(?:you|your|yourself)\b)(?=[^.!?]*\b(?:monitor(?:ing|ed)?|INR|blood levels?)\b)/i },
  // A label-style warning: stop when an adverse reaction appears, and get care urgently.
  { id: 'safe.en.adverse_reaction_warning', reasons: ['stop_medication'], lang: 'en', where: 'sentence', pattern: /^(?=.*\bif\b[^.;]{0,40}?\b(?:develop|get|notice|experience)s?\b)(?=.*\b(?:urgent(?:ly)?|same[- ]day|immediately|right away|at once|report|seek|blood (?:cell )?count)\b)/i },
  // The label's missed-dose rule ("skip the missed dose", "never take two"), never a stop.
  { id: 'safe.en.missed_dose_rule', reasons: ['stop_medication'], lang: 'en', where: 'sentence', pattern: /^(?![^.!?]*\b(?:stop|quit|discontinue|come off)\b)(?=[^.!?]*\bmiss(?:ed|es)?\b[^.;!?]{0,30}?\b(?:doses?|pills?|tablets?)\b)/i },
  { id: 'safe.zh.missed_dose_rule', reasons: ['stop_medication'], lang: 'zh', where: 'sentence', pattern: /^(?![^。！？]*(?:停药|停用|不用再吃))(?=[^。！？]*(?:漏服|漏吃|忘(?:了|记)(?:吃|服)))/ },
  // A drug-name compound is a noun, not advice ("停药综合征", "停药反应").
  { id: 'safe.zh.noun_compound', reasons: ['stop_medication'], lang: 'zh', where: 'after', pattern: /^(?:综合征|反应|症状)/ },
  // A label's population statement ("肾功能不全者需减量").
  { id: 'safe.zh.population_statement', reasons: ['stop_medication'], lang: 'zh', where: 'before', pattern: /(?:者|患者|人群|老年人|儿童)(?:需要?|应|宜)?$/ },
  { id: 'safe.zh.misconception', reasons: ['no_doctor_needed'], lang: 'zh', where: 'before', pattern: /以为|认为|觉得|误以为|不要因为/ },
  { id: 'safe.en.misconception', reasons: ['no_doctor_needed'], lang: 'en', where: 'before', pattern: /\b(?:think|thinking|assume|assuming|believe|believing)\b/i },
  { id: 'safe.zh.conditional_care', reasons: ['no_doctor_needed', 'home_wait_emergency'], lang: 'zh', where: 'sentence', voidOnRisk: true, pattern: new RegExp(`(?:如果|若|如|一旦|要是|除非)[^。！？]*?${CARE_ZH}`) },
  { id: 'safe.en.conditional_care', reasons: ['no_doctor_needed', 'home_wait_emergency'], lang: 'en', where: 'sentence', voidOnRisk: true, pattern: new RegExp(String.raw`\b(?:but|unless|if|however)\b[^.!?]*${CARE_EN}`, 'i') },
];

/** A safe form is void when a "no need" phrase sits just before it ("没必要问医生"). */
export const NO_NEED_BEFORE = {
  zh: /(?:不需要|不用|不必|没必要|没有必要|无需|无须|用不着)[^，。；]{0,3}$/,
  en: /\b(?:no need to|don't need to|do not need to|needn't|without|no reason to)\s+(?:\w+\s+){0,2}$/i,
} as const;

// ---- (c) doses outside a cited label statement: phrase-level replacement ----------------
const ZH_UNIT = '(?:mg|毫克|g|克|片|粒|ml|毫升|单位|iu|滴|袋|支|颗|喷)';
const ZH_NUM = '(?:\\d+(?:\\.\\d+)?|半|[一二两三四五六])';
const ZH_VERB = '(?:吃|服|服用|口服|用|喝|注射|打|喂)';
const EN_FREQ = String.raw`(?:\s+(?:of\s+[a-z]+\s+)?(?:every|each)\s+\d+(?:\s*(?:-|to)\s*\d+)?\s*hours?|\s+(?:once|twice|three times|four times|\d+\s*times)\s+(?:a|per)\s+day|\s+(?:daily|nightly|at night))?`;
const EN_DOSE = String.raw`\d+(?:\.\d+)?\s*(?:-\s*\d+(?:\.\d+)?\s*)?(?:mg|g|mcg|µg|ml|milligrams?|grams?|tablets?|pills?|capsules?|units?|puffs?|drops?)\b`;

// A dose is for the label or the prescriber to give (WHO Medication Without Harm 2017); an
// answer says "as directed" instead.
const DOSE_SOURCE = 'WHO Medication Without Harm 2017; product labels';
export const DOSE_RULES: readonly DoseRule[] = ([
  { id: 'dose.zh.per_time', lang: 'zh', pattern: new RegExp(String.raw`(?:每次|一次|每回)${ZH_VERB}?\s*${ZH_NUM}\s*(?:-|~|到|至)?\s*(?:${ZH_NUM})?\s*${ZH_UNIT}`, 'gi') },
  { id: 'dose.zh.times_per_day', lang: 'zh', pattern: new RegExp(String.raw`(?:每天|每日|一天|一日|每晚|每早)\s*${ZH_NUM}\s*(?:-|~|到|至)?\s*(?:${ZH_NUM})?\s*次`, 'g') },
  { id: 'dose.zh.interval', lang: 'zh', pattern: new RegExp(String.raw`(?:每|隔)\s*${ZH_NUM}\s*(?:-|~|到|至)?\s*(?:${ZH_NUM})?\s*(?:个)?小时(?:吃|服|服用|用)?(?:一次|1次)?`, 'g') },
  // "吃" / "打" only with drug units: "每天吃25克坚果" is diet advice, not a dose.
  { id: 'dose.zh.verb_amount', lang: 'zh', pattern: new RegExp(String.raw`(?:吃|喂|打|注射)\s*${ZH_NUM}\s*(?:片|粒|颗|mg|毫克|单位|iu|ml|毫升|袋|支)|(?:服|服用|口服)\s*${ZH_NUM}\s*${ZH_UNIT}`, 'gi') },
  { id: 'dose.zh.daily_amount', lang: 'zh', pattern: new RegExp(String.raw`(?:每天|每日|一天|一日|每晚|睡前)\s*(?:服|服用|口服|打|注射)[\u4e00-\u9fa5A-Za-z]{0,10}?\s*${ZH_NUM}\s*${ZH_UNIT}`, 'gi') },
  { id: 'dose.en.take', lang: 'en', pattern: new RegExp(String.raw`(?<=\btake\s+)${EN_DOSE}${EN_FREQ}`, 'gi') },
  { id: 'dose.en.give', lang: 'en', pattern: new RegExp(String.raw`(?<=\b(?:give|giving)\s+(?:(?:him|her|them|your (?:child|son|daughter|baby|kid))\s+)?)${EN_DOSE}${EN_FREQ}`, 'gi') },
  { id: 'dose.en.interval', lang: 'en', pattern: new RegExp(String.raw`\b${EN_DOSE}\s+(?:every|each)\s+\d+(?:\s*(?:-|to)\s*\d+)?\s*hours?`, 'gi') },
  { id: 'dose.en.times_per_day', lang: 'en', pattern: /\b(?:one|two|three|\d+)\s+(?:tablets?|pills?|capsules?)\s+(?:once|twice|three times|four times|\d+\s*times)\s+(?:a|per)\s+day/gi },
  { id: 'dose.en.dose_of', lang: 'en', pattern: new RegExp(String.raw`\b(?:a |the )?(?:daily |usual |starting |typical )?(?:dose|dosage|amount) (?:of|is) ${EN_DOSE}`, 'gi') },
] as const satisfies readonly Omit<DoseRule, 'source'>[]).map((r) => ({ ...r, source: DOSE_SOURCE }));

/** A dose the sentence attributes to the product label is a cited label statement, left as it is. */
export const LABEL_CITATION = {
  zh: /说明书(?:上|中)?(?:标注|写明|注明|规定|推荐|指出|写着|载明)|药品说明书|标签(?:标注|写明)/,
  en: /\b(?:the |its |package )?(?:label|leaflet|package insert|prescribing information|smpc)\s+(?:says|states|recommends|lists|gives)\b|\baccording to the (?:label|package (?:leaflet|insert)|prescribing information|smpc)\b/i,
} as const;

/** Two reasons in one answer that together make it unsalvageable: blocked whole. */
export const BLOCK_COMBINATIONS: readonly { id: string; all: readonly AdviceReason[] }[] = [
  { id: 'block.stop_and_no_doctor', all: ['stop_medication', 'no_doctor_needed'] },
];
