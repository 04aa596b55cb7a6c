// prerisk-2026.12.0 (rules part): fourth generalisation pass, after blind batch 5
// (libs/safety/PROMOTION.md), on top of 2026.11.4. Pattern classes only, each keyed on a
// symptom concept plus a modifier, or on a group of cues, never on one sentence:
// - suicide / self-harm: three more cue groups (place reached, time set, resolve / calm) and
//   wider means / goodbye / affairs / hopelessness groups; any two *different* groups escalate
//   (goodbye or affairs alone with a benign departure named do not);
// - stroke: speech gone wrong ("说话乱了", "词不达意", "words came out jumbled"), half the
//   visual field gone, "杯子都拿不住"-style weakness;
// - thunderclap: gap words between head and "裂开 / 炸开", "my head went bang", "explosion in
//   his skull", "zero to ten", gym / sex onset;
// - pregnancy / postpartum: "宝宝没怎么动" while pregnant, pad soaked hourly / big clots;
// - bleeding: nosebleeds, soaked towels / pads, anticoagulant + prolonged / symptomatic bleed;
// - cardiac: chest pain with nitro not helping; BP "200多" without a diastolic;
// - sepsis: spreading wound infection + fever + rigors / faintness;
// - infant: "vomiting bright green", colic-like bouts with drawn-up legs;
// - seizures in the plural / not waking up between them; antibiotic drip + swelling;
// - learned signal (src/classifier, model in libs/safety/data/): classifier-only escalation when
//   p >= threshold and no suppression; p < veto_below vetoes a single word-only rule hit;
// - false-alarm filters: impersonal "为什么 / 为啥叫 / 典型症状是什么" questions, "is X always Y",
//   "after reading an article", "how much X counts as", "what if", business "大出血" /
//   markets "bleeding", hypothetical "如果 / 万一" extended to "要是哪天 / 假如说 / 倘若".
import type { RulesetPatch } from './ruleset';

/** People a clause may be about; an impersonal "why" question names none of them. */
const PERSON = String.raw`(?:我|他|她|咱|孩子|宝宝|老公|老婆|爸|妈|爷|奶|姥|外公|外婆|儿子|女儿|同事|朋友|室友|家人|哥|姐|弟|妹)`;
const SH_GROUPS = ['sh_goodbye', 'sh_affairs', 'sh_means', 'sh_hopeless', 'sh_place', 'sh_time', 'sh_resolve'] as const;
/** Groups that pair among themselves; sh_place pairs separately because 11.4's sh_means also names places. */
const SH_PAIRING = ['sh_means', 'sh_hopeless', 'sh_time', 'sh_resolve'] as const;
const SH_STRONG = [...SH_PAIRING, 'sh_place'] as const;

