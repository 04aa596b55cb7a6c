// prerisk-2026.11.3: second generalisation pass, after blind batch 3 (libs/safety/PROMOTION.md),
// on top of 2026.11.2. Pattern classes only: suicide plans / means ready / farewells,
// gap words inside stroke and asthma phrases, ingestion verbs for toddlers (chew, lick),
// insulin + missed meal, unresponsiveness phrasings, a "bang in the head", brief loss of
// consciousness after a head knock, right-lower-quadrant phrasing, and knowledge / past
// framings ("what does X feel like", "a few years back", "一般发生在什么时候").
import type { RulesetPatch } from './ruleset';

export const PATCH_2026_11_3: RulesetPatch = {
  version: 'prerisk-2026.11.3',

  extendCues: {
    historical: {
      en: [String.raw`\b(?:a few|several|many|some|\d+|two|three|four|five) (?:years?|months?) back\b`, String.raw`\byears back\b`, String.raw`\ba while back\b`],
    },
    resolved: { en: [String.raw`\b(?:clean|sober) (?:now|for (?:years|months|\d+))`] },
    knowledge: {
      zh: [String.raw`(?:一般|通常|多数|大多)(?:会)?(?:在|发生在|出现在)?(?:什么时候|何时|哪个阶段)`, String.raw`(?:有)?(?:什么|哪些|啥)(?:预防|治疗|处理|急救)(?:的)?(?:办法|方法|措施)`],
      en: [String.raw`what (?:does|do|would) (?:a |an |the )?[a-z ]{0,30}\bfeel like\b`, String.raw`\bcompared (?:to|with) (?:a |an )?(?:migraine|normal|regular|usual)`],
    },
  },

  extendConcepts: {
    face_droop: { zh: [String.raw`(?:嘴|嘴巴|嘴角|口角)[^，。,不没无未]{1,3}(?:歪|斜|耷拉|下垂|垂下)`] },
    speech: { zh: [String.raw`说着说着(?:话)?就(?:不对|乱|说不清|含糊)`] },
    altered_state: {
      zh: [String.raw`(?:问|叫|喊)[^，。,]{0,4}(?:啥|什么)?(?:都|也)?答不上(?:来)?`, String.raw`(?:说话|说的话)[^，。,]{0,3}(?:颠三倒四|前言不搭后语|乱七八糟|不着调)`],
    },
    unresponsive: {
      zh: [String.raw`(?:叫|喊|拍|推|摇)[^，。,]{0,4}(?:不答应|不理人|没动静|不吭声)`, String.raw`(?:睁着|睁眼)[^，。,]{0,4}(?:但是|可是|却)?没(?:有)?反应`],
    },
    dyspnea: { zh: [String.raw`喘的(?:很|特别|厉害|不行|要命|肚子|说不)`] },
    dyspnea_severe: { zh: [String.raw`(?:一个字一个字|几个字几个字)(?:地|的)?(?:往外)?(?:蹦|说|挤)`] },
    allergy_trigger: { zh: [String.raw`(?:打|输|注射)(?:完|了)[^，。,不没无未]{0,4}(?:疫苗|针|药|液)`] },
    presyncope: { zh: [String.raw`(?:感觉|快|就)要(?:晕|昏)(?:过去|倒)?`] },
    ingest: {
      zh: [String.raw`咬(?:了|破)`, String.raw`舔(?:了)`, String.raw`(?:塞|放)(?:进)?嘴里`],
      en: [String.raw`\bchew(?:ed|ing)?(?: on)?\b`, String.raw`\bbit(?:ten)? into\b`, String.raw`\blick(?:ed|ing)\b`, String.raw`\bsuck(?:ed|ing) on\b`, String.raw`in (?:his|her|their) mouth`],
    },
    syncope: {
      zh: [String.raw`(?:昏|晕)(?:了|过去)(?:几|[0-9一两三])(?:秒|秒钟|分钟|下)`, String.raw`(?:当时|当场)(?:就)?(?:晕|昏)(?:了|过去|倒)`],
    },
    suicidal: {
      zh: [
        String.raw`(?:安眠药|绳子|刀片|农药|老鼠药|炭)[^，。,]{0,4}(?:都)?(?:准备好|备好|买好|攒够)了`,
        String.raw`药[^，。,]{0,4}(?:都)?(?:准备|备|攒)(?:好|够)了[^，。,]{0,6}(?:今晚|今天|马上|一会儿|待会)(?:就)?(?:吃|喝|吞)`,
      ],
      en: [String.raw`(?:want|need) (?:the|this|all the|all this) pain to (?:stop|end) (?:for good|forever|permanently)`],
    },
    farewell_strong: {
      zh: [String.raw`再见了?(?:这个)?世界`, String.raw`(?:告别|离开)这个世界`],
      en: [String.raw`goodbye (?:cruel )?world`, String.raw`(?:wrote|written|writing|left) (?:goodbye )?(?:letters?|notes?) (?:to|for) (?:my|the) (?:kids|family|children|parents|wife|husband)[^.]{0,60}(?:tonight|pain|for good|end)`],
    },
    farewell_soft: { zh: [String.raw`(?:谢谢|感谢)(?:你|你们|大家)(?:这些年|一直以来|这么多年)`] },
    rlq_pain: {
      en: [String.raw`(?:pain|ache|hurts?)[a-z ]{0,10}(?:in )?(?:the |my |his |her )?(?:lower right|right lower|bottom right)(?: side| tummy| belly| abdomen)?`],
    },
    rigid_abdomen: { en: [String.raw`worse (?:when|if) (?:i |he |she )?(?:walk|cough|move|go over bumps)`] },
  },

  addConcepts: [
    {
      // Means made ready; an emergency together with a farewell.
      id: 'means_ready',
      zh: [String.raw`(?:药|安眠药|绳子|刀|刀片|农药|炭)[^，。,]{0,4}(?:都)?(?:准备|备|买|攒)(?:好|够)了`],
      en: [String.raw`(?:pills|tablets|rope|knife|blade)[a-z ]{0,10}(?:are |is )?(?:ready|lined up|next to me|in front of me)`, String.raw`(?:know|decided|worked out|figured out) (?:exactly )?how (?:i'?m|i am|i will|i'?ll) (?:going to |gonna )?do it`],
    },
    {
      // Reliever not working / visible work of breathing: severe only alongside breathlessness.
      id: 'resp_effort',
      zh: [String.raw`(?:喷|吸)(?:了)?(?:药|喷雾|气雾剂|万托林)?(?:也|都|还是)(?:不见好|没用|不管用|不见效|没效果|不好使)`, String.raw`肚子(?:一鼓一鼓|一起一伏)`],
    },
    {
      id: 'missed_meal',
      zh: [String.raw`(?:忘了|没|没有|忘记)吃(?:饭|东西|早饭|午饭|晚饭)`],
      en: [String.raw`(?:skipped|missed|forgot) (?:a |his |her |my )?(?:meal|lunch|dinner|breakfast)`, String.raw`(?:didn'?t|hasn'?t|haven'?t) eat(?:en)?`],
    },
    {
      id: 'tremor',
      zh: ['哆嗦', '发抖', '手抖', '打颤'],
      en: [String.raw`\bshaky\b`, String.raw`\btrembl(?:ing|y)\b`, String.raw`\bshaking\b`],
    },
    {
      // "Something went bang in my head": thunderclap onset described without the word headache.
      id: 'head_thunder',
      zh: [String.raw`(?:脑袋|头|脑子|脑)(?:里|里面|里头)?[^，。,]{0,3}(?:嘣|砰|嘭|咚|轰)(?:的|地)?一(?:下|声)`],
      en: [String.raw`(?:felt|heard) (?:a |something )?(?:pop|snap|bang) (?:in|inside) (?:my|his|her) head`, String.raw`something (?:burst|popped|snapped) in (?:my|his|her) head`],
    },
  ],

  addRules: [
    { id: 'suicide.farewell_means', family: 'suicide_self_harm', urgency: 'emergency', all: ['means_ready'], any: [['farewell_soft', 'farewell_strong', 'suicidal', 'self_harm']] },
    { id: 'breathing.effort_plus', family: 'breathing', urgency: 'emergency', all: ['resp_effort'], any: [['dyspnea', 'wheeze']] },
    { id: 'glucose.insulin_missed_meal', family: 'glycaemic_emergency', urgency: 'urgent', all: ['diabetes_context', 'missed_meal'], atLeast: { n: 2, of: ['cold_sweat', 'tremor', 'altered_state', 'speech', 'presyncope'] } },
    { id: 'headache.bang_plus', family: 'thunderclap_headache', urgency: 'emergency', all: ['head_thunder'], any: [['severe', 'vomit', 'vomiting_repeated', 'headache', 'neck_stiff', 'syncope']] },
  ],
};
