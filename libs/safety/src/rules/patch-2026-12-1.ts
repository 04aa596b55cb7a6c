// prerisk-2026.12.1 (rules part): fifth generalisation pass, after blind batch 6
// (libs/safety/PROMOTION.md, "Candidate prerisk-2026.12.1"), on top of 2026.12.0. Pattern
// classes only (a concept plus a modifier, or cue groups), never one sentence:
// - suicide / self-harm: means bought with a quantity between verb and means ("买了好几盒安眠药"),
//   means laid out next to the person ("two full boxes next to me", "rope is in the garage", car
//   + engine running in a garage); a time set as a plan ("打算等…凌晨", "就等今晚", "过了今晚",
//   "tomorrow morning when everyone's out"); resolve as long planning ("想了很久了", "been
//   planning this"); burden / better-off-without-me hopelessness in Chinese; "不会再麻烦任何人",
//   "just wanted someone to know" as goodbyes; standing on a bridge with the place named after
//   the verb; a jump-from-here / lethal-dose-to-not-wake-up method question about oneself;
// - glycaemic: hypoglycaemia not corrected by sugar ("吃了糖…还是", "still low after juice");
// - heart attack: chest tightness / pressure with a longer gap ("胸口正中间一阵阵发紧"), left arm
//   / hand numbness with a gap;
// - bleeding: heavy menses soaking a pad within the hour / every N minutes with clots or
//   dizziness;
// - false-alarm filters: sleep apnoea as a named chronic condition (打呼噜 / 睡眠呼吸暂停),
//   "X 属于 Y 吗" classification questions, a past febrile seizure with "过一次", "linked to" / "associated with" research questions;
//   rehoming a pet ("找个好人家") no longer makes the message an animal subject.
// The learned signal is retrained with benign traffic as PASS data (prerisk-2026.12.1.model.json).
import type { RulesetPatch } from './ruleset';