export const PATCH_2026_12_0: RulesetPatch = {
  version: 'prerisk-2026.12.0',
  learned: { model: 'prerisk-2026.12.0.model.json', wideVeto: true, vetoWeakHits: true },

  extendCues: {
    knowledge: {
      zh: [
        // Impersonal "why" questions ("一氧化碳中毒为什么嘴唇是樱桃红色的"); a named person keeps it live.
        String.raw`^(?![^，。,；;]*${PERSON})[^，。,；;]*为(?:什么|啥|何)`,
        String.raw`为(?:什么|啥)(?:会)?(?:叫|称为|叫做)`, String.raw`(?:是)?什么意思`, String.raw`(?:典型|常见|主要|早期)?(?:的)?(?:症状|表现|征兆|特点)(?:都)?(?:是|有)(?:什么|哪些|啥)`,
        String.raw`(?:看|读|刷)(?:了|到)(?:一篇|篇|个)?(?:文章|科普|帖子|新闻|视频)`, '假如说', '倘若', '若是', String.raw`(?:哪天|以后)(?:万一|要是|如果)`,
      ],
      en: [
        String.raw`\bis (?:a |an |the )?[a-z' ]{2,30} always\b`, String.raw`\b(?:asking|ask) (?:after|because|since) (?:i |i've )?(?:read|reading|saw|seeing|watched|watching)`, String.raw`\bafter reading (?:an?|the|some|this) (?:article|post|story|thread|book)`,
        String.raw`\bhow (?:much|many) [a-z ]{0,30}(?:counts? as|is considered|would be) (?:an? )?(?:overdose|lethal|toxic|dangerous|too much)`, String.raw`\bwhat (?:symptoms|signs) would\b`, String.raw`\bwhat if\b`, String.raw`\bwhy (?:is|are|do|does) (?:it|they|a|an|the) [a-z ]{0,20}called\b`,
      ],
    },
    figurative: {
      zh: [
        String.raw`(?:业绩|公司|股市|股票|基金|钱包|荷包|预算|账户|口袋|利润|营收|销量|年终奖|老板)[^，。,]{0,4}(?:大出血|失血)`, String.raw`大出血(?:价|甩卖|促销|清仓|优惠|回馈)`,
      ],
      en: [String.raw`\b(?:market|stocks?|portfolio|shares?|crypto|company|business|sales|profits?)[a-z ]{0,12}(?:bleeding|crash(?:ed|ing)?|tanked|had a heart attack)`, String.raw`bleeding (?:subscribers|customers|fans|followers|users)`],
    },
    petHumanVictim: { zh: [String.raw`(?:交给|留给|寄养)`], en: [String.raw`(?:left|gave|given) (?:the|my|his|her) (?:dog|cat|pets?) (?:with|to)`, String.raw`\brehom(?:e|ed|ing)\b`] },
    resolved: { zh: [String.raw`(?:那|这)(?:都)?是[^，。,]{0,8}(?:年|以前|之前|很久)的事(?:了|情了)?`, String.raw`(?:就|已经|很快|马上)(?:好了|缓解了|消了|没事了)`, String.raw`现在(?:已经)?没事(?:了)?`] },
    // "When I was 15" / "back in college" were historical; so is "in my twenties".
    historical: { zh: [String.raw`生我(?:的时候|那年|那会儿?)`], en: [String.raw`\bin my (?:teens|twenties|thirties|forties|20s|30s|40s)\b`] },
  },

  extendConcepts: {
    speech: {
      zh: [
        String.raw`说话[^，。,]{0,4}(?:乱了|乱套|乱七八糟|词不达意|答非所问|对不上|驴唇不对马嘴)`, '词不达意', String.raw`(?:他|她)说的(?:话)?(?:我|我们|别人)?(?:都|也)?听不懂`,
        String.raw`(?:说|讲)(?:出来)?的(?:话|字)(?:都)?(?:是)?(?:乱的|不成句|连不起来)`,
      ],
      en: [
        String.raw`(?:words|speech|sentences) (?:are |were |came |coming |come )?(?:out )?(?:all )?(?:jumbled|garbled|muddled|wrong|mixed up|nonsense)`, String.raw`talking (?:gibberish|nonsense)`, String.raw`(?:can'?t|couldn'?t|cannot) get (?:his|her|my|the) words out`,
        String.raw`(?:slurred|garbled|jumbled) (?:words|speech)`,
      ],
    },
    vision_loss: {
      zh: [String.raw`(?:看东西|看|视野|眼前)[^，。,不没无未]{0,4}(?:少了|缺了|黑了|没了)(?:一半|一块|半边|一角)`],
      en: [String.raw`(?:lost|missing|can'?t see) (?:the )?(?:left |right )?half of (?:everything|(?:my|his|her) vision|what)`, String.raw`half (?:of )?(?:my|his|her) (?:vision|sight) (?:is )?(?:gone|black|missing)`],
    },
    chest_pain: { zh: [String.raw`(?:胸口|心口|胸)[^，。,不没无未]{0,3}(?:像|好像|跟|如)[^，。,不没无未]{0,8}(?:攥|捏|揪|拧|压|绑|箍|勒|挤)`] },
    radiation: { zh: [String.raw`(?:左)?(?:胳膊|手臂|肩膀|下巴|后背)(?:也|都)?(?:发)?(?:麻|酸|疼|痛)`] },
    toxin_strong: { zh: ['尼古丁', '烟油', '电子烟油'], en: [String.raw`nicotine(?: pouch| gum| patch| liquid| e-liquid| vape)?s?`, String.raw`e-liquid`, String.raw`vape (?:juice|liquid)`] },
    postpartum: { en: [String.raw`\bgave birth\b`, String.raw`had (?:the|my|a|our) baby (?:last|this|\d+|a few|two|three)`, String.raw`(?:days|weeks?) (?:after|since) (?:the )?(?:birth|delivery|c-?section)`] },
    unilateral_weak: { zh: [String.raw`(?:杯子|碗|筷子|手机|勺子|笔)(?:都|也)?(?:拿|握)不(?:住|稳)`] },
    headache: {
      zh: [String.raw`(?:头|脑袋)[^，。,不没无未]{0,5}(?:像|好像|跟)[^，。,不没无未]{0,4}(?:要)?(?:裂开|炸开|爆开|炸了|爆了|裂了)`],
      en: [String.raw`(?:explosion|exploded|bang|burst) (?:in|inside) (?:my|his|her) (?:skull|head)`, String.raw`(?:grabbed|grabbing|clutching|clutched|holding) (?:his|her|my) head`],
    },
    thunder_quality: {
      zh: [String.raw`一下子[^，。,]{0,4}(?:像)?(?:要)?(?:裂开|炸开|爆开)`],
      en: [String.raw`(?:zero|0) to (?:ten|10|a hundred|100)`, String.raw`explosion in (?:my|his|her) (?:skull|head)`],
    },
    head_thunder: { en: [String.raw`(?:my|his|her) head (?:just |literally |suddenly )?(?:went|goes|going) (?:bang|boom|pop|snap)`] },
    exertion_onset: {
      zh: ['卧推', '深蹲', '硬拉', '健身房', '撸铁'],
      en: [String.raw`\bduring sex\b`, String.raw`\b(?:bench|deadlift|squat)(?:ing|ting)?\b`],
    },
    allergy_trigger: { zh: [String.raw`(?:打|输|挂)(?:完|了)[^，。,不没无未]{0,6}(?:头孢|青霉素|阿莫西林|抗生素|消炎|吊瓶|点滴)`] },
    bilious_vomit: { en: [String.raw`vomit(?:ing|ed)? (?:up )?(?:bright |dark |luminous )?(?:green|bile)`] },
    seizure: { en: [String.raw`(?:had|having|has had|'s had) (?:two|three|several|multiple|\d+|back[- ]to[- ]back) (?:seizures|fits|convulsions)`] },
    presyncope: { en: [String.raw`(?:going to|gonna|about to) (?:pass out|faint|black out|keel over)`] },
    unresponsive: { en: [String.raw`(?:hasn'?t|has not|hadn'?t|didn'?t|not) (?:woken|come round|come around|come to)(?: up)?`] },
    infection_context: {
      zh: [String.raw`伤口[^，。,不没无未]{0,6}(?:红肿|化脓|流脓|发烫|越来越红|红得发烫|烫)`],
      en: [String.raw`\bwound\b[a-z ]{0,40}(?:red|hot|spreading|pus|oozing|infected|swollen)`, String.raw`(?:redness|red streaks?) (?:is |are )?spreading`],
    },
    bp_crisis_text: { zh: [String.raw`(?:高压|血压|收缩压|上压)[^，。,\d]{0,4}(?:1[89]\d|2\d\d)\s*(?:多|几)?(?![\d/／])`] },
    fetal_movement_low: { zh: [String.raw`(?:宝宝|孩子|胎儿)[^，。,]{0,4}(?:没怎么|不怎么|不太|很少|都没)动`] },
    farewell_strong: { zh: [String.raw`下辈子(?:再)?(?:报答|报恩|还)`] },
    sh_means: {
      zh: [
        String.raw`(?:藏|备|留|买|囤)(?:了|好)?[^，。,]{0,6}(?:百草枯|敌敌畏|农药|老鼠药|安眠药|木炭|烧烤炭|炭|绳子)`, String.raw`(?:炭|碳)[^，。,]{0,10}(?:胶带|封条)`, String.raw`(?:窗缝|门缝)[^，。,]{0,6}(?:量好|封好|堵好|贴好|封上)`,
        String.raw`(?:胶带|封条)[^，。,]{0,6}(?:窗缝|门缝|窗户)`,
      ],
      en: [
        String.raw`hose[a-z ]{0,25}exhaust`, String.raw`(?:exhaust|tailpipe)[a-z ]{0,20}hose`, String.raw`(?:pills|tablets|oxycodone|codeine|tramadol|meds|paracetamol|painkillers)[a-z ]{0,10}(?:saved|stored|stockpiled|hoarded|collected) up`,
        String.raw`(?:saved|stockpiled|hoarded|collected) up (?:\d+ |enough |all )?(?:of )?(?:my |the )?(?:pills|tablets|meds|painkillers)`, String.raw`(?:the )?rope (?:is )?(?:in|ready in) (?:my|the) (?:bag|backpack|car|trunk|room)`,
      ],
    },
    sh_goodbye: {
      zh: [
        '养育之恩', String.raw`这辈子(?:就)?(?:到这|到此)(?:了|为止)?`, String.raw`谢谢(?:你们|大家|你)?(?:的)?(?:遇见|陪伴)`, String.raw`(?:就)?当(?:没|从没|从来没)(?:见过|认识|有过)(?:我)?`, '忘了我吧', String.raw`最后(?:找个人|跟人|和你们|跟你们)?(?:说说话|聊聊|说一声)`, String.raw`别怪(?:自己|你自己)`, String.raw`(?:帮我)?照顾好(?:我)?(?:爸妈|妈妈|爸爸|家人|孩子)`,
      ],
      en: [
        String.raw`sorry for being (?:a|such a) burden`, String.raw`(?:won'?t|wont|will not|never) have to (?:deal|worry|put up) (?:with|about) me`, String.raw`(?:won'?t|wont|will not) (?:be needing|need) (?:it|this|you|the app|this app)[a-z ]{0,12}(?:anymore|any more|after)`,
        String.raw`thanks for everything`, String.raw`just wanted (?:someone|somebody|anyone) to know`, String.raw`take care of yourselves`,
      ],
    },
    sh_affairs: {
      zh: [
        String.raw`(?:密码|账号)[^，。,]{0,8}(?:发给|告诉|给了|是你)`, String.raw`(?:保险)?受益人`, String.raw`(?:东西|衣服|吉他|书|电脑|游戏机)[^，。,]{0,4}(?:都)?(?:送给|捐了|送人|分给)`, String.raw`收拾(?:得|的)(?:干干净净|整整齐齐)`, String.raw`信写(?:了)?[^，。,]{0,4}(?:写好|终于写好|写完)`,
      ],
      en: [
        String.raw`(?:written|wrote|write|left) (?:down )?(?:all )?(?:of )?(?:my|his|her) passwords`, String.raw`(?:left|gave|given) (?:the|my|his|her) (?:dog|cat|pets?|kids) (?:with|to)`, String.raw`gave away (?:his|her|my|all)`, String.raw`giving (?:away )?(?:my|all my|his|her) (?:stuff|things|belongings|possessions)(?: away)?`, String.raw`everything'?s (?:sorted|in order|taken care of|arranged)`,
      ],
    },
    sh_hopeless: {
      zh: [String.raw`(?:反正)?(?:也)?没(?:有)?人(?:会)?(?:在乎|关心|在意|管)我`, String.raw`受不了了?(?:再|就)(?:喝|吃|跳)`],
      en: [String.raw`(?:nobody|no one|no-one) (?:will|would|is going to) (?:even |really |ever )?(?:miss|notice|care)`, String.raw`better off without me`, String.raw`(?:a|such a) burden (?:to|on) (?:everyone|you|them|my family)`],
    },
  },

  addConcepts: [
    {
      id: 'nosebleed',
      zh: ['流鼻血', '鼻出血', '鼻血'],
      en: [String.raw`nose ?bleeds?\b`, String.raw`nose (?:is |has been |keeps )?bleeding`],
    },
    {
      // Soaked pads / towels: amount of blood without a number.
      id: 'soaked',
      zh: [String.raw`(?:毛巾|纸巾|卫生巾|纱布|衣服|护垫)[^，。,]{0,4}(?:湿透|浸透|全湿|染红)`, String.raw`(?:一|每)(?:个)?小时(?:就)?(?:湿透|换)(?:一|1)(?:片|张|个)`],
      en: [String.raw`soak(?:ed|ing|s)? (?:through )?(?:loads of |lots of |several |many |multiple |\d+ |a few |a |one |another )?(?:towels?|pads?|tissues?|t-?shirts?|bandages?|dressings?)`],
    },
    {
      id: 'clots',
      zh: [String.raw`(?:大|很大的|好大的|鸡蛋大的?|拳头大的?)(?:的)?血块`],
      en: [String.raw`(?:big|large|huge|golf[- ]ball|massive) (?:blood )?clots`],
    },
    {
      // Nitro not relieving chest pain (known angina now unrelieved).
      id: 'nitro_fail',
      zh: [String.raw`(?<=(?:硝酸甘油|救心丸|速效救心)[^，。,]{0,8})(?:也|都|还是)?(?:没用|不管用|没效果|不见好|没缓解|缓解不了|不缓解)`],
      en: [String.raw`(?:nitro|gtn|nitroglycerin|nitrate)[a-z' ]{0,30}(?:hasn'?t|didn'?t|isn'?t|doesn'?t|not|no) (?:helped|help|helping|worked|working|work|touched|touch)`],
    },
    {
      id: 'angina_word',
      zh: ['心绞痛', '冠心病'],
      en: [String.raw`\bangina\b`],
    },
    {
      // Where a thunderclap onset was felt, for onset descriptions without a pain word.
      id: 'head_location',
      zh: [String.raw`后脑(?:勺)?`, '头顶', '脑袋', String.raw`头(?![孢发绪像晕昏])`],
      en: [String.raw`(?:back|side|top|front) of (?:my|his|her|the) head`, String.raw`\b(?:my|his|her) head\b`],
    },
    {
      id: 'rigors',
      zh: ['寒战', '打寒战', '打冷战', '打摆子', String.raw`冷得(?:直)?(?:发抖|哆嗦)`],
      en: [String.raw`\brigou?rs\b`, String.raw`shaking chills`, String.raw`(?:uncontrollabl[ey]|violently) shiver`, String.raw`teeth (?:are )?chattering`],
    },
    {
      id: 'colic_bouts',
      zh: [String.raw`(?:一阵一阵|阵发性)(?:地|的)?(?:哭闹|尖叫|大哭)`, String.raw`(?:腿|双腿)(?:往上)?(?:蜷|缩|收)(?:起来|着)`],
      en: [String.raw`screaming in (?:bouts|fits|waves|episodes)`, String.raw`(?:pulling|pulls|drawing|draws) (?:his|her|their|the) (?:legs|knees) up`],
    },
    {
      // Place reached (roof, bridge, woods) and staying there.
      id: 'sh_place',
      zh: [
        String.raw`(?:楼顶|天台|桥上|桥边|江边|河边|海边|悬崖|崖边|窗台|那座桥)[^，。,]{0,10}(?:上来|坐了|站了|待了|呆了|坐着|站着)`, String.raw`(?:已经)?(?:上来|到了|站在|坐在)[^，。,]{0,4}(?:楼顶|天台|桥|江边|崖边)`,
        String.raw`(?:江边|河边|海边)那座桥`,
      ],
      en: [String.raw`(?:i'?m|im|i am) (?:in|at|on|up on) (?:the )?(?:woods|forest|bridge|roof|rooftop|cliff|tracks|railway|ledge)`, String.raw`standing (?:at|on) the edge`],
    },
    {
      // A date / time set.
      id: 'sh_time',
      zh: [
        String.raw`(?:今晚|明早|明晚|明天|后天|周末|这周末|周五|下周|凌晨)[^，。,]{0,8}(?:都)?(?:想好了|定好了|决定了|计划好了)`, String.raw`(?:今天|今晚)(?:应该)?就是那(?:一)?天`, String.raw`(?:日子|时间|日期)(?:都|已经)?(?:定|选|挑)好了`,
      ],
      en: [
        String.raw`(?:picked|chosen|set|chose) (?:a|the) (?:date|day|time)`, String.raw`\bafter tonight\b`, String.raw`today (?:is|will be|should be) the day`, String.raw`(?:get|getting) through (?:till|until|to) then`,
        String.raw`(?:it|this|everything|it all) (?:will|'ll|is going to) (?:all )?be over (?:soon|tomorrow|tonight|by)`, String.raw`(?:tomorrow|tonight|soon),? (?:it|this|everything|it all) (?:will|'ll) (?:all )?be over`,
        String.raw`(?:calm|peaceful|ready) about (?:friday|monday|tuesday|wednesday|thursday|saturday|sunday|tomorrow|tonight|the weekend)`,
      ],
    },
    {
      // Decided, calm, secretive.
      id: 'sh_resolve',
      zh: [String.raw`(?:心里|内心)(?:反而|倒是|倒)(?:挺|很)?(?:平静|轻松)`, String.raw`(?:别|不要)劝我`, String.raw`(?:谁|别人)(?:都)?(?:没|不)(?:告诉|说)`],
      en: [String.raw`(?:oddly|strangely|weirdly|surprisingly) (?:calm|peaceful|at peace)`, String.raw`(?:my )?mind is made up`, String.raw`don'?t try to (?:stop|talk) me`, String.raw`not telling (?:anyone|anybody|a soul)`],
    },
  ],

  addRules: [
    // suicide_self_harm: two different cue groups; a strong group is not needed when
    // goodbye and affairs come together (kept from 11.4, with its benign-departure check).
    { id: 'suicide.strong_pair', family: 'suicide_self_harm', urgency: 'emergency', atLeast: { n: 2, of: [...SH_PAIRING] }, unless: ['benign_departure'] },
    { id: 'suicide.place_plus', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_place'], any: [['sh_hopeless', 'sh_time', 'sh_resolve', 'sh_goodbye', 'sh_affairs', 'unreachable']] },
    { id: 'suicide.goodbye_plus', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_goodbye'], any: [[...SH_STRONG, 'unreachable', 'farewell_strong']] },
    { id: 'suicide.affairs_plus', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_affairs'], any: [[...SH_STRONG, 'unreachable', 'farewell_strong', 'farewell_soft']], unless: ['benign_departure'] },
    // stroke: dysphasia / field loss with a sudden onset
    { id: 'stroke.vision_field_sudden', family: 'stroke', urgency: 'emergency', all: ['vision_loss'], any: [['speech', 'unilateral_numb', 'unilateral_weak', 'face_droop']] },
    // pregnancy / postpartum
    { id: 'pregnancy.postpartum_soaked', family: 'pregnancy_emergency', urgency: 'emergency', all: ['postpartum'], any: [['soaked', 'clots']] },
    { id: 'pregnancy.bleeding_soaked', family: 'pregnancy_emergency', urgency: 'emergency', all: ['pregnant'], any: [['soaked', 'clots']] },
    // major_bleeding
    { id: 'bleeding.anticoag_prolonged', family: 'major_bleeding', urgency: 'emergency', all: ['anticoagulant'], any: [['nosebleed', 'bleeding_generic'], ['duration', 'soaked', 'presyncope', 'dizziness', 'bleeding_uncontrolled']] },
    { id: 'bleeding.soaked_symptomatic', family: 'major_bleeding', urgency: 'emergency', all: ['soaked'], any: [['presyncope', 'syncope', 'shock_signs', 'cold_sweat', 'palpitations', 'v.hr_high']] },
    // heart_attack
    { id: 'cardiac.chest_pain_nitro_fail', family: 'heart_attack', urgency: 'emergency', all: ['nitro_fail'], any: [['chest_pain', 'angina_word']] },
    // thunderclap_headache: onset simile located in the head with a meningeal / vomiting sign
    { id: 'headache.thunder_head_signs', family: 'thunderclap_headache', urgency: 'emergency', all: ['thunder_quality', 'head_location'], any: [['vomit', 'vomiting_repeated', 'neck_stiff', 'photophobia', 'syncope', 'altered_state']] },
    // sepsis_meningitis
    { id: 'sepsis.infection_fever_systemic', family: 'sepsis_meningitis', urgency: 'emergency', all: ['fever', 'infection_context'], any: [['presyncope', 'syncope', 'altered_state', 'unresponsive', 'mottled']] },
    // infant_red_flag: colic-like bouts with drawn-up legs (intussusception pattern)
    { id: 'infant.colic_bouts_vomit', family: 'infant_red_flag', urgency: 'urgent', all: ['v.infant', 'colic_bouts'], any: [['vomit', 'vomiting_repeated', 'bilious_vomit', 'bleeding_generic', 'lethargic']] },
  ],
};

/** Cue groups of indirect suicidal intent (for tests and documentation). */
export const SUICIDE_CUE_GROUPS: readonly string[] = SH_GROUPS;
