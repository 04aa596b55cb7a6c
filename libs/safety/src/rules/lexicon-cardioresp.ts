// Chest, breathing and allergy lexicons (heart_attack, breathing, anaphylaxis families).
import type { ConceptDef } from './concept-types';

export const CARDIORESP_CONCEPTS: readonly ConceptDef[] = [
  {
    id: 'chest_pain',
    zh: [
      String.raw`(?:胸口|胸部|胸前区?|胸骨后?|胸膛|心口窝?|心窝|心前区|胸(?![片外科腺围罩肌部ct]))[^，。,不没无未]{0,6}?(?:疼|痛|闷|憋|紧|压迫|压着|难受|不适|不舒服|刺|绞|胀|沉|堵)`,
      String.raw`心前区(?:疼|痛|不适|压)`,
      String.raw`胸(?:口|部)?[^，。,不没无未]{0,3}(?:像|好像|跟|如)[^，。,不没无未]{0,10}(?:压|石头|大石|绑|箍|勒|挤|坐)`,
      String.raw`压榨(?:样|性|感)`, String.raw`(?:捂|按|抓|揪)(?:着|住)(?:胸口|心口|胸)`,
      '心绞痛',
      '胸痛',
    ],
    en: [
      String.raw`chest (?:pain|pains|pressure|tightness|discomfort|ache|heaviness|hurts|is hurting)`, String.raw`chest (?:feels|is|was|felt|feeling) (?:\w+ )?(?:tight|heavy|sore|painful|like|squeezed|crushed)`,
      String.raw`chset pain|chest pian`, String.raw`(?:clutching|holding|grabbing|gripping|rubbing) (?:at )?(?:his|her|my|their) chest`,
      String.raw`(?:pain|pains|pressure|tightness|squeezing|heaviness|discomfort|ache|burning|crushing)(?: feeling| sensation)? (?:in|across|on|behind) (?:the (?:middle|centre|center) of )?(?:my|his|her|the|their) (?:chest|breastbone|sternum)`, String.raw`(?:my|his|her|their) chest [a-z ]{0,15}(?:hurts|hurting|aches|aching|is killing|feels? (?:tight|heavy|crushed|squeezed))`,
      String.raw`(?:tight|heavy|painful|crushing|sore) chest`,
      String.raw`tightness (?:in|across) (?:my|his|her|the) chest`,
      String.raw`(?:elephant|weight) (?:sitting |standing )?on (?:my|his|her) chest`,
      String.raw`\bangina\b`,
    ],
  },
  {
    id: 'radiation',
    zh: [
      String.raw`(?:下巴|下颌|左(?:边)?(?:胳膊|手臂|臂|肩膀|肩|上肢|手)|后背|背部|肩背|牙齿?)[^，。,不没无未]{0,5}(?:疼|痛|酸|发酸|麻|发麻|沉|不舒服|难受|发紧)`,
      String.raw`(?:放射|牵扯|窜|串|传|扯)(?:到|至)`,
    ],
    en: [
      String.raw`(?:radiat|spread|go|shoot|mov|travel)(?:ing|s|ed|es)? (?:up |down |in|out )?(?:to|into) (?:my|his|her|the)? ?(?:jaw|arm|arms|neck|back|shoulder|left arm)`,
      String.raw`(?:left|both) arms? (?:is |are |feels? )?(?:numb|tingling|heavy|aching|hurts|sore|pain)`, String.raw`(?:going|shooting|spreading|radiating|moving|travelling|traveling) (?:down|up|into|to|through|across) (?:my|his|her|the) (?:left )?(?:arm|jaw|neck|back|shoulder)`,
      String.raw`(?:pain|ache|aching) (?:in|down) (?:my|his|her) (?:left arm|jaw)`,
      String.raw`\bjaw (?:pain|ache|aching|hurts|feels)`, String.raw`(?:pins and needles|tingling|numbness|pain|ache|aching|heaviness) (?:down|in|into|along) (?:my|his|her|their) (?:left )?arm`,
    ],
  },
  {
    id: 'cardiac_now',
    zh: [String.raw`(?:心梗|心肌梗死|心肌梗塞|心脏病|心绞痛)(?:又|突然)?(?:犯了|发作了|发作|犯病了|又犯)`, String.raw`(?:好像|可能|是不是|怕是|疑似|像是)(?:是)?(?:心梗|心肌梗死|心肌梗塞)(?:了|发作)`],
    en: [String.raw`\bhaving an? (?:heart attack|mi)\b`, String.raw`heart attack (?:right )?now`],
  },
  {
    id: 'dyspnea',
    zh: [
      '呼吸困难', String.raw`(?:呼吸|喘气|出气|喘)[^，。,不没无未]{0,4}?(?:困难|费力|吃力|急促|不上来|不过来|不动|厉害|很急|很难)`, String.raw`哮喘(?:又)?(?:发作|犯了|急性发作)`, String.raw`喘不(?:上|过|来)(?:来)?(?:气|起)`, '上不来气', '透不过气', '喘不动', '憋气', '憋得慌', '气短', '气促', '气急', '憋醒', '端坐呼吸', '大口喘气', '张口呼吸',
      String.raw`喘得(?:很|特别|非常|厉害|不行|要命|躺|说|直|受不了|上气)`, String.raw`喘(?:得)?(?:很|特别|非常)?(?:厉害|严重)`, String.raw`呼吸(?:很|特别|非常|有点|有些|比较)?(?:急促|费力|吃力|困难)`, '气喘吁吁', '上气不接下气', '喘不匀', '气不够用', String.raw`喘不过(?:来|气)`,
    ],
    en: [
      String.raw`short(?:ness)? of breath`, String.raw`(?:can'?t|cant|cannot|can not|struggling to|hard to|trouble|difficulty|unable to) (?:breathe|breath|breathing|catch (?:my|his|her|a) breath|get (?:my|his|her) breath|get air)`,
      String.raw`\bbreathless(?:ness)?\b`, String.raw`asthma attack`, String.raw`asthma (?:is |'s )?(?:getting |really |very |so |much )*(?:bad|severe|terrible|awful|worse)`, String.raw`gasping`, String.raw`struggling (?:for|to get) (?:air|breath)`, String.raw`labou?red breathing`, String.raw`air hunger`, String.raw`(?:hard|difficult) to breathe`,
    ],
  },
  {
    id: 'dyspnea_severe',
    zh: [
      String.raw`一句话(?:都)?说不(?:完|全|出)`, String.raw`说话(?:都)?说不(?:连贯|完整|成句)`, String.raw`(?:一句话|说话)[^，。,不没无未]{0,8}(?:好几口气|停好几次|喘好几次|断断续续)`, String.raw`说不(?:连贯|成句)`, '无法呼吸', '不能呼吸', '没法呼吸', String.raw`说(?:一)?句话(?:都|就)?(?:要)?(?:停|喘|歇)`, '说不了完整', String.raw`躺(?:都)?躺不下`, String.raw`只能坐着(?:喘|呼吸)?`,
      String.raw`(?:嘴唇|口唇|嘴巴|脸|脸色|指甲)[^，。,不没无未]{0,4}(?:发紫|发青|青紫|紫了|乌紫|发乌)`, '发绀', '三凹征', '鼻翼扇动',
      String.raw`(?:万托林|沙丁胺醇|喷雾|吸入剂|气雾剂|喷剂)[^。]{0,12}(?:没用|不管用|没效果|不起作用|一点用没有|一点用都没有)`, String.raw`(?:喷|吸)了[^，。,]{0,8}(?:都|也|还是)?(?:没用|不管用|没效果|不起作用|不见效|没缓解|不行|无效)`,
    ],
    en: [
      String.raw`can'?t (?:finish|complete|get out|speak in) (?:a |full |whole )?(?:sentences?|words?)`, String.raw`can only (?:say|speak|get out) a few words`, String.raw`can (?:barely|hardly) (?:talk|speak|breathe|get (?:his|her|my|a) words out)`, String.raw`(?:lips|face|fingers|fingertips) (?:(?:are|is|r|look|looks|looking|going|turning|went|gone|have|has) )*(?:blue|grey|gray|purple)`, String.raw`(?:can'?t|cant|cannot|can not) breathe?\b(?! (?:through|out of|from|with) (?:my|his|her|the|a) (?:nose|nostril))`,
      String.raw`turning blue`, String.raw`blue lips`, String.raw`(?:inhaler|ventolin|salbutamol|albuterol|puffer|nebuli[sz]er|reliever)[^.]{0,30}(?:not|isn'?t|hasn'?t|didn'?t|doesn'?t|no|aren'?t) (?:working|help|helping|effect|doing (?:anything|much)|making (?:a|any) difference)`, String.raw`using (?:her|his|their|my) (?:tummy|stomach|belly|neck) muscles to breathe`,
    ],
  },
  {
    id: 'tachypnea',
    zh: [String.raw`呼吸(?:又|很|特别|非常)?(?:快|急促|急)`, '喘得很快', '呼吸深快'],
    en: [String.raw`breathing (?:really |very |super )?(?:fast|quickly|rapidly|quick)`, String.raw`(?:rapid|fast|quick) breathing`, String.raw`panting`],
  },
  {
    id: 'apnea',
    zh: [String.raw`(?:停止了?|没了)呼吸`, String.raw`没(?:有)?(?:了)?呼吸(?!困难|急促|不畅|问题|道|费力|短促|不好)`, '呼吸停止', '呼吸暂停', String.raw`呼吸(?:很|非常)?(?:微弱|弱)`, '不喘气了'],
    en: [String.raw`(?:stopped|isn'?t|not|no longer) breathing`, String.raw`pauses in (?:his|her|their) breathing`, String.raw`barely breathing`],
  },
  {
    id: 'choking',
    zh: ['噎住', String.raw`(?:喉咙|嗓子|气管|食道)(?:里|眼)?[^，。,不没无未]{0,6}卡(?:了|住|着)`, String.raw`卡(?:了|住|着)[^，。,不没无未]{0,4}(?:喉咙|嗓子|气管)`, String.raw`卡(?:在)?(?:喉咙|嗓子)`, '异物卡', String.raw`呛(?:住|到)(?:了)?[^，。,不没无未]{0,4}(?:喘不|说不出|脸发紫)`],
    en: [String.raw`\bchok(?:ing|ed)\b(?! up)`, String.raw`something stuck in (?:his|her|my) (?:throat|windpipe)`],
  },
  {
    id: 'wheeze',
    zh: ['喘鸣', '哮鸣', '嗓子里有哨音', '呼哧呼哧', String.raw`(?:吸气|喘气|呼吸)(?:的时候|时)?[^，。,不没无未]{0,4}(?:呼呼|嘶嘶|咝咝|哨音|吼吼|拉风箱)`, String.raw`咳(?:得|起来)?像(?:狗叫|犬吠)`],
    en: [String.raw`\bwheez(?:e|ing|y)\b`, String.raw`\bstridor\b`],
  },
  {
    id: 'allergy_trigger',
    zh: [
      '过敏', String.raw`(?:吃|喝)了[^，。,不没无未]{0,8}(?:虾|蟹|海鲜|花生|坚果|芒果|鸡蛋|牛奶|贝|鱼|菠萝|芝麻)`, String.raw`(?:蜜蜂|马蜂|黄蜂|胡蜂|蜂|虫子?)(?:给)?(?:蜇|蛰|叮|咬)`, String.raw`被[^，。,不没无未]{0,4}(?:蜇|蛰|叮)`,
      String.raw`(?:打|输)(?:了)?[^，。,不没无未]{0,6}(?:针|青霉素|头孢|液)(?:后|以后|之后|没几分钟|不久)`, String.raw`吃了[^，。,不没无未]{0,8}(?:头孢|阿莫西林|青霉素|布洛芬|阿司匹林|药)(?:后|以后|之后|没几分钟|不久)`,
    ],
    en: [String.raw`\ballerg(?:y|ic|ies)\b`, String.raw`\bstung\b`, String.raw`\bsting\b`, String.raw`\b(?:bee|wasp|hornet)\b`, String.raw`\bpeanuts?\b`, String.raw`\b(?:tree )?nuts?\b`, String.raw`shellfish|shrimp|prawns?|lobster|crab`, String.raw`after (?:eating|taking|an injection|the injection|the jab|a jab)`],
  },
  {
    id: 'hives',
    zh: ['风团', '风疙瘩', '荨麻疹', String.raw`(?:全身|浑身|身上)(?:都)?(?:起|冒|长)(?:了)?(?:大片|一片片|一块块)?(?:疹|包|疙瘩|红疹|红点|红斑)`, String.raw`(?:全身|浑身)(?:都)?(?:痒|发痒|通红|发红)`, String.raw`起(?:了)?(?:大片|一片片|一块块)`],
    en: [String.raw`\bhives\b`, String.raw`\bwelts\b`, String.raw`(?:rash|itchy|itching|blotchy) all over`, String.raw`covered in (?:a rash|hives|welts|red blotches|spots)`, String.raw`\burticaria\b`],
  },
  {
    id: 'airway_swelling',
    zh: [
      String.raw`(?:嗓子|喉咙|喉头|嗓子眼|喉)(?:有点|很|也)?(?:发紧|紧|肿|发堵|堵|水肿|收紧)`, String.raw`(?:嗓子|喉咙)[^，。,不没无未]{0,6}(?:掐住|勒住|堵住|卡住)`,
      String.raw`(?:舌头|嘴唇|嘴巴|嘴|脸|眼皮|眼睑|眼睛|面部|脸和眼皮)[^，。,不没无未]{0,5}(?:肿|发厚|变厚|变大)`, String.raw`声音(?:嘶哑|哑了|变了)`, '吞咽困难', '咽不下',
    ],
    en: [
      String.raw`throat (?:is |feels |was )?(?:tight|closing|swelling|swollen|tightening|closing up)`, String.raw`throat[^.,;]{0,20}(?:closing|tightening|swelling up)`, String.raw`tongue (?:feels |is |was )?(?:thick|swollen|swelling|tingling|huge)`, String.raw`lips? (?:are |is |have |has )?(?:swollen|swelling|puffed|puffing|blown up)`,
      String.raw`(?:face|eyes|eyelids) (?:are |is |has |have )?(?:swollen|swelling|puffing|puffed)`, String.raw`(?:lips?|tongue|face|throat|eyes?|eyelids?|mouth)[a-z ']{0,10}(?:swollen|swelling|swelled|puffed|puffing|blown up|puffy)`, String.raw`struggling to swallow`, String.raw`swelling (?:of|in|around) (?:my|his|her|the) (?:face|lips|tongue|throat|mouth|eyes)`, String.raw`hoarse voice`, String.raw`(?:trouble|difficulty|can'?t) swallow`,
    ],
  },
  {
    id: 'anaphylaxis_now',
    zh: [String.raw`过敏性休克(?:了)?`],
    en: [String.raw`(?:having|going into|in) (?:an? )?anaphyla(?:xis|ctic)`, String.raw`anaphylactic (?:shock|reaction) (?:now|right now)`],
  },
];
