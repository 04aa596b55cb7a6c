// Pregnancy, infant, infection and abdominal lexicons.
import type { ConceptDef } from './concept-types';

export const MATERNAL_CONCEPTS: readonly ConceptDef[] = [
  {
    id: 'pregnant',
    zh: [
      String.raw`(?<!备|想|准备|打算|计划|没|没有|未|能不能|能否|可以)怀孕(?!前|吗|的(?:几率|概率|机会)|率)`, String.raw`(?:怀孕|孕|妊娠)\s*(?:第)?\s*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:\+\s*\d)?\s*(?:个)?(?:周|月)`, String.raw`孕(?:早|中|晚)期`, '孕妇', String.raw`停经\s*(?:\d{1,2}|[一二两三四五六七八九十]{1,3})\s*(?:多)?\s*(?:周|天|个月)`,
      String.raw`(?:验孕|测孕)(?:棒|纸|试纸)?[^，。,不没无未]{0,4}(?:两道杠|阳性|2道杠|二道杠|两条杠)`, '两道杠', String.raw`怀(?:了)?(?:二胎|三胎|宝宝|孩子)`, '有了身孕', '孕期', '宫外孕',
    ],
    en: [String.raw`(?<!not |trying to get |want to get |planning to get |could i get |can i get )\bpregnant\b`, String.raw`\bpregnancy\b(?! test (?:was|is) negative)`, String.raw`\bexpecting (?:a baby|twins)`, String.raw`positive (?:pregnancy )?test`, String.raw`\b(?:1st|2nd|3rd|first|second|third) trimester\b`, String.raw`ectopic`],
  },
  {
    id: 'postpartum',
    zh: [String.raw`产后(?:第)?(?:\d+|[一二两三四五六七八九十]+)?(?:天|周|个月)?`, '刚生完', String.raw`生完(?:孩子|宝宝)`, String.raw`(?:剖宫产|剖腹产|顺产)(?:后|完)`, '坐月子', '月子里'],
    en: [String.raw`postpartum|post-partum`, String.raw`after giving birth`, String.raw`(?:just|recently) (?:had|gave birth to) (?:a|my|the) baby`, String.raw`since (?:the )?(?:birth|delivery|c-section)`],
  },
  {
    id: 'vaginal_bleeding',
    zh: [String.raw`(?:阴道|下面|下身)[^，。,不没无未]{0,4}(?:出血|流血|血)`, String.raw`(?<![鼻牙龈痔疮眼])(?:出血|流血)`, String.raw`(?<![鼻牙龈])(?:出|流)(?:了)?[^，。,不没无未]{0,4}血(?![压糖脂丝])`, String.raw`见红(?:了)?`, String.raw`见了(?:点|一点|些)?红`],
    en: [String.raw`\bbleed(?:ing|s)?\b`, String.raw`\bspotting\b`, String.raw`passing clots`, String.raw`blood (?:clots )?(?:coming out|down there)`],
  },
  {
    id: 'abd_pain',
    zh: [String.raw`(?:肚子|腹部|小腹|下腹|上腹|右下腹|左下腹|右上腹|左上腹|小肚子|肚脐|腹)(?:部)?[^，。,不没无未]{0,8}(?:疼|痛|剧痛|绞痛|胀痛)`, '腹痛', String.raw`胃(?:部)?(?:剧烈)?(?:疼|痛|绞痛)`],
    en: [String.raw`(?:stomach|abdominal|belly|tummy|abdomen|pelvic) (?:pain|ache|cramps?|hurts?)`, String.raw`pain (?:in|across) (?:my|his|her|the) (?:stomach|abdomen|belly|tummy|lower right|right side|lower belly)`, String.raw`\bcramping\b`],
  },
  {
    id: 'rigid_abdomen',
    zh: [String.raw`肚子[^，。,不没无未]{0,3}(?:硬|梆硬|硬得像|像木板)`, String.raw`一(?:按|碰|摸)就(?:疼|痛)得`, String.raw`腹(?:肌)?(?:紧张|板状|硬)`, String.raw`(?:碰|摸|按)(?:都|一下)?(?:不能碰|疼得)`, '反跳痛', String.raw`疼得(?:不敢动|动不了|直不起腰|打滚)`],
    en: [String.raw`(?:rigid|board[- ]like|hard as a board) (?:abdomen|stomach|belly)`, String.raw`(?:abdomen|stomach|belly) (?:is |feels )?(?:rigid|hard as a board|board[- ]like)`, String.raw`rebound tenderness`, String.raw`can'?t (?:move|stand up straight) (?:because of|for) the pain`, String.raw`doubled over`],
  },
  {
    id: 'testicular',
    zh: [String.raw`(?:睾丸|蛋蛋|阴囊)[^，。,不没无未]{0,4}(?:突然)?(?:剧痛|疼得|肿痛|很疼|很痛|特别疼)`],
    en: [String.raw`(?:testicle|testicular|scrotal|ball) (?:pain|is painful|hurts|swelling)`],
  },
  {
    id: 'contractions',
    zh: ['宫缩', String.raw`(?:肚子|小腹)[^，。,不没无未]{0,3}(?:一阵阵|一阵一阵)[^，。,不没无未]{0,3}(?:发紧|发硬|疼|痛)`, String.raw`(?:\d+|[一二三四五六七八九十几]+)分钟(?:疼|紧)?一次`],
    en: [String.raw`\bcontractions?\b`, String.raw`regular (?:tightenings|cramps|pains)`, String.raw`\d+ minutes apart`],
  },
  {
    id: 'fetal_movement_low',
    zh: [String.raw`胎动(?:明显|突然)?(?:少|减少|变少|没了|消失|感觉不到|不明显)`, String.raw`(?:宝宝|孩子|胎儿)(?:在肚子里)?(?:一直|都|好久|半天|一天)?(?:不怎么动|不动了|没动静|没有动静|没胎动)`, String.raw`感觉不到胎动`, String.raw`没(?:有)?(?:感觉到|感到|摸到|觉得)?(?:有)?胎动`, String.raw`胎动(?:都)?(?:没|不)(?:了|有|太|怎么)`],
    en: [String.raw`(?:baby|the baby) (?:isn'?t|hasn'?t been|has not been|not|stopped|hasn'?t) (?:moving|kicking|moved)`, String.raw`(?:reduced|fewer|less|no) (?:fetal |foetal )?(?:movements?|kicks)`, String.raw`can'?t feel (?:the )?baby (?:move|moving|kick)`, String.raw`(?:baby|bump)[a-z' ]{0,20}(?:barely|hardly|not|n't|stopped|less)[a-z ]{0,8}(?:mov(?:ed|ing|e)|kick(?:ed|ing|s)?|active)`, String.raw`(?:baby|bump) (?:has been|is|seems) (?:very |really |much )?quiet(?:er)?`],
  },
  {
    id: 'waters_broke',
    zh: ['破水', String.raw`羊水(?:破|流|漏)`, String.raw`(?:下面|阴道)(?:一直)?(?:流水|流出水|有水流出)`],
    en: [String.raw`waters? (?:have |has )?(?:just )?(?:broke|broken|breaking|gone)`, String.raw`(?:leaking|gush of) (?:fluid|water)`, String.raw`\bpprom\b|\bprom\b`],
  },
  {
    id: 'edema_face_hands',
    zh: [String.raw`(?:脸|面部|眼皮|手)(?:和(?:手|脸|脚))?(?:都|也|突然)?(?:肿|水肿|浮肿)`],
    en: [String.raw`(?:face|hands|fingers) (?:and (?:hands|face|feet) )?(?:are |is |have |has )?(?:swollen|swelling|puffy|puffed up)`, String.raw`sudden swelling`],
  },
  {
    id: 'purpura',
    zh: ['瘀点', '瘀斑', '出血点', '紫癜', String.raw`针尖(?:样|大小|一样)(?:的)?(?:红|紫)?(?:点|疹)`, String.raw`(?:紫|紫红|暗红|紫黑)(?:色)?(?:的)?(?:小)?(?:点|斑|疹)`],
    en: [String.raw`petechia(?:e|l)?`, String.raw`\bpurpura\b`, String.raw`purple (?:spots|rash|blotches|dots)`, String.raw`pin ?prick rash`],
  },
  {
    id: 'non_blanching',
    zh: [String.raw`(?:按|压)(?:了|压|下去|着)?(?:也|都)?不(?:褪|退|消)(?:色)?`, String.raw`(?:玻璃杯|杯子)[^，。,不没无未]{0,6}(?:不褪|还在|看得见)`],
    en: [String.raw`non[- ]?blanching`, String.raw`(?:doesn'?t|does not|won'?t|didn'?t) (?:fade|blanch|go away) (?:when|under|with) (?:pressed|pressure|a glass|the glass)`, String.raw`glass test`],
  },
  {
    id: 'mottled',
    zh: [String.raw`皮肤(?:发花|花斑|发紫|青紫|有花纹)`, '花斑'],
    en: [String.raw`\bmottled\b`, String.raw`blotchy (?:blue|purple|grey) skin`],
  },
  {
    id: 'oliguria',
    zh: [String.raw`尿(?:也)?(?:很|特别)?少`, String.raw`(?:没(?:有)?|不)尿`, String.raw`(?:一天|半天|好久)没(?:有)?(?:小便|尿)`, String.raw`(?:尿不湿|尿布|纸尿裤)[^，。,不没无未]{0,3}干(?:的|了)`],
    en: [String.raw`(?:haven'?t|hasn'?t|not|barely) (?:peed|weed|passed urine|been for a wee)`, String.raw`no (?:urine|wee|pee)`, String.raw`(?:dry|no wet) (?:nappies|diapers)`],
  },
  {
    id: 'infection_context',
    zh: ['手术', '术后', '出院', '感染', '尿路感染', '肺炎', String.raw`伤口(?:红肿|化脓|流脓)`, '化疗'],
    en: [String.raw`\binfection\b`, String.raw`\buti\b`, String.raw`post[- ]?op`, String.raw`after (?:his|her|my) (?:surgery|operation)`, String.raw`pneumonia`, String.raw`chemo(?:therapy)?`, String.raw`\bcellulitis\b`],
  },
  {
    id: 'immunosuppressed',
    zh: ['化疗', '放疗', String.raw`白细胞(?:很|特别)?(?:低|少)`, String.raw`粒细胞(?:缺乏|减少|低)`, '骨髓抑制', '免疫抑制剂'],
    en: [String.raw`\bchemo(?:therapy)?\b`, String.raw`neutropeni[ac]`, String.raw`immunosuppress(?:ed|ants?|ion)`, String.raw`low white (?:cell|blood cell) count`],
  },
  {
    id: 'grunting',
    zh: [String.raw`(?:呼吸|喘气)?(?:时|的时候)?(?:一直)?(?:哼哼|呻吟|发出哼声|嗯嗯声)`],
    en: [String.raw`\bgrunt(?:ing|s)?\b`],
  },
  {
    id: 'retractions',
    zh: ['三凹征', String.raw`(?:肋骨|肋间|胸口|锁骨|脖子|胸廓)[^，。,不没无未]{0,6}(?:凹|吸|陷)`, String.raw`(?:鼻翼|鼻子|鼻孔)(?:一)?(?:扇|煽)(?:一扇|动)?`, '鼻孔一张一张'],
    en: [String.raw`sucking in (?:under|between|below) (?:her|his|the) ribs`, String.raw`ribs (?:sucking|pulling|caving) in`, String.raw`(?:chest|skin) (?:sucking|caving|pulling) in`, String.raw`\brecessions?\b`, String.raw`nostrils flaring`, String.raw`tugging at (?:the|his|her) throat`],
  },
  {
    id: 'cyanosis',
    zh: [String.raw`(?:嘴唇|口唇|嘴巴|脸|脸色|皮肤|全身|手脚|指甲)[^，。,不没无未]{0,4}(?:发紫|发青|青紫|紫了|发乌|发灰)`, '发绀'],
    en: [String.raw`(?:lips|face|skin|tongue) (?:are |is |look |looks |going |turning )?(?:blue|grey|gray|purple|dusky)`, String.raw`turning blue`, String.raw`blue lips`],
  },
  {
    id: 'bilious_vomit',
    zh: [String.raw`吐(?:出来)?(?:的)?(?:是|都是)?(?:绿|黄绿|墨绿)(?:色)?(?:的)?`, String.raw`绿色(?:的)?(?:呕吐物|水|东西|胆汁)`, '吐胆汁'],
    en: [String.raw`(?:green|bile|bilious) (?:vomit|sick|vomiting)`, String.raw`vomit(?:ing|ed)? (?:up )?(?:green|bile)`, String.raw`(?:sick|vomit) (?:is|was) green`],
  },
  {
    id: 'fontanelle',
    zh: [String.raw`囟门(?:鼓|凸|隆起|膨出|凹陷|鼓起来)`],
    en: [String.raw`(?:bulging|sunken) (?:soft spot|fontanelle|fontanel)`, String.raw`(?:soft spot|fontanelle|fontanel)[a-z' ]{0,14}(?:bulging|sunken|swollen|raised|tense|puffy)`],
  },
  {
    id: 'floppy',
    zh: ['软绵绵', String.raw`(?:全身|四肢|浑身)(?:发)?软`, String.raw`叫(?:都)?叫不醒`, String.raw`一点(?:反应|精神)都没有`],
    en: [String.raw`\bfloppy\b`, String.raw`\blimp\b`, String.raw`(?:won'?t|can'?t|hard to) wake`, String.raw`not responding`],
  },
  {
    id: 'poor_feeding',
    zh: ['不吃奶', String.raw`(?:没|不)(?:怎么|太)?(?:吃奶|喝奶|吃东西)`, String.raw`喂奶(?:也)?(?:不吃|不喝)`, '拒奶', String.raw`吃奶(?:也)?(?:比平时|明显)?(?:少|不好|差)`, String.raw`奶(?:也)?(?:不吃|吃得少|喝得少)`, String.raw`不(?:肯)?(?:吃|喝)(?:奶|东西)`],
    en: [String.raw`won'?t (?:feed|take (?:her|his|the|a) bottle|breastfeed|eat or drink)`, String.raw`not (?:feeding|taking (?:her|his) (?:bottle|feeds))`, String.raw`refus(?:ing|es|ed) (?:feeds|the bottle|milk|to feed)`, String.raw`off (?:his|her) feeds`, String.raw`feeding (?:poorly|less)`],
  },
  {
    id: 'lethargic',
    zh: ['蔫蔫', String.raw`蔫(?:了|的)`, '没精神', String.raw`精神(?:差|不好|很差|萎靡)`, '萎靡', '嗜睡', String.raw`一直(?:在)?睡(?:不醒)?`, '没力气哭'],
    en: [String.raw`\blethargic\b`, String.raw`\blistless\b`, String.raw`(?:very|really|unusually) (?:sleepy|drowsy)`, String.raw`not (?:himself|herself)`, String.raw`no energy`],
  },
  {
    id: 'inconsolable',
    zh: ['哭闹不止', '哭个不停', String.raw`一阵一阵(?:地|的)?哭`, '哭得撕心裂肺', '尖叫样哭', String.raw`一直(?:在)?哭(?:闹)?`, '怎么哄都不行'],
    en: [String.raw`\binconsolable\b`, String.raw`won'?t stop crying`, String.raw`high[- ]pitched (?:cry|crying|scream)`, String.raw`screaming (?:in pain|on and off)`, String.raw`(?:really |very )?irritable`, String.raw`won'?t settle`],
  },
  {
    id: 'distension',
    zh: [String.raw`肚子(?:胀|鼓)`, '腹胀', '鼓鼓的'],
    en: [String.raw`(?:swollen|distended|bloated|hard) (?:belly|tummy|abdomen|stomach)`],
  },
  {
    id: 'limb_injury',
    zh: ['扭伤', '崴', '骨折', '摔伤', '扭到', '拉伤', '抽筋', '压麻', '睡麻', '坐麻', '蹲麻'],
    en: [String.raw`\bsprain(?:ed)?\b`, String.raw`twisted (?:my|his|her) (?:ankle|knee|wrist)`, String.raw`\bfractur(?:e|ed)\b`, String.raw`broke (?:my|his|her) (?:arm|leg|wrist|ankle)`, String.raw`pulled a muscle`, String.raw`slept on (?:it|my arm)`],
  },
];