export const PATCH_2026_12_1: RulesetPatch = {
  version: 'prerisk-2026.12.1',
  learned: { model: 'prerisk-2026.12.1.model.json', wideVeto: true, vetoWeakHits: true },

  extendCues: {
    knowledge: {
      zh: [String.raw`睡眠呼吸暂停`, String.raw`(?:打呼噜|打鼾)[^。]{0,20}(?:憋气|暂停)`, String.raw`属于[^，。,？?]{0,8}吗`],
      en: [String.raw`\b(?:linked|associated|related) (?:to|with)\b[^.?!]{0,30}\?`, String.raw`sleep apn(?:o)?ea`],
    },
    historical: { zh: [String.raw`(?:抽搐|惊厥|抽)过一次`] },
    // Rehoming a pet ("麻烦帮忙找个好人家") is about the writer, not an animal patient.
    petHumanVictim: { zh: [String.raw`(?:找个|找一个)(?:好)?(?:人家|新家|主人)`, '送养'], en: [String.raw`find (?:him|her|them|it) a (?:good |new )?home`] },
  },

  extendConcepts: {
    chest_pain: { zh: [String.raw`(?:胸口|胸前|心口)[^，。,不没无未]{0,10}(?:发紧|发压|压着|一阵阵(?:地)?(?:紧|压|疼|痛))`] },
    radiation: { zh: [String.raw`左(?:边)?(?:手|胳膊|手臂|肩)[^，。,不没无未]{0,8}(?:发麻|麻了|麻木)`] },
    soaked: {
      zh: [String.raw`(?:半|一|两|每)(?:个)?(?:小时|钟头)(?:不到)?(?:就)?(?:湿透|换)(?:一|1|两|2)?(?:片|张|个)?(?:卫生巾|护垫)?`],
      en: [String.raw`soak(?:ed|ing|s)? (?:through )?(?:a |one |my )?(?:super|maxi|night|overnight|heavy|thick)[- ]?(?:pads?|tampons?)`, String.raw`(?:pads?|tampons?) every (?:\d+|ten|fifteen|twenty|thirty|half an?) ?(?:min|mins|minutes|hour)`],
    },
    sh_means: {
      zh: [String.raw`买了[^，。,]{0,8}(?:安眠药|炭|碳|绳子|农药|老鼠药|刀片)`, String.raw`(?:刀|绳子|药)(?:也|都|已经)?(?:放在|摆在|在)(?:床边|手边|枕头|身边)`],
      en: [String.raw`(?:boxes|bottles|packets) (?:of [a-z]+ )?(?:next to|beside|in front of) me`, String.raw`rope is in the (?:garage|car|shed|basement)`, String.raw`(?:car|garage)[a-z ,']{0,40}engine running`],
    },
    sh_time: {
      zh: [String.raw`打算[^，。,]{0,10}(?:今晚|凌晨|明早|明晚|半夜|睡了|睡着)`, String.raw`(?:就等|过了)(?:今晚|今天|明天)`],
      en: [String.raw`tomorrow (?:morning|night) when (?:everyone|everybody|they|he|she)`, String.raw`when everyone'?s (?:out|asleep|gone)`],
    },
    sh_resolve: { zh: [String.raw`想了(?:很久|好久|很长时间)了`], en: [String.raw`(?:been )?planning this for (?:a while|weeks|months|ages|a long time)`] },
    sh_hopeless: { zh: [String.raw`(?:大家|家人|你们|他们)?没有我(?:会|都会)?(?:过得)?更好`, String.raw`(?:活着|我)(?:就是|只会|就会)?拖累`] },
    sh_goodbye: { zh: [String.raw`不会再(?:麻烦|打扰|拖累)任何人`], en: [String.raw`(?:just )?(?:wanted|needed) (?:someone|somebody) to know`, String.raw`just needed to tell someone`] },
    sh_place: { zh: [String.raw`站在[^，。,]{0,6}(?:桥上|楼顶|天台|崖边)`] },
  },

  addConcepts: [
    {
      // Method asked about oneself: jumping from here, a dose so one does not wake up.
      id: 'sh_method_self',
      zh: [String.raw`从这(?:里|儿)?(?:跳)?下去(?:应该|会)?(?:很快|就)`, String.raw`(?:吃|喝)多少[^，。,]{0,8}(?:就)?(?:不会|不用)(?:再)?醒`],
      en: [String.raw`make sure (?:someone|i|he|she|a person) (?:doesn'?t|don'?t|won'?t|never) wake up`, String.raw`(?:asking|it'?s) for (?:me|myself)\b`],
    },
    {
      // Sugar taken for a low and the low persists.
      id: 'hypo_unrelieved',
      zh: [String.raw`(?:吃|喝)了[^，。,]{0,6}(?:糖|果汁|可乐|饮料|葡萄糖)[^，。,]{0,12}(?:还是|仍然|还|也)(?:没|不)?(?:上来|见好|好转|缓解|低|[0-3](?:\.\d)?)`],
      en: [String.raw`(?:sugar|juice|glucose|sweets|dextro)[a-z ,']{0,40}(?:still|hasn'?t|not) (?:low|come up|gone up|helped|working|\d)`],
    },
  ],

  addRules: [
    { id: 'suicide.method_self', family: 'suicide_self_harm', urgency: 'emergency', all: ['sh_method_self'], any: [['sh_place', 'sh_means', 'sh_hopeless', 'sh_time', 'sh_resolve', 'sh_goodbye']] },
    { id: 'glycaemic.hypo_unrelieved', family: 'glycaemic_emergency', urgency: 'emergency', all: ['hypo_word', 'hypo_unrelieved'], any: [['presyncope', 'syncope', 'altered_state', 'tremor', 'sweating', 'cold_sweat', 'palpitations']] },
    { id: 'bleeding.menses_soaked', family: 'major_bleeding', urgency: 'emergency', all: ['soaked'], any: [['clots', 'dizziness', 'presyncope', 'vaginal_bleeding']] },
  ],
};
