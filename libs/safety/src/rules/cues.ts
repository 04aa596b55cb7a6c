// Context cues: what turns a matched symptom into something that must not escalate
// (negated, over, hypothetical, fictional, figurative, not a person). Each list is
// one alternation; scope (clause/sentence) is decided by the gate, not here.
import type { CueDef } from './concept-types';

export interface CueSet {
  /** Negation before a symptom; the gate limits the gap between cue and symptom. */
  negationPre: CueDef;
  /** Negation that only reaches the very next word ("不胸闷", "也不犯困"). */
  negationPreTight: CueDef;
  /** Words that end a negation's reach ("没吃饭就胸痛"). */
  negationBreak: CueDef;
  /** Negation after a symptom ("ketones negative", "喘气正常"). */
  negationPost: CueDef;
  /** Gap words that turn a negation into "never like this" (a severity statement). */
  negationSeverityException: CueDef;
  /** Past or chronic-residual framing for the clause. */
  historical: CueDef;
  /** Recency words that cancel historical framing in the same clause. */
  recent: CueDef;
  /** "Recovered / cured" clauses that close earlier clauses of the sentence. */
  resolved: CueDef;
  /** Hypothetical or definitional framing (sentence scope); wins over a personal subject. */
  knowledge: CueDef;
  /**
   * Generic-question framing ("该怎么处理"); counts only when the sentence names a generic
   * subject, because subjectless Chinese questions are usually first-person.
   */
  knowledgeWeak: CueDef;
  /** Generic people ("有人", "病人", "someone") that make a question general. */
  genericSubject: CueDef;
  /** Planning ahead ("下周要去爬山", "just in case"): anywhere in the message, a question is general. */
  anticipatory: CueDef;
  /** Present-moment words that keep a clause live even inside a knowledge question. */
  nowStrong: CueDef;
  /** A person the writer talks about; exempts a clause from a sentence-level question. */
  personal: CueDef;
  /** Fiction or news content ("女主", "in the film"): that clause and the impersonal clauses after it. */
  fiction: CueDef;
  /** Clause-initial example markers: inside a knowledge question they are examples, not symptoms. */
  example: CueDef;
  /** Animal subjects (sentence scope). */
  pet: CueDef;
  /** Human-victim words that keep an animal sentence relevant ("狗咬了我"). */
  petHumanVictim: CueDef;
  /** Idioms, titles and product names; a symptom inside one is not a symptom. */
  figurative: CueDef;
  /** Death of a relative ("走的", "passed away"). */
  death: CueDef;
  /** Relatives; with past framing the reason becomes third_party_past. */
  relative: CueDef;
}

