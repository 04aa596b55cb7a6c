// prerisk-2026.12.2 (rules part): sixth generalisation pass, after blind batch 7
// (libs/safety/PROMOTION.md, "Candidate prerisk-2026.12.2"), on top of 2026.12.1. Pattern
// families only (a concept plus a modifier, or cue groups), never one sentence:
// - poisoning: organophosphate / insecticide exposure named in English and Chinese (有机磷, 乐果,
//   "organophosphate stuff", sheep dip) and cholinergic signs (drooling, pinpoint
//   pupils, muscle twitching, 流口水, 瞳孔小, 肌肉乱跳) as a new sign group;
// - breathing: pink frothy sputum (粉红色泡沫痰 / 泡泡痰, "pink frothy"), Cantonese breathlessness
//   (唞唔到气, 透唔到气, 好辛苦) and orthopnoea (瞓低就更辛苦, 瞓唔低, 成晚坐喺床边, "can't lie flat",
//   "sleeping sitting up"); reliever used N times and still breathless, speech in two- or
//   three-word fragments (两三个字两三个字, "only two words at a time"), peak flow at a third / half;
// - suicide: place reached with words between 在 and the place (在…楼顶天台上, "up on the roof of"),
//   method questions about jumping from a height being instant / painless (从…楼下去…没感觉,
//   "would I feel anything if I jumped from");
// - thunderclap: head simile of something snapping / bursting (像有根筋崩断, 像炸开) and onset in a
//   second with unbearable pain (一秒钟就疼得受不了);
// - meningococcal: a rash that does not fade under pressure / a glass in any negated form ("don't
//   fade when I press a glass on them", 疹子按了也不褪色);
// - bleeding: heavy haemoptysis with a gap before the amount ("coughed up what looks like half a cup of
//   blood", 咳出来差不多半杯血);
// - glycaemic: a diabetic "acting drunk / acting strange" without alcohol as altered state;
// - false-alarm filters: the idiom 想死的心都有了 (figurative); "there's been nothing since" closes the
//   sentence as resolved; 一岁半的时候抽过 as past; "what does it mean if …" and impersonal
//   "<condition> 会 <sign> 吗", "why do people …", "what is the … test" questions as knowledge.
// The learned signal reads the rules' evidence and uses two thresholds (prerisk-2026.12.2.model.json).
import type { RulesetPatch } from './ruleset';

