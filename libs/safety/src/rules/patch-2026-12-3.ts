// prerisk-2026.12.3 (rules part): seventh generalisation pass, after blind batch 8 and router batch 6
// (libs/safety/PROMOTION.md, "Candidate prerisk-2026.12.3"), on top of 2026.12.2. Pattern families
// only (a concept plus a modifier, or cue groups), never one sentence:
// - suicide / self-harm cue groups, widened as families in both languages and in dialect:
//   method questions about a height / an amount being certain or instant (从几楼下去能保证…, 一下就没了,
//   跳落去…冇咗感觉, "how many … would it take", "so I don't wake up"); means acquired with words in
//   between ("bought a length of rope", 绳子都备下了, 药储咗成个月, 农药藏…); a time set ("today is his last
//   day", "the date is set", "picked Sunday", 今晚等佢哋瞓晒); burden / better off ("everyone will be
//   better off", 拖累屋企人, 给屋头添麻烦, 活够了); settling affairs ("my affairs are in order", "cleared out
//   my room"); place in Cantonese (喺天台) and on the edge of any overbridge / flyover;
//   Cantonese farewell + unreachable (对唔住, 电话冇人听);
// - dialect (Cantonese, Sichuan, Dongbei) words of the breathing, cardiac, unresponsive, thunderclap,
//   bleeding, poisoning, anaphylaxis, glycaemic, infant and pregnancy families (唞气好急, 讲唔到成句嘢,
//   嘴唇变咗紫色, 嘴皮乌了, 出不赢气, 心口翳, 叫极都唔应, 个头好似爆咗, 一世人未试过咁痛, 血一直标 / 止唔到,
//   食咗成樽, 喉咙好紧, 有糖尿, BB, 怀咗, 冇觉BB郁);
// - false-alarm filter: a song / album / film title ("the new Overdose track by that band") is figurative.
// The learned signal is retrained with batch 8, router batch 6 and own dialect cases
// (prerisk-2026.12.3.model.json) and vetoes corrected / eased episodes (REASSURANCE_3, combine.ts).
import type { RulesetPatch } from './ruleset';

