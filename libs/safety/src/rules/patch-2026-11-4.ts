// prerisk-2026.11.4: third generalisation pass, after blind batch 4 (libs/safety/PROMOTION.md),
// on top of 2026.11.3. Pattern classes only:
// - suicide / self-harm: indirect intent as a combination of cue groups (farewell words,
//   settling affairs, means / place / plan-time, hopelessness); any two groups escalate,
//   plus repeated self-injury with bleeding;
// - thunderclap headache: a head "hit / exploded" simile, exertional onset, onset-to-peak;
// - breathing: SpO2 < 90 % written around the number parser ("finger clip reads 84%",
//   "血氧八十几"), "bluish / purplish" lips;
// - glycaemic: staring, cannot swallow, "叫都不太有反应" (incl. the 反映 typo) with a low number;
// - anaphylaxis: injected drug + skin + chest tightness / dizziness / low BP;
// - pregnancy: "haven't felt the baby move";
// - filters: device subjects ("laptop had a seizure", "电脑抽风"), label / leaflet quotations,
//   fiction being written ("crime novel", "写小说"), "can you overdose on X", relatives decades
//   ago ("八十年代", "decades ago"), "two summers ago".
import type { RulesetPatch } from './ruleset';

const HEAD = String.raw`(?:脑袋|脑子|脑壳|后脑勺?|头(?![孢发绪像晕昏]))`;