export const PATCH_2026_12_2: RulesetPatch = {
  version: 'prerisk-2026.12.2',
  learned: { model: 'prerisk-2026.12.2.model.json', wideVeto: true, vetoWeakHits: true, reassurance2: true },

  extendCues: {
    figurative: { zh: [String.raw`想死的心(?:都|也)?有了`] },
    resolved: { en: [String.raw`\b(?:there'?s|there has|there have) been (?:nothing|none|no more)(?: [a-z]+)? since\b`, String.raw`\bnever (?:happened|had (?:one|another)) (?:again|since)\b`] },
    knowledge: {
      zh: [String.raw`^(?!我|他|她|孩子|宝宝|老|爸|妈|奶|爷|外|姥|儿|女|娃)[\u4e00-\u9fa5]{2,6}(?:会|能)(?:引起|导致|出现|咳|流|让人)[^，。,？?]{0,14}吗`],
      en: [String.raw`\bwhat does it mean (?:if|when)\b`, String.raw`\bwhy do (?:people|patients|diabetics|kids|children|babies|some people)\b`, String.raw`\bwhat (?:is|are) (?:the|a) [a-z ]{0,20}\btest\b`],
    },
    historical: {
      zh: [String.raw`(?:\d+|[一两三四五六七八九十]+)(?:个月|岁)(?:大)?的时候[^，。,]{0,12}(?:抽|惊厥|发作|晕)过`],
    },
  },

  extendConcepts: {
    toxin_exposure: {
      zh: [String.raw`(?:喷|打|洒|配|接触|吸入|闻了|沾|熏)(?:了)?[^，。,不没无未]{0,6}(?:有机磷|乐果|甲胺磷|杀虫药|虫药|除虫)`],
      en: [String.raw`(?:sprayed|spraying|exposed to|inhaled|handling|handled|mixing|mixed|splashed(?: with)?) (?:\w+ ){0,2}(?:organophosphates?|insecticides?|sheep dip|nerve agent|pesticides?)`, String.raw`\borganophosphates?\b`],
    },
    toxin_strong: { zh: ['有机磷', '乐果', '甲胺磷'], en: [String.raw`\borganophosphates?\b`, String.raw`\bsheep dip\b`] },
    dyspnea: {
      zh: [String.raw`(?:唞|抖|透|喘|吸)唔(?:到|切)(?:气|氣)`, String.raw`(?:唞气|呼吸)(?:好|好似|勁|极)?(?:辛苦|困难)`],
      en: [String.raw`(?:still )?(?:wheezing|struggling|gasping) (?:even )?after (?:\d+|two|three|four|five|six|several|many) puffs`],
    },
    at_rest: {
      zh: [String.raw`瞓(?:低|落)(?:就|都)?(?:更|仲|好)?(?:辛苦|喘|唞唔到)`, String.raw`瞓唔(?:低|落|到)`, String.raw`(?:成晚|整晚|一整晚)(?:都)?坐(?:喺|在|着)`, String.raw`一(?:躺|睡)(?:下|平)(?:就|更)(?:喘|憋|难受|辛苦|上不来)`],
      en: [String.raw`can'?t (?:lie|lay) (?:down |flat)`, String.raw`(?:sleep|sleeping|slept) (?:sitting up|in (?:a|the|his|her) chair)`, String.raw`worse (?:when|if) (?:he|she|i) (?:lie|lies|lay|lays) (?:down|flat)`],
    },
    dyspnea_severe: {
      zh: [
        String.raw`(?:喷|吸|用)了[^，。,]{0,10}(?:还是|仍然|也|都|还)[^，。,]{0,3}(?:上不来气|喘不上|喘不过|透不过|憋得|吸不进)`,
        String.raw`(?:一|两|二|三|几|一两|两三)个字(?:一|两|二|三|几|一两|两三)个字`, String.raw`(?:只能|只会|一次只能)(?:说|讲|蹦)(?:出)?(?:一两|两三|两|几|一)个字`,
        String.raw`(?:peak ?flow|峰流速|呼气峰流速)[^，。,]{0,8}(?:只有|只剩|剩)?[^，。,]{0,4}(?:三分之一|一半|四分之一)`,
      ],
      en: [String.raw`(?:only|just) (?:get out |manage |say |speak )?(?:one|two|2|a couple of|one or two|two or three) words? (?:at a time|between breaths)`, String.raw`\btwo[- ]word (?:sentences|answers|phrases)\b`, String.raw`peak flow (?:is |of )?(?:only |just |down to |about )*(?:a third|half|a quarter|[1-4]0 ?%)`],
    },
    sh_place: {
      zh: [String.raw`(?:一个人|自己)?(?:在|到了|上了|爬上)[^，。,]{0,8}(?:楼顶|天台|顶楼|桥上|江边|崖边)(?:上)?`],
      en: [String.raw`\b(?:up )?on (?:the )?(?:roof|rooftop|ledge|edge) of\b`],
    },
    sh_method_self: {
      zh: [String.raw`从[^，。,]{0,8}(?:楼|层|顶|桥)[^，。,]{0,4}(?:跳)?下去[^，。,]{0,10}(?:没感觉|不疼|不痛|很快|一瞬间|会不会疼|死得了|能不能死)`, String.raw`(?:跳|下去)[^，。,]{0,8}(?:是不是|会不会)?(?:一瞬间|马上|立刻|一下)?就(?:没(?:有)?感觉|不疼|不痛|死)`],
      en: [String.raw`(?:would|will|do) (?:i|you|someone) (?:even )?feel (?:anything|it|pain)[^.?!]{0,30}(?:jump|fall)`, String.raw`(?:jump|jumping|fall|falling) (?:off|from) [^.?!]{0,30}(?:instant|painless|quick|feel anything)`],
    },
    headache: { zh: [String.raw`(?:后脑(?:勺)?|脑袋|头)[^，。,不没无未]{0,20}(?:疼|痛)得(?:受不了|要命|不行|厉害|想撞墙)`] },
    thunder_quality: {
      zh: [String.raw`像[^，。,]{0,6}(?:筋|弦|血管|东西)[^，。,]{0,4}(?:崩断|绷断|断了|炸开|爆开|爆了)`, String.raw`(?:一秒|几秒|瞬间|一下子)(?:钟)?(?:之内|内)?(?:就)?(?:疼|痛)(?:到|得)(?:受不了|要命|炸了|最厉害)`],
      en: [String.raw`like (?:something|a (?:string|cord|vessel|band|wire)) (?:snapped|burst|popped|broke)`],
    },
    non_blanching: {
      zh: [String.raw`(?:疹|点|斑|印)[^，。,]{0,8}(?:按|压|摁)(?:了|一下|上去|住|着)?[^，。,]{0,3}(?:也|都|还)?(?:不|没)(?:褪色|消失|变白|变淡|褪)`, String.raw`玻璃杯[^，。,]{0,10}(?:不褪|不消|还在|看得见|不变白)`],
      en: [String.raw`(?:don'?t|do not|doesn'?t|does not|won'?t|didn'?t|not) (?:fade|blanch|disappear|go white)[^.?!]{0,30}(?:press|glass|pressure|tumbler)`],
    },
    hemoptysis_heavy: {
      zh: [String.raw`咳(?:出|了)(?:来)?[^，。,]{0,8}(?:半|一|两|几|好几)(?:杯|碗|口|勺|大口)(?:的)?(?:鲜红|鲜|红)?(?:色)?(?:的)?血`],
      en: [String.raw`cough(?:ed|ing) up [^.?!]{0,25}(?:half a cup|a cup|a (?:mouthful|handful|tablespoon|spoonful)|mouthfuls|a lot) of (?:bright red |fresh )?blood`],
    },
    altered_state: {
      zh: [String.raw`(?:像|跟)(?:是)?喝醉了?(?:酒)?(?:一样|似的)`, String.raw`没喝酒[^，。,]{0,8}(?:像|跟)[^，。,]{0,2}醉`],
      en: [String.raw`acting (?:drunk|strange(?:ly)?|weird(?:ly)?|odd(?:ly)?|bizarre(?:ly)?|out of character)`, String.raw`like (?:he'?s|she'?s|he is|she is|he was|she was) drunk\b`, String.raw`hasn'?t (?:had a drop|been drinking)`],
    },
  },

  addConcepts: [
    {
      // Cholinergic crisis signs (organophosphate / carbamate poisoning).
      id: 'cholinergic_sign',
      zh: [String.raw`(?:流|淌)口水`, String.raw`口水(?:直|一直)?(?:流|淌)`, String.raw`瞳孔[^，。,]{0,4}(?:小|缩|针尖)`, String.raw`肌肉[^，。,]{0,4}(?:乱跳|跳动|抽动|颤|一跳一跳)`],
      en: [String.raw`\bdrool(?:ing|s)?\b`, String.raw`pinpoint (?:pupils?)?`, String.raw`pupils? (?:are |is )?(?:tiny|pinpoint|really small)`, String.raw`muscles? (?:are |keep )?twitch(?:ing|y)?`, String.raw`\bfasciculat`],
    },
    {
      // Pink frothy sputum: acute pulmonary oedema.
      id: 'pink_frothy_sputum',
      zh: [String.raw`粉红(?:色)?(?:的)?(?:泡沫|泡泡)(?:状|样)?(?:的)?痰`, String.raw`痰[^，。,]{0,8}(?:粉红(?:色)?(?:的)?(?:泡沫|泡泡)|(?:泡沫|泡泡)[^，。,]{0,4}粉红)`, String.raw`咳出[^，。,]{0,6}粉红(?:色)?[^，。,]{0,4}(?:泡沫|泡泡)`],
      en: [String.raw`pink(?:ish)?,? frothy`, String.raw`frothy (?:pink|blood-tinged|bloody)`, String.raw`pink foam`],
    },
  ],

  addRules: [
    { id: 'poison.cholinergic', family: 'overdose_poisoning', urgency: 'emergency', all: ['toxin_exposure', 'cholinergic_sign'] },
    { id: 'breathing.pulmonary_oedema', family: 'breathing', urgency: 'emergency', all: ['pink_frothy_sputum'] },
  ],
};
