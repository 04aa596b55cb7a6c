// Modifiers and general signs reused by several families (onset, severity, altered
// consciousness, autonomic signs). Kept separate so one synonym fix helps every family.
import type { ConceptDef } from './concept-types';

export const GENERAL_CONCEPTS: readonly ConceptDef[] = [
  {
    id: 'sudden',
    zh: ['突然', '忽然', '一下子', '猛地', '猛然', '瞬间', '骤然', '突发', '毫无征兆'],
    en: [String.raw`\bsudden(?:ly)?\b`, 'all of a sudden', String.raw`out of (?:nowhere|the blue)`, String.raw`\babrupt(?:ly)?\b`, String.raw`came on (?:fast|quickly|suddenly|all at once)`],
  },
  {
    id: 'severe',
    zh: ['剧烈', '剧痛', '厉害', '严重', '受不了', '忍不了', '忍不住', '要命', '撕裂', '刀割', '钻心', '打滚', '直不起腰', '欲裂', '炸开', '裂开', '列开', '爆炸', String.raw`(?:特别|非常|极其|很|太)(?:疼|痛)`, '疼死', '痛死', '疼哭', '痛哭'],
    en: [String.raw`\bsevere(?:ly)?\b`, 'excruciating', 'unbearable', String.raw`agoni[sz]ing`, String.raw`\b(?:really|very|so|extremely) (?:bad|painful|severe)\b`, String.raw`\bterrible\b`, String.raw`\bcrushing\b`, String.raw`\bsplitting\b`, String.raw`\bintense\b`, 'worst'],
  },
  {
    id: 'duration',
    zh: [String.raw`半(?:个)?(?:多)?小时`, String.raw`[0-9一二两三四五六七八九十几]+\s*(?:多)?分钟`, String.raw`(?:快|近|将近|差不多|有|超过|都)?(?:一|两|三|几|半|1|2|3)(?:个)?(?:多)?(?:小时|钟头)`, String.raw`(?:一直|还|都|也)?(?:没|不|未)(?:有)?(?:缓解|好转|减轻|见好|好)`, '持续'],
    en: [String.raw`for (?:like |about |around |over |more than |almost )?(?:\d+|twenty|thirty|forty|fifteen|ten) ?(?:min|mins|minutes)`, String.raw`for (?:over |more than |about |almost )?(?:an|half an|a half|an) hour`, String.raw`(?:for |over )?(?:the )?(?:last|past) (?:half (?:an )?hour|hour|couple of hours|\d+ (?:min|mins|minutes|hours))`, String.raw`won'?t go away`, String.raw`not going away`, String.raw`hasn'?t (?:eased|gone|settled)`, String.raw`\bconstant\b`, String.raw`\bpersistent\b`],
  },
  {
    id: 'worsening',
    zh: [String.raw`越来越(?:疼|痛|重|厉害|严重|难受|晕)`, '加重', '更疼', '更痛', '更厉害'],
    en: [String.raw`getting worse`, String.raw`worse and worse`, String.raw`getting (?:more|really) (?:painful|bad)`, String.raw`\bworsening\b`],
  },
  {
    id: 'altered_state',
    zh: ['迷迷糊糊', String.raw`(?:人|他|她|说话|脑子)(?:有点|都|也)?(?:迷糊|糊涂)`, '糊里糊涂', '昏昏沉沉', '昏沉', String.raw`意识(?:模糊|不清|障碍|丧失|不太清楚)`, String.raw`神志(?:不清|模糊|恍惚)`, String.raw`不认(?:识|得)(?:人|我)`, '认不出', '都不认识', '答非所问', '说胡话', '胡言乱语', '语无伦次', String.raw`反应(?:迟钝|很慢|变慢|慢半拍|慢)`, '嗜睡', '昏睡', String.raw`一直(?:想|在)?睡`, '叫不(?:太)?醒', '喊不(?:太)?醒', '昏迷', '不省人事', '烦躁不安', String.raw`(?:人|他|她)(?:很|特别)?烦躁`, '精神恍惚', String.raw`脑子(?:转不过来|反应不过来|不清楚|一片空白|乱了)`, '反应不过来', String.raw`思维(?:迟钝|混乱)`, String.raw`(?:人|他|她)(?:有点|都|也)?(?:傻了|呆了|懵了|发呆|发愣)`, '呼之不应', '叫不应', '不认人', String.raw`(?:有点|有些|一直|还|开始|变得)(?:迷糊|糊涂|犯迷糊)`, String.raw`(?:叫|喊)(?:她|他)?(?:也|都)?不(?:怎么|太)?醒`, String.raw`(?:叫|喊|呼)(?:他|她|人)?(?:都|也)?不(?:太|怎么)?(?:应|答应|回应)`],
    en: [String.raw`\bconfus(?:ed|ion)\b(?! (?:about|by|as to|whether|why|what|which|how|on|with))`, String.raw`disorient(?:at)?ed`, String.raw`\bdrowsy\b`, String.raw`hard to wake`, String.raw`(?:can'?t|cannot|couldn'?t|won'?t) (?:wake|rouse)`, String.raw`not making (?:any )?sense`, String.raw`doesn'?t make (?:any )?sense`, String.raw`\bincoherent\b`, String.raw`talking nonsense`, String.raw`\bdelirious\b`, String.raw`\bout of it\b`, String.raw`keeps? (?:falling asleep|nodding off)`, String.raw`barely (?:conscious|awake)`, String.raw`semi[- ]conscious`, String.raw`\bagitated\b`, String.raw`not (?:with it|all there)`, String.raw`(?:can'?t|cannot) think (?:straight|clearly)`, String.raw`(?:doesn'?t|didn'?t) (?:know|recogni[sz]e) (?:where|who)`],
  },
  {
    id: 'syncope',
    zh: ['晕倒', '昏倒', String.raw`(?<!差点|险些|几乎|快要|要)晕过去`, String.raw`(?<!差点|险些|几乎|快要|要)昏过去`, '晕厥', '不省人事', '倒地', String.raw`失去(?:了)?意识`, String.raw`没(?:了)?意识`, '人事不省', '休克', '栽倒'],
    en: [String.raw`(?<!nearly |almost |about to )passed out`, String.raw`(?<!nearly |almost )blacked out`, String.raw`(?<!nearly |almost |felt |feel |feels )\bfainted\b`, String.raw`\bcollapsed\b`, String.raw`lost consciousness`, String.raw`\bunconscious\b`, String.raw`\bunconcious\b`, String.raw`knocked out`, String.raw`went limp`, String.raw`keeled over`],
  },
  {
    id: 'unresponsive',
    zh: [String.raw`(?:叫|喊|拍|推|摇)[^，。,不没无未]{0,6}(?:没(?:有)?反应|不醒|不应)`, String.raw`(?:人|他|她)(?:已经)?没(?:有)?(?:反应|知觉)`, '毫无反应', '叫不醒', '喊不醒', '昏迷', '呼之不应', '叫不应', String.raw`(?:叫|喊)[^，。,不没无未]{0,6}(?:只会|只是|只能)(?:哼|嗯)`],
    en: [String.raw`\bunresponsive\b`, String.raw`not responding`, String.raw`no response`, String.raw`(?:can'?t|cannot|couldn'?t|won'?t) (?:wake|rouse) (?:him|her|them|up)`, String.raw`won'?t wake up`],
  },
  {
    id: 'presyncope',
    zh: [String.raw`差点(?:就)?(?:晕|昏)`, String.raw`险些(?:晕|昏)`, '眼前发黑', '快要晕', '要晕倒', '头晕眼花', '站不住', String.raw`(?:头晕|晕)得?站不(?:起来|稳|住)`],
    en: [String.raw`(?:nearly|almost) (?:passed out|fainted|blacked out|collapsed)`, String.raw`light[- ]?headed`, String.raw`\bfaint(?:ness|ish)?\b`, String.raw`about to pass out`, String.raw`vision (?:went|going) (?:black|dark)`],
  },
  {
    id: 'dizziness',
    zh: ['头晕', '头昏', '发晕', '晕乎', '晕晕', '眩晕', '天旋地转'],
    en: [String.raw`\bdizz(?:y|iness)\b`, String.raw`\bvertigo\b`, String.raw`room (?:is )?spinning`],
  },
  {
    id: 'cold_sweat',
    zh: ['冷汗', '虚汗', '大汗淋漓', '满头大汗', '一身汗', String.raw`(?:全身|浑身|脸上|头上|身上|额头)(?:全|都)?是汗`, String.raw`(?:浑身|全身|衣服)(?:都)?(?:湿透|汗湿)`, String.raw`(?:汗)(?:出|流)得(?:跟|像)`],
    en: [String.raw`cold sweat`, String.raw`\bclammy\b`, String.raw`drenched in sweat`, String.raw`sweating (?:buckets|profusely|a lot|heavily)`, String.raw`pouring with sweat`],
  },
  {
    id: 'sweating',
    zh: ['出汗', '冒汗', '大汗', '汗多', '直冒汗'],
    en: [String.raw`\bsweat(?:y|ing|s)?\b`, String.raw`\bdiaphoretic\b`],
  },
  {
    id: 'nausea',
    zh: ['恶心', '想吐', '反胃', '作呕'],
    en: [String.raw`\bnause(?:a|ous|ated)\b`, String.raw`feel(?:s|ing)? sick`, String.raw`queasy`],
  },
  {
    id: 'vomit',
    zh: ['呕吐', '吐了', '一直吐', '吐个不停', String.raw`吐(?:了)?(?:好几|几|两|一|[0-9]|三)(?:次|回)`, '又吐', '还吐', '喷射'],
    en: [String.raw`\bvomit(?:ed|ing|s)?\b`, String.raw`thr(?:ew|own|owing) up`, String.raw`\bbeen sick\b`, String.raw`\bbeing sick\b`, String.raw`\bwas sick\b`, String.raw`\bpuk(?:ed|ing)\b`],
  },
  {
    id: 'vomiting_repeated',
    zh: [String.raw`吐(?:了)?(?:好几|几|两|三|[2-9]|十几)(?:次|回)`, '一直吐', '反复呕吐', '吐个不停', '不停地吐', String.raw`(?:吃|喝)什么吐什么`, '喷射(?:状|性)?(?:呕吐|吐)'],
    en: [String.raw`vomit(?:ed|ing)? (?:twice|repeatedly|several times|multiple times|\d+ times|non-?stop|everything)`, String.raw`(?:throwing|thrown|threw) up everything`, String.raw`thr(?:ew|own) up (?:twice|again|several|\d+|multiple|three)`, String.raw`keeps? (?:vomiting|throwing up|being sick)`, String.raw`can'?t keep (?:anything|water|fluids) down`, String.raw`vomiting (?:all (?:day|night|morning)|for hours|since)`, String.raw`keeps? being sick`],
  },
  {
    id: 'shock_signs',
    zh: [String.raw`(?:手脚|四肢)(?:冰凉|发凉|冰冷|湿冷)`, String.raw`皮肤(?:发花|湿冷)`, '花斑', String.raw`脸色?(?:煞白|惨白|苍白|发白|发灰|白的吓人|白得吓人)`, String.raw`面色(?:苍白|发灰|灰白)`, '脸白'],
    en: [String.raw`\bmottled\b`, String.raw`cold and clammy`, String.raw`(?:very|really|deathly|ghostly|so) (?:pale|grey|gray)`, String.raw`\bashen\b`, String.raw`(?:hands|feet) (?:are |feel )?(?:ice )?cold`],
  },
  {
    id: 'palpitations',
    zh: ['心慌', '心悸', String.raw`心跳(?:得)?(?:很|特别|非常)?(?:快|乱|厉害)`, '心里扑通'],
    en: [String.raw`palpitations?`, String.raw`heart (?:is |was )?(?:racing|pounding)`, String.raw`racing heart`, String.raw`heart (?:skipping|fluttering)`],
  },
  {
    id: 'at_rest',
    zh: [String.raw`(?:坐着|躺着|休息|不动|静坐)(?:的时候|时)?(?:都|也)`, '静息', '只能坐着', '躺不下', '不能平躺'],
    // "fine at rest" is the opposite of breathlessness at rest.
    en: [String.raw`even (?:when |while )?(?:sitting|lying|resting|at rest)`, String.raw`(?<!(?:fine|ok|okay|better|normal|settles|goes away|resolves|eases|good) )\bat rest\b`, String.raw`sitting still`, String.raw`while resting`, String.raw`doing nothing`],
  },
  {
    id: 'anticoagulant',
    zh: ['华法林', '利伐沙班', '拜瑞妥', '阿哌沙班', '艾乐妥', '达比加群', '泰毕全', '氯吡格雷', '波立维', '替格瑞洛', '抗凝', '肝素'],
    en: [String.raw`\bwarfarin\b`, String.raw`\bcoumadin\b`, String.raw`rivaroxaban`, String.raw`xarelto`, String.raw`apixaban`, String.raw`eliquis`, String.raw`dabigatran`, String.raw`clopidogrel`, String.raw`plavix`, String.raw`blood[- ]thinners?`, String.raw`anticoagulant`],
  },
  {
    id: 'fever',
    zh: ['发烧', '发热', '高烧', '高热', '寒战', '打寒战', '打冷战', '打摆子', '发冷', '烧到', '烧得'],
    en: [String.raw`\bfever(?:ish)?\b`, String.raw`high temp(?:erature)?`, String.raw`(?:has|got|had|running) a (?:high )?temp(?:erature)?`, String.raw`\bchills\b`, String.raw`\brigou?rs\b`, String.raw`shaking with (?:chills|cold)`, String.raw`burning up`, String.raw`\bshivering\b`],
  },
  {
    id: 'child_word',
    zh: ['孩子', '小孩', '宝宝', '儿子', '女儿', '娃', '幼儿', '小朋友', '婴儿', '闺女'],
    en: [String.raw`\btoddler\b`, String.raw`\bchild\b`, String.raw`\bkids?\b`, String.raw`\bson\b`, String.raw`\bdaughter\b`, String.raw`\bbaby\b`, String.raw`\blittle one\b`, String.raw`\binfant\b`],
  },
  {
    id: 'infant_word',
    zh: ['新生儿', '婴儿', '小婴儿', '宝宝', '小宝', '满月', '未满月', '奶娃', String.raw`出生(?:才|刚)?(?:几|[0-9一二两三四五六七八九十]+)(?:天|周)`],
    en: [String.raw`\bnewborn\b`, String.raw`\binfant\b`, String.raw`\bbaby\b(?! (?:aspirin|teeth|food|formula|shampoo|oil|powder|monitor|wipes|carrots|boomer))`, String.raw`\d+[- ]?(?:day|week|wk)[- ]?old`],
  },
];
