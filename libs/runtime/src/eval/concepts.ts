/**
 * The question's medical concepts, for the off-topic-source figure.
 *
 * Until @medagent/knowledge exports `extractConcepts(text)` / `sharesConcept(a, b)` (the
 * concept-aware retrieval work, branch feat/retrieval), a small bilingual cue table stands in
 * with the same shape; when those exports land, this file only re-exports them.
 */
const CUES: readonly [string, RegExp][] = [
  ['diabetes', /糖尿病|血糖|糖化|胰岛素|二甲双胍|降糖|酮症|diabet|glucose|a1c|insulin|metformin|ketoacidosis|\bdka\b/i],
  ['hypertension', /高血压|血压|降压|hypertens|blood pressure|\bbp\b/i],
  ['lipids', /血脂|胆固醇|甘油三酯|他汀|低密度|cholesterol|lipid|statin|ldl|triglycerid|atorvastatin/i],
  ['gout', /痛风|尿酸|嘌呤|gout|uric|urate/i],
  ['asthma', /哮喘|沙丁胺醇|吸入|asthma|inhaler|salbutamol|albuterol/i],
  ['copd', /慢阻肺|慢性阻塞|copd|emphysema/i],
  ['thyroid', /甲状腺|甲亢|甲减|优甲乐|左甲状腺素|tsh|thyroid|levothyroxine/i],
  ['kidney', /肾|肌酐|kidney|renal|ckd|egfr|nephro/i],
  ['pregnancy', /怀孕|妊娠|孕|备孕|产后|pregnan|preeclampsia|pre-eclampsia|labou?r/i],
  ['child', /宝宝|婴儿|儿童|小孩|孩子|新生儿|月龄|infant|baby|child|toddler|pediatric|paediatric|month-old|year-old son|year-old daughter/i],
  ['depression', /抑郁|depress|ssri|sertraline|antidepress/i],
  ['anxiety', /焦虑|惊恐|anxiet|panic/i],
  ['suicide', /自杀|轻生|不想活|自伤|suicid|self-harm|kill myself|im done|i'm done/i],
  ['insomnia', /失眠|睡不着|安眠|insomnia|sleep/i],
  ['obesity', /肥胖|减重|减肥|体重|bmi|腰围|obes|weight/i],
  ['stroke', /中风|卒中|脑梗|嘴歪|口角歪斜|stroke|face drooping/i],
  ['cardiac', /冠心病|心绞痛|心梗|胸痛|心脏|心肺复苏|倒地|coronary|angina|heart attack|chest pain|cardiac|cpr|nitroglycerin/i],
  ['arrhythmia', /房颤|心律|心房颤动|atrial fibrillation|\baf\b|arrhythm|anticoag|warfarin|华法林|inr/i],
  ['smoking', /吸烟|抽烟|戒烟|smok|tobacco/i],
  ['alcohol', /饮酒|喝酒|酒精|alcohol/i],
  ['infection', /感染|发烧|发热|抗生素|fever|infection|antibiotic|sepsis|septic|amoxicillin|strep/i],
  ['urinary', /尿频|尿急|尿痛|膀胱|尿路|bladder|urinary|cystitis|uti/i],
  ['liver', /肝|hepat|liver|乙肝|hbv/i],
  ['bone', /骨质疏松|骨密度|骨折|阿仑膦酸|osteopor|osteopenia|fracture|dexa|bone density|alendronate|hip/i],
  ['anaemia', /贫血|缺铁|anaemi|anemi|iron/i],
  ['migraine', /偏头痛|头痛|migraine|headache/i],
  ['skin', /湿疹|皮炎|皮疹|eczema|dermatitis|rash|hives/i],
  ['back', /腰痛|闪了腰|腰|back pain|sciatica/i],
  ['contraception', /避孕|优思明|contracept|birth control|\bpill\b|iud/i],
  ['vaccine', /疫苗|接种|vaccin|shingles|pneumococcal|flu shot/i],
  ['allergy', /过敏|花生|anaphyla|allerg|epipen|peanut/i],
  ['gi_bleed', /呕血|黑便|咖啡|便血|coffee ground|black.*stool|tarry|gi bleed|bleed/i],
  ['stomach', /胃|反流|奥美拉唑|质子泵|reflux|ppi|omeprazole|stomach|ulcer/i],
  ['seizure', /抽搐|癫痫|惊厥|seizure|convuls|epilep/i],
  ['poisoning', /服药过量|吞了|中毒|过量|overdose|poison|swallowed/i],
  ['choking', /噎|气道异物|海姆立克|chok|heimlich/i],
  ['burn', /烧伤|烫伤|burn|scald/i],
  ['heat', /中暑|热射病|高温|heat stroke|heatstroke/i],
  ['drowning', /溺水|落水|drown|lake|pool/i],
  ['kidney_stone', /结石|kidney stone|renal colic/i],
  ['menopause', /更年期|绝经|潮热|激素替代|menopaus|hot flash|hrt/i],
  ['falls', /跌倒|摔倒|fall|fallen/i],
  ['polypharmacy', /多种药|用药|medications|polypharm|deprescrib/i],
  ['metabolic', /代谢综合征|腰围|metabolic syndrome/i],
  ['fever_med', /布洛芬|对乙酰氨基酚|退烧|ibuprofen|paracetamol|acetaminophen|tylenol|motrin/i],
  ['nifedipine', /硝苯地平|nifedipine|控释/i],
];

export function extractConcepts(text: string): string[] {
  return CUES.filter(([, re]) => re.test(text)).map(([id]) => id);
}

export function sharesConcept(a: string, b: string): boolean {
  const ca = new Set(extractConcepts(a));
  return extractConcepts(b).some((c) => ca.has(c));
}

/** The question's concepts once, tested against many sources. */
export function answerConcepts(question: string): { concepts: string[]; sharesWith(text: string): boolean } {
  const concepts = extractConcepts(question);
  const set = new Set(concepts);
  return { concepts, sharesWith: (text) => extractConcepts(text).some((c) => set.has(c)) };
}