export const PATCH_2026_11_4: RulesetPatch = {
  version: 'prerisk-2026.11.4',

  extendCues: {
    historical: {
      zh: [
        String.raw`(?:[五六七八九]十|[5-9]0)年代`, '几十年前', '上世纪', String.raw`那(?:个)?年代`, String.raw`(?:解放|建国)(?:前|后|初)`,
      ],
      en: [
        String.raw`\b(?:\d+|a|one|two|three|four|five|a few|several|many|a couple of|couple of) (?:summers?|winters?|springs?|autumns?|falls?|christmases|decades?) ago\b`,
        String.raw`\bdecades ago\b`, String.raw`\bin the (?:19)?[5-9]0'?s\b`, String.raw`\bback in the day\b`, String.raw`\bwhen i was (?:a )?(?:kid|child|little|young|small)\b`,
      ],
    },
    knowledge: {
      zh: [String.raw`(?:会|能)(?:不会)?(?:吃|喝|用)?(?:过量|中毒)吗`],
      en: [String.raw`\b(?:can|could) (?:you|one|a person|people|someone|anyone) (?:overdose|od|die|get poisoned)\b`, String.raw`\bis it possible to (?:overdose|od)\b`],
    },
    fiction: {
      zh: [String.raw`(?:写|在写|构思|创作)[^，。,]{0,8}(?:小说|剧本|故事|推理|悬疑)`, String.raw`(?:小说|剧本)(?:的)?(?:情节|人物|里面|中的)`],
      en: [
        String.raw`\b(?:writing|drafting|plotting) (?:a|an|my) [a-z ]{0,20}(?:novel|story|screenplay|script|book|thriller|mystery|fanfic)\b`,
        String.raw`\b(?:crime|detective|murder|mystery) (?:novel|story|book|show|drama|thriller)\b`,
      ],
    },
    // Entrusting a pet is about the writer's own arrangements, not the animal's health.
    petHumanVictim: {
      zh: [String.raw`托付(?:给|好)`, String.raw`送(?:人|给)(?:了)?`],
      en: [String.raw`(?:for me|when i'?m gone|after i'?m gone)`],
    },
    figurative: {
      zh: [
        // Devices "having a seizure / stroke": not a person.
        String.raw`(?:电脑|手机|笔记本|平板|电视|路由器|打印机|系统|网络|软件|游戏|车子?)[^，。,]{0,4}(?:抽风|抽搐|中风|休克|猝死|瘫痪|吐血|心梗)(?:了)?`,
        // Quoted or reported label / leaflet text.
        String.raw`(?:说明书|包装|药盒|盒子|瓶子|瓶身|标签|外包装|警示语)(?:上)?(?:写着|写的|写|说|标着|标的|印着|印的|注明|提示)(?:的)?[:：]?\s*"[^"]{0,40}"`,
        String.raw`(?:说明书|包装|药盒|盒子|瓶子|瓶身|标签|外包装|警示语)(?:上)?(?:写着|写的|标着|印着|注明|提示)(?:的)?[^"，。,]{0,20}`,
      ],
      en: [
        String.raw`\b(?:laptop|phone|computer|pc|mac|tablet|ipad|tv|printer|router|wifi|car|console|xbox|playstation|app|server|screen)(?:'s)?\s+(?:[a-z']+\s+){0,3}(?:(?:had|has|having) (?:a )?(?:seizure|stroke|heart attack|fit|meltdown)|seiz(?:ed|ing)|crashed|froze|died)`,
        String.raw`\b(?:the )?(?:label|box|packet|pack|leaflet|bottle|insert|warning|package)[a-z ]{0,12}(?:says|said|reads|warns|states)[^.]{0,60}`,
      ],
    },
  },

  extendConcepts: {
    cyanosis: {
      zh: [String.raw`(?:嘴唇|口唇|嘴)[^，。,不没无未]{0,4}(?:发黑|乌紫|青了|紫紫的)`],
      en: [String.raw`(?:lips|face|skin|tongue|fingers|fingertips) (?:are |is |look |looks |going |turning |gone |went )?(?:a bit |slightly |kind of |really )?(?:blu(?:e)?ish|purplish|greyish|grayish|blue-ish)`],
    },
    altered_state: {
      zh: [String.raw`(?:眼睛|两眼|眼神|双眼|眼)(?:有点|都)?(?:发直|直勾勾|呆滞|发呆|直直的|没神)`, String.raw`(?:叫|喊|问|拍)[^，。,]{0,6}(?:不太|不怎么|没什么)(?:有)?(?:反应|反映)`],
      en: [String.raw`(?:staring|stares|stared) (?:blankly|into space|vacantly)`, String.raw`\b(?:glazed|blank) (?:look|eyes|stare)\b`, String.raw`(?:eyes|he|she) (?:are |is |look |looks )?glazed`],
    },
    unresponsive: {
      zh: [String.raw`(?:叫|喊|拍|推|摇)[^，。,不没无未]{0,6}(?:没(?:有)?|不)反映`],
    },
    vomit: { zh: [String.raw`(?:还在|一直在|不停地?)(?:吐|呕)`] },
    thunder_quality: {
      zh: [String.raw`(?:跟|像|好像|如同)(?:被)?(?:雷)?(?:炸|爆)(?:开|了)(?:一样|似的|一般)`, String.raw`(?:一秒|几秒|瞬间|一下子)(?:钟)?(?:之内|内)?(?:就)?(?:疼|痛)(?:到|得)(?:顶|爆|极点|不行)`],
      en: [String.raw`(?:in|within) (?:a few |a couple of |two |\d )?seconds`, String.raw`like (?:a|an) (?:bomb|explosion|gunshot|lightning bolt)`],
    },
    allergy_trigger: {
      zh: [String.raw`(?:打|输|挂|注射)(?:了)?(?:头孢|青霉素|阿莫西林|抗生素|消炎针|造影剂|吊瓶|点滴)`],
    },
    fetal_movement_low: {
      en: [String.raw`(?:haven'?t|hasn'?t|have not|has not|didn'?t|not) (?:felt|feel|feeling|noticed) (?:the |my |her )?(?:baby|bump|him|her) (?:move|moving|kick|kicking)`],
    },
    suicidal: {
      zh: [String.raw`(?:哪种|什么|哪个)药[^，。,]{0,4}(?:吃多了|吃多少)[^，。,]{0,4}(?:不疼|不痛苦|不难受|能死|会死)`],
    },
  },

  addConcepts: [
    {
      // Saying goodbye: closure words addressed to others.
      id: 'sh_goodbye',
      zh: [
        '告别', String.raw`以后(?:应该|可能|大概)?(?:就)?不会再(?:来|上线|麻烦|打扰)`, String.raw`不会再(?:麻烦|打扰|拖累)(?:你们|大家|你|谁)`, String.raw`(?:谢谢|感谢)(?:你们|大家|你)?(?:这段时间|这么久|一直以来|这些年|这么多年)`,
        String.raw`以后(?:你|你们)?(?:要)?(?:好好)?照顾好(?:自己|爸妈|家人)`, String.raw`(?:希望|让)(?:家里人|家人|爸妈|你们|大家)(?:别|不要)(?:太)?(?:难过|伤心|怪我)`, String.raw`对不起(?:所有人|大家|你们)`,
      ],
      en: [String.raw`goodbye (?:everyone|all|guys|everybody)`, String.raw`won'?t be (?:around|here) (?:much longer|anymore|for long|after)`, String.raw`sorry for everything`, String.raw`thank you for everything`, String.raw`(?:please )?take care of (?:my|the) (?:cat|dog|kids|children|pets?) (?:for me|when i'?m gone|after i'?m gone)`, String.raw`tell (?:them|everyone|my family) i (?:love|loved) them`],
    },
    {
      // Settling affairs: giving things away, passwords, letters, entrusting dependants.
      id: 'sh_affairs',
      zh: [
        '后事', '遗书', '遗言', '遗嘱', String.raw`托付(?:给|好)`, String.raw`(?:密码|存款|银行卡)[^，。,]{0,8}(?:写在|写好|留在|放在|交给)`, String.raw`把[^，。,]{0,8}(?:东西|衣服|书|游戏机|宠物|猫|狗)[^，。,]{0,4}(?:都)?送(?:人|给)`, String.raw`(?:东西|遗物)(?:都)?送人`, String.raw`(?:一切|所有事)都安排好了`,
      ],
      en: [String.raw`(?:written|wrote|writing|left) (?:goodbye )?(?:letters?|notes?) (?:to|for) (?:my|the) (?:kids|family|children|parents|wife|husband|mum|mom|dad)`, String.raw`(?:sorted|sorting|sort) out my (?:will|affairs|things)`, String.raw`(?:giving|gave|given) away (?:my|all my) (?:stuff|things|belongings|possessions)`, String.raw`(?:updated|wrote|made) my will`],
    },
    {
      // Means, place or a set time made ready (acquisition / preparation wording).
      id: 'sh_means',
      zh: [
        String.raw`(?:买|准备|备|弄|找)(?:了|好)(?:一)?(?:些|包|袋|根|把)?(?:木)?(?:炭|碳|绳子|绳|刀片|农药|安眠药|老鼠药)`, String.raw`(?:炭|碳)[^，。,]{0,4}(?:门窗|窗户)`, String.raw`(?:门窗|窗户)(?:都)?(?:关好|关严|封好|封上|堵上)`,
        String.raw`(?:在|站在|坐在|爬上|上了|去了)(?:楼顶|天台|楼顶上|天台上|桥上|江边|河边|海边|窗台上|阳台边)`, String.raw`(?:药|安眠药)[^，。,]{0,6}攒(?:了|够|得)`,
        String.raw`(?:今晚|今天晚上|等下|等一下|待会儿?)(?:就)?(?:动手|结束|走了|了断|解脱)`,
      ],
      en: [
        String.raw`(?:enough|all) (?:of )?(?:my |the )?(?:pills|tablets|meds)[a-z ]{0,10}(?:saved|stored|stockpiled|hoarded)`, String.raw`(?:pills|tablets|meds) saved up`, String.raw`(?:bought|got|have) (?:a |some )?(?:rope|razor blades?|charcoal)`,
        String.raw`(?:standing|sitting|up) on (?:the|a) (?:roof|ledge|bridge|edge)`, String.raw`(?:tonight|today|this weekend)[a-z' ]{0,20}(?:the right time|the night|the day|the time)`,
      ],
    },
    {
      // Hopelessness / exhaustion with living (not "tired from work").
      id: 'sh_hopeless',
      zh: [
        String.raw`活着(?:真的|真|好|太|很|也|都)?(?:累|没意思|没意义|没劲|没盼头)`, String.raw`不想(?:再)?(?:撑|坚持|熬)(?:下去)?了`, String.raw`(?:撑|坚持|熬)不下去了`, '解脱', '一了百了', String.raw`(?:活着|人生|一切)(?:都)?没(?:有)?(?:希望|意义)`, '生无可恋',
      ],
      en: [String.raw`no point (?:anymore|in (?:anything|living|going on)|to (?:anything|living))`, String.raw`can'?t go on`, String.raw`can'?t do this anymore`, String.raw`tired of (?:living|being alive|everything)`, String.raw`nothing (?:left )?to live for`, String.raw`\bhopeless\b`],
    },
    {
      // Cutting again (repeated self-injury), for the bleeding combination.
      id: 'self_injury_again',
      zh: [String.raw`(?:又|忍不住|故意)(?:拿刀|用刀片?|拿刀片)?(?:划|割)(?:了)?(?:几|好几|[0-9一两三四五六七八九十]+)?(?:道|刀|下)?`],
      en: [String.raw`cut (?:myself )?again`, String.raw`(?:relapsed|slipped up) and cut`],
    },
    {
      id: 'benign_departure',
      zh: ['出国', '留学', '搬家', '出差', '旅游', '毕业', '离职', '辞职', '退群', '住院', '做手术', '动手术'],
      en: [String.raw`\b(?:moving|emigrat\w*|travel\w*|holiday|vacation|trip|surgery|operation|hospital|deploy\w*)\b`],
    },
    {
      // Can no longer swallow: oral sugar is no longer an option.
      id: 'swallow_fail',
      zh: [String.raw`(?:咽|吞|喝|喂)不(?:下|进)(?:去)?`],
      en: [String.raw`(?:can'?t|cannot|won'?t|unable to|not able to) swallow`],
    },
    {
      // A head "hit / exploded" simile: thunderclap onset described by comparison.
      id: 'head_blow',
      zh: [String.raw`${HEAD}[^，。,]{0,4}(?:像|好像|跟|如同)(?:被)?(?:人)?[^，。,]{0,6}(?:砸|打|敲|劈|锤|踢|炸|爆)`],
      en: [String.raw`like (?:i'?d |i had |i'?ve |someone |somebody )?(?:been )?(?:hit|struck|smacked|whacked|clubbed)(?: me| him| her| them)? (?:in|on|over) (?:the|my|his|her) (?:head|back of (?:the|my|his|her) head)`],
    },
    {
      // Exertional onset (straining, lifting, sex): a classic SAH trigger.
      id: 'exertion_onset',
      zh: [String.raw`(?:一用力|一使劲|用力(?:大便|排便|解大便)|憋气用力|举铁|举重|搬重物|同房|性生活)`],
      en: [String.raw`(?:while|when) (?:i was )?(?:lifting|straining|having sex|at the gym)`, String.raw`during (?:sex|a workout|lifting)`],
    },
    {
      id: 'hangover',
      zh: ['宿醉', '喝多了', '喝醉', '喝大了'],
      en: [String.raw`\bhangover\b`, String.raw`\bhung ?over\b`],
    },
    {
      // SpO2 below 90 % written in ways the vitals parser does not read.
      id: 'spo2_low_text',
      zh: [String.raw`(?:血氧|指脉氧|氧饱和度|饱和度|夹手指的)[^，。,]{0,6}(?:只有|才|掉到|降到)?(?:八十|七十|六十)(?:几|多|[一二三四五六七八九])?`],
      en: [String.raw`(?:finger (?:clip|thing|monitor|probe)|clip thing|pulse ?ox(?:imeter)?|oximeter|oxygen (?:level|sat\w*)|sats?|spo2)[^.;0-9]{0,25}?\b[5-8]\d\s*%`],
    },
  ],

  addRules: [
    // suicide_self_harm: indirect intent, any two cue groups.
    { id: 'suicide.hopeless_plus', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_hopeless'], any: [['sh_goodbye', 'sh_affairs', 'sh_means']] },
    { id: 'suicide.means_farewell', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_means'], any: [['sh_goodbye', 'sh_affairs', 'farewell_soft', 'farewell_strong']] },
    { id: 'suicide.goodbye_affairs', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_goodbye', 'sh_affairs'], unless: ['benign_departure'] },
    { id: 'suicide.self_injury_bleeding', family: 'suicide_self_harm', urgency: 'emergency', all: ['self_injury_again'], any: [['bleeding_generic', 'bleeding_uncontrolled', 'heavy_bleeding', 'deep_wound']] },
    // thunderclap_headache
    { id: 'headache.blow_plus', family: 'thunderclap_headache', urgency: 'emergency', all: ['head_blow'], any: [['sudden', 'thunder_quality', 'severe', 'neck_stiff', 'vomit', 'vomiting_repeated', 'syncope', 'worst_headache']], unless: ['hangover'] },
    { id: 'headache.exertional', family: 'thunderclap_headache', urgency: 'emergency', all: ['headache', 'exertion_onset'], any: [['thunder_quality', 'sudden', 'severe', 'worst_headache', 'neck_stiff', 'vomit']] },
    // breathing
    { id: 'breathing.low_spo2_text', family: 'breathing', urgency: 'emergency', all: ['spo2_low_text'] },
    // glycaemic_emergency
    { id: 'glucose.low_cannot_swallow', family: 'glycaemic_emergency', urgency: 'emergency', any: [['v.glucose_low', 'hypo_word'], ['swallow_fail', 'unresponsive']] },
    // anaphylaxis: exposure + skin + low BP / chest tightness / dizziness
    { id: 'anaphylaxis.skin_hypotension', family: 'anaphylaxis', urgency: 'emergency', all: ['hives'], any: [['v.sbp_low']] },
    { id: 'anaphylaxis.trigger_skin_systemic', family: 'anaphylaxis', urgency: 'emergency', all: ['allergy_trigger', 'hives'], any: [['chest_pain', 'dizziness', 'presyncope', 'v.sbp_low', 'palpitations']] },
  ],
};