export const CUES: CueSet = {
  negationPre: {
    zh: ['没有', '没', '无', '未', '否认', '并无', '从未', '从没', '不再', '并没', '毫无'],
    en: [String.raw`\bno\b`, String.raw`\bnot\b`, String.raw`\bdenie[sd]\b`, String.raw`\bdenying\b`, String.raw`\bwithout\b`, String.raw`\bnever\b`, String.raw`\bnor\b`, String.raw`\bneither\b`, String.raw`\b(?:has|have|had|is|was|are|were|did|does|do)n'?t\b`, String.raw`\bnegative for\b`, String.raw`\bfree of\b`, String.raw`\babsence of\b`],
  },
  negationPreTight: {
    zh: ['不'],
  },
  negationBreak: {
    zh: ['但', '却', '可是', '就', '才', '又', '还是', '还有', '后来', '以后', '之后', '然后', '结果', '突然', '现在', '今天', '刚才', '开始', '反而', '而是'],
    en: [String.raw`\bbut\b`, String.raw`\bhowever\b`, String.raw`\balthough\b`, String.raw`\bthough\b`, String.raw`\byet\b`, String.raw`\bthen\b`, String.raw`\bnow\b`, String.raw`\buntil\b`, String.raw`\bexcept\b`, String.raw`\bsuddenly\b`, String.raw`\bstarted\b`, String.raw`\btoday\b`, String.raw`\bidea\b`, String.raw`\bclue\b`, String.raw`\breason\b`, String.raw`\bdoubt\b`, String.raw`\bsure\b`, String.raw`\bknow\b`, String.raw`\bthink\b`, String.raw`\bif\b`, String.raw`\bwhether\b`, String.raw`\bmatter\b`, String.raw`\bsooner\b`, String.raw`\bone\b`],
  },
  negationPost: {
    zh: ['正常', '没事', '阴性', '不明显', '消失了', '都没有', '也没有'],
    en: [String.raw`\bnegative\b`, String.raw`\bnormal\b`, String.raw`\b(?:is|are|was|were) (?:fine|ok|okay|clear)\b`],
  },
  negationSeverityException: {
    zh: ['这么', '这样', '如此'],
    en: [String.raw`like (?:this|that|it)`, String.raw`this bad`, String.raw`so bad`, String.raw`\bbefore\b`, String.raw`in my life`],
  },
  historical: {
    zh: [
      '去年', '前年', '大前年', '上个月', '上上个月', String.raw`(?:\d+|[一二两三四五六七八九十几]+)(?:多)?(?:年|个月)(?:前|以前|之前)`, '几年前', '多年前', '那年', '那次', '小时候', String.raw`(?<!小时|分钟|天|会儿|钟头|刚|不久|点|饭|睡觉|睡|上班|出门)(?:以前|之前)`, '曾经', '当年', String.raw`年轻(?:的)?时`, String.raw`(?:大学|上学|读书|高中|初中)(?:的)?时`,
      String.raw`[五六七八九]几年`, String.raw`(?:19|20)\d\d年`, String.raw`(?:已经|早就)(?:好了|痊愈|康复)`, String.raw`恢复(?:良好|得(?:很|挺|还|比较)?好|了)`, '治好了', '抢救过来', String.raw`(?:得|中|发|犯|患|输|住|有)过(?!敏|来|去)`, '病史', '既往', '后遗症', String.raw`留(?:了|下)(?:点|一点|些)?`, '遗留', '上次', '有段时间', '那段时间', String.raw`过去(?:了)?(?:\d+|[一二两三四五六七八九十几]+)?年`,
    ],
    en: [
      String.raw`\b(?:last|previous) (?:year|month|summer|winter|spring|autumn|fall)\b`, String.raw`\b(?:\d+|a few|several|many|two|three|four|five|six|seven|eight|nine|ten) (?:years?|months?) ago\b`, String.raw`\byears ago\b`, String.raw`\bin (?:19|20)\d\d\b`, String.raw`\bback in\b`, String.raw`\bas a (?:kid|child|teen|teenager|baby|student)\b`,
      String.raw`\bwhen (?:i|he|she) was (?:a )?(?:kid|child|younger|little|young|teen|teenager|\d+)`, String.raw`\bgrowing up\b`, String.raw`\bused to\b`, String.raw`\bhistory of\b`, String.raw`\bprevious(?:ly)?\b`, String.raw`\bin the past\b`, String.raw`\b(?:fully )?recovered\b`, String.raw`\bsince then\b`, String.raw`\bever since\b`, String.raw`\bresidual\b`, String.raw`\bleft (?:him|her|me) with\b`,
    ],
  },
  recent: {
    // Onset words (突然/suddenly) are not recency: "二十年前突然…" is still in the past.
    zh: ['刚才', '刚刚', '正在', '今天', '今晚', '今早', '昨晚', '昨天', '这几天', '这两天', '最近', '又', '再次', '这次', '从来没', '从没', '第一次'],
    en: [String.raw`\btoday\b`, String.raw`\btonight\b`, String.raw`\bthis (?:morning|afternoon|evening)\b`, String.raw`\bright now\b`, String.raw`\bjust now\b`, String.raw`\byesterday\b`, String.raw`\bagain\b`, String.raw`\bthis time\b`, String.raw`\bcurrently\b`, String.raw`\bnever\b`, String.raw`\bfirst time\b`],
  },
  resolved: {
    zh: ['已经好了', '现在好了', String.raw`恢复(?:良好|得(?:很|挺|还|比较)?好|正常)`, '治好了', '痊愈', '康复了', '抢救过来了'],
    en: [String.raw`\b(?:fully )?recovered\b`, String.raw`\ball better\b`, String.raw`\bback to normal\b`, String.raw`\bresolved\b`],
  },
  knowledge: {
    zh: [
      '有哪些', String.raw`哪些(?:症状|表现|情况|信号|征兆|原因)`, '什么是', String.raw`怎么(?:识别|判断|区分|分辨|预防|急救)`, String.raw`如何(?:识别|判断|区分|预防|急救)`, '区别', '一样吗',
      '万一', '如果', '假如', '假设', String.raw`(?<!主|还|就|不|只|可|总)要是`, '一旦', String.raw`遇到[^，。]{0,6}(?:怎么|如何)`, '科普', '课程', '培训', '考试', String.raw`(?:急救|培训|课|课堂|讲座|书)(?:上|里|中)`, '编码', 'icd', String.raw`的时候[^，。]{0,4}(?:家长|家属|旁人|我们|大家)?(?:该|应该)(?:怎么|如何|做)`, String.raw`(?:发作|发生)时(?:该|应该)?(?:怎么|如何)`, '什么情况下', '出现什么', '听说', '据说', '网上说', String.raw`(?:多少|几)(?:才|算)(?:危险|正常|高|低|严重)`, String.raw`be ?fast`, '急救知识', '提前学', '学一下', '了解一下', String.raw`为什么(?:孕妇|老人|孩子|婴儿|宝宝|病人|患者|人们|大家|有人|有些人)`,
    ],
    en: [
      String.raw`what (?:are|is) (?:the )?(?:early |warning |common |first |main |typical )?(?:signs?|symptoms?|causes?|difference)`, String.raw`(?<!showing |shows |showed |show |has |had |having |with )\b(?:signs?|symptoms?) of (?:a |an )?`, String.raw`warning signs`, String.raw`how (?:do|can|should|would) (?:you|i|we|one|people) (?:tell|recogni[sz]e|spot|know|do|treat|prevent|help)`, String.raw`difference between`, 
      String.raw`what is (?:a|an)\b`, String.raw`what happens (?:if|when|during)`, String.raw`\b(?:if|when|whenever) (?:someone|somebody|a person|you|your|a child|a baby|anyone|people)`, String.raw`\bin case\b`, String.raw`first aid`, String.raw`what should (?:i|you|we) do if`, String.raw`how to (?:recogni[sz]e|treat|help|spot|prevent|deal)`, String.raw`\bhypothetical(?:ly)?\b`,
      String.raw`(?<!of )\bcourse\b`, String.raw`\b(?:exam|essay|lecture|quiz|assignment)\b`, String.raw`\bread up\b`, String.raw`\blearn(?:ing)? about\b`, String.raw`\bicd\b`,
    ],
  },
  knowledgeWeak: {
    zh: [
      String.raw`什么(?:症状|表现)`, String.raw`如何(?:处理|应对)`, String.raw`(?:应该|该)(?:怎么|如何)(?:做|处理|办)`, '该做什么', String.raw`的(?:处理|急救|处置)(?:方法|原则|流程)?`, '预防', '会不会引起', '能不能预防',
      String.raw`出现[^，。,不没无未]{0,10}(?:要|需要|必须|该|应该)(?:马上|立即|立刻|及时|赶紧)?(?:去|就)(?:医院|医|急诊)`,
    ],
    en: [String.raw`when (?:should|do) (?:you|i|we) (?:go|call|worry)`, String.raw`\bhow (?:long|soon) (?:after|before|until)\b`],
  },
  genericSubject: {
    zh: ['有人', '别人', '一个人', '人们', '病人', '患者', '孕妇', '产妇', '老年人', '婴儿', '新生儿', '大家', '家属', '普通人', '一般人', '小孩子'],
    en: [String.raw`\b(?:someone|somebody|a person|people|patients?|anyone|a pregnant woman|the elderly|a baby|children|kids)\b`],
  },
  anticipatory: {
    zh: ['下周', '下个月', '明年', '过几天要', '准备去', '打算去', String.raw`要去(?:旅游|爬山|徒步|出差|国外|露营|高原|西藏)`, '以备不时之需', String.raw`提前(?:学|准备|了解)`, '以后万一', '出发前'],
    en: [String.raw`\bnext (?:week|month|year)\b`, String.raw`before (?:my|our|the) trip`, String.raw`\bplanning (?:a|to|on)\b`, String.raw`\bin the future\b`, String.raw`\bjust in case\b`, String.raw`\bahead of time\b`],
  },
  nowStrong: {
    zh: ['刚才', '刚刚', '正在', '此刻', '这会儿', '现在'],
    en: [String.raw`\bright now\b`, String.raw`\bjust now\b`, String.raw`\bat the moment\b`, String.raw`\bcurrently\b`, String.raw`\bnow\b`],
  },
  personal: {
    zh: ['我', '他', '她', '咱', '孩子', '宝宝', '老公', '老婆', '爸', '妈', '爷', '奶', '姥', '外公', '外婆', '儿子', '女儿', '同事', '朋友', '室友', '老人', '家人', '哥', '姐', '弟', '妹', '突然', '刚才', '现在', '今天'],
    en: [String.raw`\b(?:i|i'm|im|i've|my|me|he|she|his|her|we|our|us|they|their|dad|mum|mom|son|daughter|husband|wife|partner|friend|flatmate|roommate)\b`, String.raw`\bsuddenly\b`, String.raw`\bnow\b`, String.raw`\btoday\b`],
  },
  fiction: {
    zh: [String.raw`(?:电影|电视剧|剧|电视|小说|动画|动漫|纪录片|综艺|故事|游戏|书|片子|视频|短视频|抖音|新闻)(?:里|中|上)`, '女主', '男主', '主角', '主人公', '角色', '剧情', '新闻报道', '报道说'],
    en: [String.raw`\bin (?:a|the|this|that) (?:movie|film|show|tv show|series|episode|book|novel|game|video|documentary|play|cartoon)\b`, String.raw`\b(?:character|characters|protagonist|plot|the news|news story|soap opera)\b`],
  },
  example: {
    zh: [String.raw`^\s*(?:比如|例如|譬如|诸如|像是|像)`],
    en: [String.raw`^\s*like\b`, String.raw`\b(?:such as|e\.?g\.?|for example|for instance|including)\b`],
  },
  pet: {
    // "咳得像狗叫" is a simile, not a pet.
    zh: [String.raw`(?<!像|跟|似|如|学)(?:狗|猫|狗狗|猫咪|宠物|兔子|仓鼠|鹦鹉|小狗|小猫)(?!粮|毛|砂|叫一样|叫似)`],
    en: [String.raw`\b(?:my|our|the) (?:dog|cat|puppy|kitten|pet|rabbit|hamster|parrot|horse)\b`],
  },
  petHumanVictim: {
    zh: ['咬', '抓伤', '挠'],
    en: [String.raw`\bbit(?:ten)?\b`, String.raw`\bscratch(?:ed)?\b`],
  },
  figurative: {
    zh: [
      String.raw`(?:气|笑|累|烦|热|困|饿|冷|吓|尴尬|丢人|羞|忙|无聊|难吃|馋)(?:得|的|到)?(?:我)?(?:都|要|快)?(?:想)?死(?:了|我了|人了)?`, String.raw`想死(?:你|你们|我)了?`, String.raw`(?:得|到)(?:我|人)?(?:都|要|快)?想死`,
      String.raw`(?:气|看|听|急|馋)(?:得|的)?(?:我)?(?:都|要|快)?(?:心梗|脑梗|中风|吐血|脑溢血|高血压|休克)(?:了)?`, String.raw`吐血(?:推荐|整理|总结|分享|安利|价|甩卖|清仓|大放送)`, String.raw`(?:真的|简直|快|都|真是)要吐血了`, String.raw`(?:气|累|忙|郁闷|无语|烦)(?:得|到)?(?:我)?(?:都)?(?:要|快)?吐血`, '一口老血', String.raw`(?:让|把|叫)(?:我|人)(?:气|看|急)(?:得)?(?:心梗|吐血)`,
      String.raw`《[^》]{0,20}》`, String.raw`(?:中风回春|抗中风|脑心通|速效救心|救心丸|安宫牛黄|华佗再造|人参再造|醒脑静|复方丹参|云南白药|止血(?:贴|药|粉|胶囊|片))[^，。,]{0,3}`,
    ],
    en: [
      String.raw`heart attack on a plate`, String.raw`(?:gave|give|giving|gives) (?:me|him|her|us|you) a heart attack`, String.raw`(?:nearly|almost) (?:had|have|having) a heart attack`, String.raw`heart attack (?:waiting to happen|in a (?:bun|bowl|box))`, String.raw`(?:dying|died) (?:to|of) (?:know|laughter|laughing|embarrassment)`,
      String.raw`(?:kill|killing) (?:myself|me) (?:laughing|with laughter)`, String.raw`(?:could|gonna|going to|want to|wanna) die (?:of|from) (?:embarrassment|laughing|shame|boredom)`, String.raw`(?:had|have|throw|threw|throwing|having) a (?:fit|seizure) (?:when|about|over|because)`, String.raw`stroke of (?:genius|luck)`, String.raw`(?:breast|back|side|swim)stroke`,
      String.raw`\b(?:heart ?broken|heart ?break)\b`, String.raw`bleeding (?:money|cash|edge)`, String.raw`choking (?:up|hazard)`, String.raw`(?:movie|film|song|band|book|show|game) (?:called|named)`,
    ],
  },
  death: {
    zh: ['去世', '走的', '过世', '死于', '病逝', '走了以后', '没了以后'],
    en: [String.raw`\bdied\b`, String.raw`\bpassed away\b`, String.raw`\bdeath of\b`, String.raw`\blost (?:him|her|them) to\b`],
  },
  relative: {
    zh: ['爸', '妈', '爷', '奶', '姥', '外公', '外婆', '舅', '姑', '姨', '叔', '伯', '哥', '姐', '弟', '妹', '老公', '老婆', '丈夫', '妻子', '亲戚', '家人', '朋友', '同事', '祖'],
    en: [String.raw`\b(?:dad|mum|mom|father|mother|grand\w*|uncle|aunt|brother|sister|husband|wife|friend|cousin|relative|nan|nana|granny)\b`],
  },
};
