// prerisk-2026.11.2: generalisation pass after blind batch 2 (libs/safety/PROMOTION.md).
// Every change is a pattern class, not a sentence: colloquial synonyms, token gaps,
// space-separated Chinese clauses, negation scope ("是不是" / "有没有" are questions, not
// negations; "or anything like that" is not a severity statement), and a few
// combinations that were missing (double dose of a high-risk drug, severe neonatal
// jaundice, infant dehydration, appendicitis / obstruction signs, BP written "190多/115").
import type { RulesetPatch } from './ruleset';

const BP_SYMPTOMS = ['headache', 'blurred_vision', 'vision_loss', 'chest_pain', 'dyspnea', 'altered_state', 'nausea', 'vomit', 'unilateral_weak', 'unilateral_numb', 'speech', 'face_droop', 'syncope', 'presyncope', 'seizure', 'severe'];
const DRUGS_EN = String.raw`(?:amoxicillin|amoxycillin|penicillin|augmentin|co-amoxiclav|cefalexin|cephalexin|ceftriaxone|antibiotics?|contrast(?: dye)?|ibuprofen|aspirin|naproxen)`;

export const PATCH_2026_11_2: RulesetPatch = {
  version: 'prerisk-2026.11.2',
  options: { spaceBreaksClause: true },

  replaceCues: {
    // "有没有/有无" ask a question; "是不是/会不会/要不要/能不能/好不好" are not negations.
    negationPre: {
      zh: [String.raw`(?<!有)没有`, String.raw`(?<!有)没`, String.raw`(?<!有)无`, '未', '否认', '并无', '从未', '从没', '不再', '并没', '毫无'],
    },
    negationPreTight: { zh: [String.raw`(?<![是要会能好对行可])不`] },
    // A severity statement ("从没这么疼过", "never had pain like this") sits next to the
    // symptom; a "这样/like that" far away ("…以前也这样过", "or anything like that") is not one.
    negationSeverityException: {
      zh: [String.raw`^[^，。,；;]{0,8}?(?:这么|这样|如此)`],
      en: [String.raw`^[^.,;!?]{0,30}?(?:(?<!anything |something |stuff |things )like (?:this|that|it)|this bad|so bad|\bbefore\b|in my life)`],
    },
  },

  extendCues: {
    recent: { zh: [String.raw`(?:从来|以前|之前|平时)(?:都|也)?不是这样`, '跟以前不一样', '和以前不一样', '不像以前'] },
    knowledge: {
      zh: [
        String.raw`(?:急救|处理|处置|治疗|护理)(?:的)?(?:方法|措施|原则|流程|步骤)(?:是(?:什么|啥)|有哪些)`,
        String.raw`(?:一般|通常|常见)(?:是|都是|会是)?(?:什么|啥|哪些)原因`,
      ],
      en: [String.raw`how (?:much|many)\b[^.?!]{0,40}\b(?:counts? as|is|would be|before)\b[^.?!]{0,12}\b(?:an? )?(?:overdose|too much|toxic|lethal|fatal|dangerous)`],
    },
    figurative: {
      zh: [String.raw`我(?:都)?要吐血了`, String.raw`吐血(?:了)?(?=\s*(?:哈|呵|嘿|233|😂|🤣))`],
    },
  },

  extendConcepts: {
    airway_swelling: {
      zh: [String.raw`(?:声音|嗓子|嗓音)[^，。,不没无未]{0,3}(?:哑|沙哑|嘶哑)`],
      en: [String.raw`voice (?:sounds |is |has gone |went |going |seems )?(?:really |very |a bit )?(?:hoarse|croaky|raspy|husky)`, String.raw`(?:sounds|gone|going|went) hoarse`],
    },
    wheeze: {
      zh: [String.raw`(?:呼吸|喘气|出气)(?:的)?(?:声音|声)(?:很|特别|有点)?(?:大|响|粗)`, String.raw`呼吸(?:有|带)(?:杂音|声音|哨音)`],
      en: [String.raw`noisy breathing`, String.raw`breathing (?:is |sounds |became |got )?(?:really |very |a bit )?(?:noisy|raspy|squeaky|whistly|whistling|wheezy|rattly)`],
    },
    allergy_trigger: {
      zh: [String.raw`第一次(?:吃|用|打|输)[^，。,不没无未]{0,8}(?:药|针|头孢|青霉素|阿莫西林)`],
      en: [
        String.raw`${DRUGS_EN}[^.]{0,30}(?:first time|first dose|minutes? ago|mins? ago|an hour ago|hour ago|just now)`,
        String.raw`(?:first time|first dose|just) (?:took|taken|had|given|started)[^.]{0,20}${DRUGS_EN}`,
      ],
    },
    radiation: { zh: [String.raw`往(?:后背|背上|背部|后腰|肩膀|下巴|胳膊|左胳膊|左肩)(?:上)?(?:串|窜|放射|扯|走)`] },
    suicidal: {
      zh: [
        String.raw`(?:想|在想|琢磨|查|研究|搜)[^，。,不没无未]{0,6}怎么(?:死|自杀|了结|结束自己)`, String.raw`怎么死(?:比较|才|最)?(?:不痛苦|不疼|快|舒服|痛快)`,
        String.raw`结束(?:掉)?(?:这|这个|我的)(?:一切|生命|人生|条命)`,
      ],
      en: [String.raw`(?:painless|easiest|quickest|best|least painful) way to (?:die|kill myself|end (?:it|my life))`, String.raw`how to (?:die|end it all|kill myself)`],
    },
    toxin_exposure: {
      zh: [String.raw`(?:地里|田里|果园|大棚|菜地|棉花地|稻田|果树)[^，。,]{0,4}(?:打|喷|洒)(?:了)?(?:农)?药`, String.raw`(?:喷|洒)(?:了)?(?:农)?药`, String.raw`打(?:农)?药(?:回来|以后|之后|后)`],
      en: [String.raw`(?:spraying|sprayed) (?:the )?(?:crops|fields?|orchard|garden)`],
    },
    hemoptysis_heavy: {
      zh: [String.raw`咳(?:出|了)?(?:来)?(?:的)?(?:是)?(?:鲜红|整口)(?:的)?血`, String.raw`咯血[^，。,]{0,4}(?:一|几|好几|[0-9]+)(?:口|勺|杯|毫升|ml)`, String.raw`咳(?:出)?(?:了)?(?:一|几|好几)(?:口|勺|杯)(?:鲜)?血`],
      en: [
        String.raw`cough(?:ing|ed|s)? up (?:bright red|fresh|pure|frank|clots of|red) blood`, String.raw`cough(?:ing|ed)? up[^.]{0,30}(?:tablespoons?|spoonfuls?|teaspoons?|cupfuls?|mouthfuls?|a cup) of blood`,
        String.raw`(?:tablespoons?|spoonfuls?|mouthfuls?|cupfuls?) (?:of )?(?:bright red |fresh )?blood`, String.raw`blood[^.]{0,20}(?:tablespoons?|spoonfuls?|mouthfuls?) each time`,
      ],
    },
    thunder_quality: {
      zh: [String.raw`(?:几|[0-9一两三四五])\s*(?:秒|秒钟)(?:内|之内|钟)?(?:就)?[^，。,]{0,2}(?:疼|痛)到(?:了)?(?:顶|极点|最)`],
      en: [String.raw`(?:maxed|peaked|hit (?:its )?peak|at its worst) (?:out )?(?:within|in) (?:a few |few )?(?:seconds|a minute|a min)`],
    },
    fetal_movement_low: {
      zh: [String.raw`(?:感觉不到|感受不到|摸不到|没感觉到|没(?:有)?感觉)[^，。,]{0,4}(?:宝宝|孩子|胎儿|娃)?(?:在)?(?:动|踢|胎动)`],
    },
    pregnant: {
      en: [String.raw`\b(?:i'?m|im|i am|she'?s|she is|wife'?s|wife is|partner'?s|partner is|daughter'?s|daughter is)\s+(?:\d{1,2}|twenty|thirty|forty)[\w-]*\s*(?:\+\s*\d\s*)?(?:weeks?|wks?)\b`],
    },
    rigid_abdomen: {
      zh: [String.raw`(?:肚子|腹部)[^，。,]{0,4}(?:硬得像(?:石头|木板|板子)|像(?:石头|木板|板子)一样硬|梆梆硬|硬邦邦)`, String.raw`(?:按|压)(?:一下|下去)?(?:再)?(?:一)?(?:松开|松手|放开|松)[^，。,]{0,3}(?:更|反而|还)?(?:疼|痛)`],
      en: [String.raw`(?:belly|stomach|tummy|abdomen|bump|uterus|womb)[a-z ]{0,10}(?:rock[- ]hard|hard as (?:a )?(?:rock|board|stone)|like a (?:rock|board))`],
    },
    oliguria: {
      zh: [String.raw`(?:尿不湿|尿布|纸尿裤)[^，。,不没无未]{0,6}干(?:的|了|爽)`],
      en: [String.raw`(?:nappy|nappies|diaper|diapers)[a-z ]{0,15}\bdry\b`],
    },
    vomiting_repeated: {
      zh: [String.raw`吐了(?:好多|很多|n多|无数|不知道多少)(?:次|回)`, String.raw`吐了(?:一|半|整)(?:天|晚上|夜|宿)`],
    },
    lethargic: { zh: [String.raw`软(?:软的|塌塌|趴趴|绵绵)`] },
    poor_feeding: {
      zh: [String.raw`吃奶(?:也|都)?(?:没劲|没力气|无力|费劲|吸不动)`, String.raw`(?:吸|嘬)(?:奶)?(?:没劲|吸不动|没力气)`],
    },
    altered_state: {
      en: [String.raw`(?:not|isn'?t|aren'?t) making (?:a lot of |much |any )?sense`, String.raw`(?:talking|speaking) (?:gibberish|rubbish|nonsense)`],
    },
    infection_context: {
      zh: [String.raw`伤口[^，。,]{0,6}(?:红|肿|化脓|流脓|发烫|发黑|发臭)`, String.raw`(?:腿|脚|手|皮肤)[^，。,]{0,4}(?:红肿|发烫|化脓)`],
      en: [String.raw`(?:wound|cut|incision|bite|scratch)[a-z ']{0,20}(?:red|swollen|infected|hot|oozing|pus|smelly)`, String.raw`(?:infected|oozing|pus-filled) (?:wound|cut|leg|foot|skin)`],
    },
  },

  addConcepts: [
    {
      // Explicit farewells: a goodbye that stands on its own.
      id: 'farewell_strong',
      zh: ['永别了', String.raw`(?:下辈子|来世|来生)(?:再)?(?:见|做)`, String.raw`交代(?:了)?后事`, String.raw`(?:最后|临终)(?:的)?(?:遗言|一条消息|告别)`, String.raw`再也见不到(?:我|你们)了`],
      en: [String.raw`(?:goodbye|farewell) (?:message|text|letter|note)`, String.raw`won'?t (?:see|be seeing) (?:you|anyone|any of you) again`, String.raw`this is (?:my )?goodbye`],
    },
    {
      // Softer farewells: an emergency when the person can no longer be reached.
      id: 'farewell_soft',
      zh: [String.raw`对不起(?:大家|所有人|你们|爸妈|爸爸妈妈|家人)`, String.raw`(?:帮我)?照顾好(?:我)?(?:爸妈|爸爸妈妈|孩子|家人)`, String.raw`(?:谢谢|感谢)(?:你|大家)(?:这些年|一直以来)`],
      en: [String.raw`sorry for everything`, String.raw`tell (?:everyone|mum|mom|dad|them|my \w+) (?:i'?m sorry|i love)`, String.raw`(?:look|take) (?:after|care of) (?:mum|mom|dad|the kids|my \w+) for me`, String.raw`said goodbye to (?:everyone|us|me)`],
    },
    {
      id: 'unreachable',
      zh: ['联系不上', String.raw`(?:电话|微信|消息)[^，。,]{0,4}(?:不接|不回|打不通|关机)`, String.raw`(?:不接|不回)(?:电话|消息|微信)`, String.raw`(?:然后|之后|后来)(?:就)?不回(?:了|消息)?`, String.raw`找不到(?:他|她|人)(?:了)?`],
      en: [String.raw`can'?t (?:reach|contact|get hold of|get through to) (?:her|him|them)`, String.raw`(?:not|isn'?t|stopped|hasn'?t been) (?:answering|replying|picking up)`, String.raw`phone (?:is )?(?:off|going (?:straight )?to voicemail)`],
    },
    {
      // A second dose taken by mistake ("吃了两遍", "took it twice"); regimen words ("一天两次") are not matched.
      id: 'double_dose',
      zh: [String.raw`重复(?:吃|服|打)(?:了)?`, String.raw`多(?:吃|服|打)了(?:一|两|1|2)(?:遍|次|顿|针|片|粒|颗)`, String.raw`吃重(?:了|复)`, String.raw`(?:吃|服|打)(?:了)?(?:两|2)遍`, String.raw`(?:又|再)(?:吃|服|打)了一(?:遍|次|顿|针)`, String.raw`(?:吃|服|打)了双份`],
      en: [String.raw`double(?:d)? (?:dose|up)`, String.raw`took (?:it|them|(?:my|his|her) \w+(?: \w+)?) twice`, String.raw`(?:took|taken|had|given) (?:an? )?(?:extra|double|second) (?:dose|injection|shot)`],
    },
    {
      id: 'jaundice_severe',
      zh: [String.raw`(?:手心|脚心|手掌|脚掌|脚底|手脚心)[^，。,]{0,4}(?:都|也)?(?:发)?黄`, String.raw`越来越黄`, String.raw`黄疸[^，。,]{0,6}(?:越来越|很|特别|非常)?(?:高|重|深)`],
      en: [String.raw`(?:palms|soles)[a-z ]{0,15}yellow`, String.raw`yellow (?:palms|soles)`, String.raw`(?:more and more|increasingly|getting more|very|really) yellow`, String.raw`jaundice (?:is )?(?:getting worse|spreading|worse)`],
    },
    {
      // Infant dehydration signs besides dry nappies.
      id: 'dehydration',
      zh: [String.raw`哭(?:的时候|起来)?(?:都)?没(?:有)?(?:眼泪|泪)`, String.raw`眼(?:窝|眶)(?:都)?(?:凹|陷|抠)`, String.raw`(?:嘴唇|嘴巴|舌头)(?:很|特别|都)?干(?:裂|巴巴)?`],
      en: [String.raw`\bno tears\b`, String.raw`(?:crying|cries) without tears`, String.raw`sunken (?:eyes|soft spot)`, String.raw`(?:very |really )?dry (?:lips|mouth)`],
    },
    {
      // Right-lower-quadrant or migrating pain (appendicitis pattern).
      id: 'rlq_pain',
      zh: [String.raw`(?:转移|跑|挪|移|窜)(?:到|至)(?:了)?右下腹`, String.raw`右下腹(?:部)?[^，。,]{0,6}(?:疼|痛)`],
      en: [String.raw`(?:lower right|right lower|bottom right) (?:side|tummy|belly|abdomen|of (?:my|his|her) (?:tummy|belly|stomach))[a-z ]{0,10}(?:pain|hurts|ache|sore)`, String.raw`pain[a-z ]{0,20}(?:moved|moving|shifted) (?:to|down to|over to) (?:the )?(?:lower right|right side|bottom right)`],
    },
    {
      // Bowel obstruction: no wind, faeculent vomit.
      id: 'obstruction',
      zh: [String.raw`(?:不|没(?:有)?)(?:排气|放屁)`, String.raw`(?:屁|气)(?:也|都)?(?:放不出|排不出)`, String.raw`吐(?:出)?(?:来)?(?:的)?(?:东西)?[^，。,]{0,4}粪(?:臭|味|样)`],
      en: [String.raw`(?:not|can'?t|haven'?t|hasn'?t|unable to) (?:pass(?:ed|ing)? )?(?:wind|gas)\b`, String.raw`vomit(?:ing)? (?:smells|looks) like (?:poo|poop|faeces|feces)`, String.raw`(?:faecal|fecal|faeculent|feculent) vomit`],
    },
    {
      // BP readings the number parser does not read ("190多/115", "高压两百多").
      id: 'bp_crisis_text',
      zh: [
        String.raw`(?<![\d.])(?:1[89]\d|2\d\d)\s*(?:多|几|来)\s*[/／]\s*\d{2,3}`, String.raw`(?<![\d.])\d{2,3}\s*(?:多|几)?\s*[/／]\s*(?:1[1-9]\d)\s*(?:多|几)`,
        String.raw`(?:高压|血压|收缩压|上压)[^，。,]{0,4}(?:两百|二百|一百八|一百九)`, String.raw`(?:低压|舒张压|下压)[^，。,]{0,4}(?:一百一|一百二|一百三|一百四)`,
      ],
    },
  ],

  removeRuleIds: ['infant.two_amber_signs'],
  addRules: [
    { id: 'suicide.farewell', family: 'suicide_self_harm', urgency: 'emergency', all: ['farewell_strong'] },
    { id: 'suicide.farewell_unreachable', family: 'suicide_self_harm', urgency: 'emergency', all: ['farewell_soft', 'unreachable'] },
    { id: 'poison.double_dose_high_risk', family: 'overdose_poisoning', urgency: 'urgent', all: ['double_dose', 'high_risk_med'] },
    { id: 'infant.two_amber_signs', family: 'infant_red_flag', urgency: 'urgent', all: ['v.infant'], atLeast: { n: 2, of: ['poor_feeding', 'lethargic', 'tachypnea', 'vomiting_repeated', 'inconsolable', 'distension', 'oliguria', 'dehydration'] } },
    { id: 'infant.severe_jaundice', family: 'infant_red_flag', urgency: 'urgent', all: ['v.infant_lt3m', 'jaundice_severe'] },
    { id: 'sepsis.infection_fever_tachy', family: 'sepsis_meningitis', urgency: 'emergency', all: ['fever', 'infection_context'], any: [['tachypnea', 'v.hr_high', 'shock_signs']] },
    { id: 'bp.crisis_text_with_symptoms', family: 'hypertensive_crisis', urgency: 'emergency', all: ['bp_crisis_text'], any: [BP_SYMPTOMS] },
    { id: 'abdomen.rlq_plus', family: 'acute_abdomen', urgency: 'urgent', all: ['rlq_pain'], any: [['fever', 'v.fever38', 'rigid_abdomen', 'vomiting_repeated']] },
    { id: 'abdomen.obstruction', family: 'acute_abdomen', urgency: 'urgent', all: ['obstruction'], any: [['vomit', 'vomiting_repeated', 'distension', 'abd_pain']] },
  ],
};