export const PATCH_2026_12_3: RulesetPatch = {
  version: 'prerisk-2026.12.3',
  learned: { model: 'prerisk-2026.12.3.model.json', wideVeto: true, vetoWeakHits: true, reassurance2: true, reassurance3: true },

  extendCues: {
    knowledge: {
      en: [String.raw`\bhow (?:does|do|long does) [a-z-]{3,20} (?:reverse|treat|work|counteract|block|last)\b`, String.raw`\bhow (?:many|much) [a-z ]{1,25} can i (?:safely )?take (?:in a day|per day|a day|each day|for (?:a|my|the) (?:toothache|headache|back pain|pain|fever|cold|flu|period|cramps))`],
    },
    figurative: {
      en: [
        String.raw`\b(?:track|song|single|album|mixtape|ep|movie|film|episode|series|show|podcast|book|novel|game) (?:called|titled|named|by)\b`,
        String.raw`\b(?:new|latest|their|his|her) [a-z']{1,20} (?:track|song|single|album|mixtape|movie|film|episode)\b`,
      ],
    },
  },

  extendConcepts: {
    // suicide / self-harm cue groups
    sh_method_self: {
      zh: [String.raw`割(?:哪里|哪儿|哪条|边度)[^，。,]{0,8}(?:最快|快啲|死得)`, 
        String.raw`(?:从|喺)[^，。,]{0,8}(?:楼|层|顶|桥|天台)[^，。,]{0,4}(?:跳|跳落|跳下)?(?:下去|落去)[^，。,]{0,10}(?:保证|确保|一定|肯定|一下(?:子)?就|即刻|马上)`,
        String.raw`(?:跳|下去|落去)[^，。,]{0,10}(?:一下(?:子)?|即刻|马上|立刻)?就(?:没了|冇咗|冇晒|走了|死了|解脱了|冇(?:咗)?感觉)`,
        String.raw`(?:吃|食|吞)(?:几多|多少|几)(?:粒|片|颗|盒|樽|瓶)[^，。,]{0,8}(?:先至|才|就)?(?:会|能)?(?:唔会再醒|不会再醒|醒唔返|醒不过来|一觉不醒|死得)`,
      ],
      en: [String.raw`\bwhat height [^.?!]{0,30}\b(?:to be sure|for sure|to die|guarantee)`, 
        String.raw`\bhow (?:many|much) [^.?!]{0,40}\b(?:would it take|does it take|would i need|do i need)\b`,
        String.raw`\b(?:so|that|and) i (?:just )?(?:don'?t|do not|won'?t|never) wake (?:up|back up)\b`,
        String.raw`\bhow (?:high|tall|many (?:floors|storeys|stories)) [^.?!]{0,30}\b(?:to be sure|for sure|guarantee|certain|instant)`,
      ],
    },
    sh_means: {
      zh: [
        String.raw`(?:农药|安眠药|百草枯|敌敌畏|绳子?|炭)[^，。,]{0,4}藏(?:在|到|进|喺)?[^，。,]{0,6}(?:里|底下|后面|下面)`,
        String.raw`(?:药|安眠药|农药|炭|绳|绳子|刀片)[^，。,]{0,6}(?:储|攒|存|藏|备|买)(?:咗|了|下|好|够|起|在|喺|到)`,
        String.raw`(?:储|攒)(?:咗|了)?[^，。,]{0,4}(?:成|一|几|好几)?(?:个月|个星期|年)?[^，。,]{0,2}(?:药|安眠药)`,
      ],
      en: [String.raw`\b(?:collecting|saving|stockpiling|hoarding) (?:up )?[a-z' ]{0,25}\b(?:pills|tablets|meds|medication)\b`, 
        String.raw`\b(?:bought|got|picked up|ordered|found) (?:a |some |the )?(?:length|coil|piece|bit|roll) of (?:rope|cord|hose)\b`,
        String.raw`\b(?:pills|tablets) are (?:counted|laid|lined|set) out\b`,
      ],
    },
    sh_time: {
      zh: [String.raw`等天(?:光|亮)(?:就|先)`, String.raw`(?:就|会|就会)了结`, String.raw`今(?:天|日|晚)(?:就)?(?:是)?(?:我|他|她|佢)?(?:的)?最后(?:一)?(?:天|日|晚|夜)`, String.raw`(?:今晚|今夜|听晚)等(?:佢哋|他们|她们|大家|屋企人|家里人)(?:都)?(?:瞓|睡)(?:晒|着|熟)`, String.raw`(?:就等|等到)(?:今儿|今天|今晚)(?:晚上)?(?:家里|屋头|屋企)(?:没人|冇人)`],
      en: [String.raw`\bit (?:all )?ends (?:this|next|on|tonight|tomorrow)\b`, 
        String.raw`\b(?:today|tonight|this) (?:is|will be|was going to be) (?:his|her|my|their) last (?:day|night)\b`,
        String.raw`\bthe date is (?:set|picked|chosen|decided)\b`, String.raw`\bpicked (?:a |the )?(?:day|date|sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b`,
      ],
    },
    sh_hopeless: {
      zh: [String.raw`没(?:有)?我[^，。,]{0,4}(?:大家|你们|他们|家里)(?:都|会|就)?(?:轻松|好过|解脱)`, String.raw`不用(?:再)?撑(?:了|下去)`, String.raw`(?:唔想|不想)(?:再)?(?:拖累|连累|麻烦)`, String.raw`(?:拖累|连累)(?:屋企人|家里人|屋头|大家|屋里)`, String.raw`(?:给|畀|俾)(?:屋头|屋企|家里|大家)(?:人)?添麻烦`, String.raw`活够了`, String.raw`活起(?:没得|冇|没)(?:意思|意义|搞头)`],
      en: [String.raw`\b(?:everyone|everybody|they|my (?:family|kids|wife|husband|parents|mum|mom)|the (?:kids|family|world)|people|you all)(?: will| would|'?ll|'?d)? (?:honestly |really |all |just )?be better off\b`, String.raw`\bdone being a burden\b`],
    },
    sh_affairs: {
      en: [String.raw`\bleft my (?:bank|account|card) details\b`, String.raw`\bdeleted (?:all )?my (?:socials|accounts|social media)\b`, String.raw`\b(?:my )?affairs (?:are )?in order\b`, String.raw`\bcleared out my (?:room|flat|desk|things)\b`],
      zh: [String.raw`(?:分|送)晒(?:畀|俾|给)`, String.raw`密码(?:都)?(?:写低|写下|交)(?:咗|了|给|畀)`, String.raw`(?:存折|银行卡|卡)(?:的)?密码(?:写|留|发)`, String.raw`(?:娃儿|孩子|细路|个仔|个女)(?:就)?交(?:给|畀|俾)(?:我妈|我爸|你|佢)`],
    },
    sh_place: {
      zh: [String.raw`(?:到了|在|喺)[^，。,]{0,6}(?:水库|河|湖|海)(?:边|边上|堤)`, String.raw`(?:喺|响)[^，。,]{0,6}(?:楼顶|天台|顶楼|桥上|桥度|海边|江边)(?:度|上)?`],
      en: [String.raw`\bon (?:the |my )?\d+(?:st|nd|rd|th) floor (?:balcony|ledge|window|roof)`, String.raw`\b(?:sitting|standing|perched) on the (?:edge|railing|ledge|parapet|side) of (?:the |a |an )?[a-z ]{0,20}(?:bridge|overbridge|flyover|overpass|building|roof|cliff|car ?park|multistorey)\b`, String.raw`\bat the top of the (?:multistorey|car ?park|tower|building)\b`],
    },
    sh_goodbye: { zh: [String.raw`(?:以后|从此)(?:都)?不用(?:再)?管(?:我|她|他)了`], en: [String.raw`\bdon'?t blame yourself\b`] },
    sh_resolve: { zh: [String.raw`(?:唔使|不用|别|莫)(?:再)?(?:搵|找)我`] },
    farewell_soft: { zh: [String.raw`对唔住(?:大家|你哋|屋企人|阿妈|阿爸)?`] },
    unreachable: { zh: [String.raw`手机(?:就|也)?(?:关机|关咗机)`, String.raw`(?:电话|手机|信息)[^，。,]{0,6}(?:冇人听|唔听|打唔通|唔覆|熄咗机|关咗机)`] },
    suicidal: { en: [String.raw`\bso i (?:just )?(?:don'?t|won'?t|never) wake up\b`, String.raw`\b(?:thoughts?|ideas?|urges?) (?:of|about) (?:hurting|harming|killing|ending) (?:myself|my life)\b`] },

    // dialect words of the other families
    dyspnea: { zh: [String.raw`唞气(?:好|勁|极|得)?(?:急|快|辛苦|紧)`, String.raw`出不赢气`, String.raw`气(?:都)?(?:出|喘|透)不(?:赢|匀|过来)`, '气促', String.raw`喘得遭不住`] },
    dyspnea_severe: {
      zh: [
        String.raw`讲唔(?:到|出)(?:成句|一句|嘢|句)`, String.raw`(?:喘|气促|唞)[^，。,]{0,4}(?:到|得)(?:讲嘢都?)?讲唔(?:到|出)`,
        String.raw`(?:气喘|喘|气促|唞唔到气)[^，。,]{0,3}(?:到|得)(?:行|走)(?:唔|不)(?:到|了|动)(?:两|几|一)步`,
      ],
    },
    at_rest: { zh: [String.raw`坐(?:喺度|住|着|起)(?:都|也)(?:喘|气促|唞唔到|唞气)`] },
    cyanosis: { zh: [String.raw`(?:嘴唇|口唇|嘴皮(?:子)?|指甲)(?:都|有啲|有点|变咗|变得|开始)?(?:发)?(?:紫|乌|青|蓝)(?:色|咗|了|晒)`] },
    retractions: { zh: [String.raw`肋巴骨[^，。,]{0,8}(?:陷|凹|吸)`] },
    resp_effort: { zh: [String.raw`肋巴骨[^，。,]{0,8}(?:陷|凹|吸)`] },
    chest_pain: { zh: [String.raw`(?:心口|胸口)(?:好|勁|有啲|个)?翳`] },
    unresponsive: { zh: [String.raw`叫(?:极|佢|佢都|咗好耐)?(?:都)?唔(?:应|醒)`, String.raw`冇(?:晒)?反应`, String.raw`喊(?:他|她)?[^，。,]{0,4}(?:不应|不醒|没得反应)`] },
    altered_state: { zh: [String.raw`唔多应`, String.raw`讲嘢(?:乱晒|乱咗|乱七八糟|颠三倒四)`] },
    thunder_quality: { zh: [String.raw`头[^，。,]{0,4}(?:好似|似|好像|像)[^，。,]{0,3}(?:爆|炸|裂)(?:咗|开|了)`] },
    worst_headache: { zh: [String.raw`一世人(?:都)?(?:未|冇|没)(?:试过|有过|痛过)(?:咁|这么)?(?:痛|疼)?`] },
    bleeding_uncontrolled: { zh: [String.raw`血(?:一直|不停|喺度|仲)?(?:标|飙)(?:出|紧|到)?(?![准志本签题致语])`, String.raw`(?:都)?止唔(?:到|住)(?:血)?`, String.raw`血[^，。,]{0,4}(?:停唔到|止唔到|流唔停)`] },
    choking: { zh: [String.raw`(?:卡住|噎住|呛住|卡到)[^。]{0,12}(?:咳不出|发不出(?:声音|声)|说不出话|喘不上|憋得[^，。,]{0,4}(?:青|紫))`], en: [String.raw`\bchok(?:ing|ed) on [^.?!]{0,30}(?:can'?t (?:cough|breathe|speak|make a sound)|no sound)`] },
    ingest: { zh: ['食咗', '食晒', '食完', '吞咗', '饮咗'] },
    large_quantity: { zh: [String.raw`成(?:樽|排|盒|板|支)`] },
    allergy_trigger: { zh: [String.raw`(?:食|饮|吃)(?:咗|完|过|左)[^，。,不没无未冇唔]{0,8}(?:虾|蟹|海鲜|花生|坚果|芒果|鸡蛋|牛奶|贝|鱼|菠萝|芝麻)`] },
    hives: { zh: [String.raw`(?:起|出|生)(?:咗|左|了)?(?:好多|成身|一身|周身)?(?:嘅)?风(?:粒|癞|团|疹)`] },
    airway_swelling: { zh: [String.raw`喉咙(?:好|勁|有啲)(?:紧|窄|肿)`, String.raw`(?:讲嘢|声音)(?:都)?(?:变声|变咗|沙晒)`] },
    vomiting_repeated: { zh: [String.raw`从[^，。,]{0,6}(?:就|一直|开始)(?:一直)?(?:吐|呕)(?:到现在|个不停|不停)`], en: [String.raw`\b(?:been )?(?:throwing up|vomiting|being sick|puking) (?:since (?:lunch|breakfast|this morning|last night|yesterday|dinner)|all (?:day|night|morning)|for hours|non-?stop)`] },
    cold_sweat: { zh: [String.raw`出(?:晒|咗)冷汗`] },
    diabetes_context: { zh: [String.raw`有糖尿(?:病)?`] },
    infant_word: { zh: [String.raw`(?<![A-Za-z])(?:BB|bb)(?:仔|女)?(?![A-Za-z])`, '啤啤'] },
    pregnant: { zh: [String.raw`怀(?:咗|左)(?:\d{1,2}|[一二两三四五六七八九十]{1,3})(?:周|个礼拜|个星期|个月)`] },
    fetal_movement_low: { zh: [String.raw`(?:冇|唔)(?:点)?(?:觉|感觉到?)(?:BB|bb|宝宝|BB仔)(?:郁|动)`, String.raw`(?:BB|bb|宝宝)(?:冇|唔)(?:点|乜)?郁`] },
  },

  addConcepts: [
    {
      // Seizures that recur without recovery in between (status epilepticus by cluster).
      id: 'seizure_repeat',
      zh: [String.raw`(?:停了|刚停|停咗)[^，。,]{0,6}又(?:开始)?抽`, String.raw`(?:中间|之间|两次之间)[^，。,]{0,4}(?:一直|都|还|始终)?(?:没|冇|未)(?:有)?(?:醒|清醒|醒过来|醒返)`, String.raw`抽(?:了|咗)?[^，。,]{0,4}(?:一次又一次|一阵又一阵|接二连三)`],
      en: [String.raw`\b(?:another|a second|a third) (?:seizure|fit|convulsion)[^.?!]{0,30}(?:before|without) (?:waking|coming round|coming to)`, String.raw`\b(?:hasn'?t|has not|didn'?t|did not) (?:woken|come round|come to) (?:up )?between (?:the )?(?:seizures|fits)`],
    },
  ],

  addRules: [{ id: 'consciousness.seizure_cluster', family: 'consciousness_seizure', urgency: 'emergency', all: ['seizure_repeat'] }],
};
