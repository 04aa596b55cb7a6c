// Neurological lexicons: stroke signs, seizures, headache quality, head injury.
import type { ConceptDef } from './concept-types';

const SIDE = String.raw`(?:一侧|一边|半边|半侧|单侧|左侧|右侧|左边|右边|左半边|右半边|左半|右半|左|右)`;
const LIMB = String.raw`(?:的)?(?:手脚|手臂|胳膊|手|脚|腿|身子|身体|肢体|上肢|下肢|脸|面部|嘴角)`;

export const NEURO_CONCEPTS: readonly ConceptDef[] = [
  {
    id: 'face_droop',
    zh: [
      String.raw`(?:嘴|嘴巴|嘴角|口角)(?:有点|有些|也|都|突然)?(?:歪|斜|往一边|耷拉|下垂)`, String.raw`口(?:眼)?歪(?:斜)?`, '面瘫', String.raw`(?:脸|面部)(?:有点|也|突然)?(?:歪|斜|耷拉|下垂|不对称)`,
      String.raw`(?:一边|半边|一侧)(?:的)?脸[^，。,不没无未]{0,3}(?:麻|木|耷拉|动不了|不能动|下垂|歪)`,
    ],
    en: [
      String.raw`face (?:is |looks |looking |seems |went |has gone )?(?:droop(?:ing|y|ed)?|lopsided|uneven|crooked|twisted)`, String.raw`droop(?:ing|y|ed)? (?:face|mouth|smile|eyelid and mouth)`,
      String.raw`one side of (?:his|her|my|their|the) (?:face|mouth) (?:is |looks |has |seems )?(?:droop(?:ing|y|ed)?|numb|weak|fallen|sagging|down)`, String.raw`(?:mouth|smile) (?:is |looks )?(?:droop(?:ing|y)|twisted|lopsided|crooked|uneven)`, String.raw`facial droop`, String.raw`(?:one|the left|the right|left|right) side of (?:his|her|my|their|the) (?:face|mouth)[a-z ']{0,15}(?:droop\w*|dropped|fallen|sagging|slumped|numb|weak|down)`, String.raw`(?:face|mouth|smile) (?:has |is |looks )?(?:dropped|fallen|slumped)`,
    ],
  },
  {
    id: 'unilateral_weak',
    zh: [
      String.raw`${SIDE}${LIMB}[^，。,不没无未]{0,4}(?:无力|没力|没劲|没有力气|没力气|使不上劲|不听使唤|抬不起(?:来)?|举不起(?:来)?|动不了|不能动|瘫|软了|发软|拿不住)`,
      '偏瘫', '半身不遂', String.raw`(?:筷子|勺子|杯子|碗|手机|东西)(?:突然)?(?:从手里)?掉(?:了|在|到)`, String.raw`拿不住(?:东西|筷子|杯子|碗)`,
    ],
    en: [
      String.raw`(?:weak|weakness|paralys[ie]d?|can'?t (?:lift|move|raise|use)) .{0,20}(?:one side|left side|right side|(?:left|right|one) (?:arm|leg|hand))`,
      String.raw`(?:left|right|one)[- ](?:side|arm|leg|hand)[a-z ,']{0,25}?(?:weak|weakness|limp|heavy|dead|floppy|useless|paraly\w*|(?:can'?t|won'?t|cannot) (?:move|lift|use)|not moving|gave way)`,
      String.raw`can'?t (?:lift|raise|move) (?:his|her|my|their) (?:left |right )?(?:arm|leg|side)`, String.raw`dropp(?:ed|ing) (?:the|his|her|my) (?:cup|fork|spoon|phone|glass)`, String.raw`arm drift`,
    ],
  },
  {
    id: 'unilateral_numb',
    zh: [String.raw`${SIDE}${LIMB}[^，。,不没无未]{0,4}(?:发麻|麻木|麻|没知觉|没感觉)`],
    en: [String.raw`(?:numb(?:ness)?|tingling|pins and needles) .{0,20}(?:one side|left side|right side|(?:left|right) (?:arm|leg|hand|side))`, String.raw`(?:left|right|one)[- ](?:side|arm|leg|hand)[a-z ,']{0,25}?(?:numb|tingly|tingling|no feeling)`],
  },
  {
    id: 'speech',
    zh: [
      String.raw`说话[^，。,不没无未]{0,3}(?:含糊|含含糊糊|不清|不利索|大舌头|费劲|不出来|吃力|不对劲|颠三倒四)`, '口齿不清', '吐字不清', '说不出话', '讲不出话', String.raw`(?:突然)?不会说话`, '言语不清', '语言不清',
      String.raw`舌头(?:发硬|不灵活|打结|不听使唤|僵)`, String.raw`听不懂(?:别人|人|我们)?(?:说话|的话|讲话)`,
    ],
    en: [
      String.raw`\bslurr(?:ed|ing)\b`, String.raw`can'?t (?:get (?:his|her|my|the|their) words out|speak(?! (?:english|chinese|mandarin|cantonese|french|spanish|german|to|with|about|for|up|freely))|talk properly|find (?:the|his|her|my) words)`, String.raw`words (?:are |were )?(?:jumbled|garbled|coming out (?:wrong|weird|funny|strange)|mixed up|muddled)`,
      String.raw`(?:garbled|jumbled|strange|slurred) speech`, String.raw`speech (?:is |was |sounds |went |has gone |gone )?(?:all )?(?:slurred|garbled|strange|weird|off|funny|wrong)`, String.raw`(?:trouble|difficulty) (?:speaking|talking|finding words)`, String.raw`what (?:he|she|they) says? (?:doesn'?t|does not|don'?t) make sense`,
    ],
  },
  {
    id: 'gait',
    zh: [String.raw`走路(?:老|总|一直|有点)?(?:往一边|往一侧|往左|往右)?(?:偏|不稳|歪|摇晃|踉跄|打晃)`, '站不稳', '走不稳', '走不了直线', String.raw`平衡(?:不好|差|不稳)`, '共济失调'],
    en: [String.raw`can'?t (?:walk straight|stand up|keep (?:his|her|my) balance)`, String.raw`\bveering\b`, String.raw`(?:losing|lost|off) (?:his|her|my) balance`, String.raw`unsteady on (?:his|her|my) feet`, String.raw`walking (?:like (?:he|she) is drunk|into things)`],
  },
  {
    id: 'vision_loss',
    zh: [String.raw`(?:一只|一侧|一边|单)眼(?:睛)?(?:突然)?(?:看不见|看不清|黑了|发黑|失明|什么都看不到)`, String.raw`(?:看东西|视物)重影`, '复视', String.raw`突然(?:看不见|失明|看不清)`, String.raw`(?:半边|一半)(?:视野|东西)?看不见`],
    en: [String.raw`(?:lost|loss of|losing) (?:the )?(?:vision|sight)`, String.raw`can'?t see (?:out of|with) (?:one|his|her|my|the (?:left|right)) eye`, String.raw`double vision`, String.raw`suddenly (?:can'?t see|blind)`, String.raw`curtain (?:over|coming down)`],
  },
  {
    id: 'blurred_vision',
    zh: [String.raw`看(?:东西|不)?(?:有点|很)?(?:模糊|模湖|不清楚|不清|重影)`, String.raw`(?:眼睛|看东西|视物|视力|视线)[^，。,不没无未]{0,4}(?:模糊|模湖|发花|花了|不清|重影|冒金星)`, String.raw`视(?:物|力)(?:模糊|模湖|下降)`, String.raw`眼(?:睛)?(?:发)?花`, '眼前冒金星', '眼冒金星', '眼前发黑', String.raw`眼前(?:有)?(?:闪光|黑点|冒星星)`],
    en: [String.raw`\bblurr(?:y|ed) vision\b`, String.raw`vision (?:is |went |going )?(?:blurry|blurred|fuzzy|funny|weird)`, String.raw`seeing (?:spots|stars|flashing lights|flashes)`, String.raw`spots in front of (?:my|her|his) eyes`, String.raw`\bblurry\b`],
  },
  {
    id: 'stroke_now',
    zh: [String.raw`(?:好像|可能|是不是|怕是|疑似|像是|应该是)?(?:中风|脑梗|脑卒中|卒中|脑溢血|脑出血|脑血栓)了`, String.raw`(?:中风|脑梗|脑卒中|脑溢血|脑出血)(?:的)?(?:症状|迹象|样子)(?:出现)?了`],
    en: [String.raw`\bhaving a stroke\b`, String.raw`think (?:he|she|i|my \w+|mum|mom|dad) (?:has|had|just had) a stroke`],
  },
  {
    id: 'seizure',
    zh: [
      String.raw`(?<!(?:眼皮|眼睑|肌肉|小腿|腿|胃|面肌|脸|嘴角|眼角)(?:一直|老是|总是|经常|有点|有些|在|会|偶尔)?)(?:抽搐|抽蓄)`, '抽风', '惊厥', String.raw`(?:癫痫|羊角风|羊癫疯|羊羔疯)(?:又)?(?:发作|犯)`, '口吐白沫', '两眼上翻', '眼睛上翻', String.raw`(?:突然|两眼|眼睛)(?:往上)?翻(?:白眼|上去)`, String.raw`(?:全身|四肢|身体)(?:僵硬|发硬|绷直|挺直)[^，。,不没无未]{0,4}(?:抖|抽)`, String.raw`(?:抖|抽)(?:了)?(?:[0-9一两三四五六七八九十几]+|好几)(?:分钟|分)`, String.raw`(?:四肢|全身|手脚)(?:一直)?(?:抖动|抽动|抽)`,
      String.raw`抽(?:了)?(?:[0-9一两三四五六七八九十几]+|好几)(?:分钟|分|下)`, String.raw`(?<!(?:眼皮|眼睑|肌肉|腿|脸|嘴角))一直(?:在)?抽(?![搐筋烟血水])`,
    ],
    en: [
      String.raw`(?:having|had) (?:a |another )?(?:seizure|siezure|fit|convulsion)(?! (?:med|medication|medicine|drug|tablet|disorder|history|threshold|years?))`, String.raw`(?:is|was|been|started|starts|keeps|kept|still|now) (?:seizing|fitting)`, String.raw`\bconvuls(?:ing|ions?|ed)\b`, String.raw`\bis (?:in|having) a fit\b`,
      String.raw`(?:shaking|jerking|twitching) (?:all over|uncontrollably|and (?:won'?t|doesn'?t|isn'?t) respond)`, String.raw`foaming at the mouth`, String.raw`eyes (?:rolled|rolling) (?:back|up)`, String.raw`\bseizure\b(?= (?:now|right now|for|lasting|that|just))`, String.raw`(?:just|has just|just had|looked like|looks like|like a|what looked like a|what seemed like a) (?:a |another )?(?:seizure|siezure|fit|convulsion)`,
    ],
  },
  {
    id: 'headache',
    zh: [
      String.raw`(?<![骨指舌奶乳拳丫馒喉石枕码罐锄镜龙尽源])(?:头(?![孢发绪像])|脑袋|脑门|太阳穴|前额)[^，。,不没无未]{0,3}?(?:疼|痛|胀|炸|裂|爆)`, String.raw`后脑(?:勺)?[^，。,不没无未]{0,8}(?:疼|痛)`, String.raw`头[^，。,不没无未]{0,2}(?:像|好像|跟|如)[^，。,不没无未]{0,10}(?:炸|裂|劈|砸|敲|打|爆|锤)`,
      String.raw`头(?:疼|痛)得`, '偏头痛', '头痛欲裂', String.raw`头(?:胀|疼|痛)得(?:要)?(?:裂开|列开|炸开)`,
    ],
    en: [String.raw`\bhead ?aches?\b`, String.raw`\bheadachy\b`, String.raw`head (?:is |feels (?:like it'?s )?)?(?:pounding|splitting|exploding|throbbing|killing)`, String.raw`pain (?:in|at) (?:the back of )?(?:my|his|her|the) head`, String.raw`\bmigraine\b`],
  },
  {
    id: 'thunder_quality',
    zh: [String.raw`像被(?:人)?[^，。,不没无未]{0,8}(?:砸|打|敲|劈|锤|踢)`, '雷击', '霹雳', String.raw`一下子(?:就)?(?:疼|痛)到(?:顶|极点|最)`, String.raw`瞬间(?:就)?(?:疼|痛)到(?:顶|极点|最)`, String.raw`像(?:被)?(?:雷)?炸(?:开|了)(?:一样|似的)`, String.raw`爆炸(?:样|一样|似的)`],
    en: [String.raw`\bthunderclap\b`, String.raw`\bexplosive\b`, String.raw`like (?:being |i'?d been |i was |she'?d been |he'?d been )?(?:hit|struck|kicked|smacked) (?:in|on|over|with)`, String.raw`hit by a (?:bat|hammer|brick)`, String.raw`came on (?:in|within) (?:seconds|a few seconds|a minute)`, String.raw`peaked (?:within|in) (?:a )?(?:minute|seconds)`],
  },
  {
    id: 'worst_headache',
    zh: [String.raw`(?:这辈子|一辈子|长这么大|活了这么多年|从来|从)(?:都|还)?没(?:有)?(?:这么|这样|如此)(?:疼|痛)过`, '有生以来最', String.raw`最(?:疼|痛|严重|厉害)的(?:一次)?头(?:疼|痛)`, String.raw`从没(?:有)?(?:这么|这样)(?:疼|痛)过`],
    en: [String.raw`worst (?:headache|head pain|pain)(?: (?:of|in) (?:my|his|her) life| ever)?`, String.raw`never (?:had|felt|experienced) (?:a )?(?:headache|pain) (?:like (?:this|it)|this bad|so bad)`],
  },
  {
    id: 'neck_stiff',
    zh: [String.raw`脖子(?:也|有点|很|特别)?(?:发)?(?:硬|僵|强直|梗)`, String.raw`颈(?:部|项)?(?:强直|僵硬|发硬)`, '低不下头', String.raw`低头(?:困难|低不下)`],
    en: [String.raw`stiff neck`, String.raw`neck (?:is |feels |was )?(?:really |very )?(?:stiff|rigid)`, String.raw`can'?t (?:bend|touch|put) (?:his|her|my) (?:chin|neck|head) (?:to|down|forward)`, String.raw`neck stiffness`],
  },
  {
    id: 'photophobia',
    zh: ['怕光', '畏光', '见光(?:就)?(?:难受|疼)'],
    en: [String.raw`photophobia`, String.raw`light (?:hurts|bothers) (?:my|his|her) eyes`, String.raw`can'?t (?:stand|bear|look at) (?:the )?light`, String.raw`sensitive to light`],
  },
  {
    id: 'head_trauma',
    zh: [
      String.raw`(?:磕|撞|碰|摔|砸|跌|被打)(?:到|在|伤|了|着)?[^，。,不没无未]{0,6}(?:头(?!孢|发|绪|像|一次|一回)|脑袋|后脑|额头|脑门|太阳穴)`, String.raw`(?:头(?!一次|一回|一天|两天|几天|孢)|脑袋|后脑勺?|额头|脑门)[^，。,不没无未]{0,4}(?:磕|撞|碰|摔|砸|着地|先着地|撞到|受伤)`,
      '头先着地', '车祸', String.raw`被车(?:撞|刮|碰)`, String.raw`从[^，。,不没无未]{0,8}(?:摔|掉|跌|滚)(?:了)?下来`, '高处坠落', '脑震荡',
    ],
    en: [
      String.raw`(?:hit|bumped|banged|knocked|smacked|cracked|struck|bashed) (?:his|her|my|their|the)? ?head`, String.raw`(?:hit|blow|knock|bang|bump|kick|whack|smack|punch) (?:to|on|in) (?:the|his|her|my|their) head`, String.raw`head (?:injury|trauma|knock|bump|first)`, String.raw`fell .{0,20}(?:head|stairs|ladder|roof)`, String.raw`landed on (?:his|her|my) head`,
      String.raw`\bconcussion\b`, String.raw`car (?:crash|accident)`, String.raw`(?:came|fell) off (?:my|his|her|a|the) (?:bike|horse|scooter|motorbike)`, String.raw`hit by a (?:car|bus|bike)`,
    ],
  },
  {
    id: 'amnesia',
    zh: [String.raw`(?:不记得|记不起|想不起|记不住)(?:刚才|发生|怎么|自己)?`, '失忆', '断片'],
    en: [String.raw`(?:can'?t|doesn'?t|don'?t|cannot) remember (?:what happened|the fall|anything|hitting)`, String.raw`memory loss`, String.raw`keeps asking the same (?:question|thing)`],
  },
  {
    id: 'csf_leak',
    zh: [String.raw`(?:鼻子|鼻孔|耳朵)(?:里)?[^，。,不没无未]{0,4}(?:流|滴|淌|冒)(?:出)?(?:清水|清亮|透明|水|血)`, '脑脊液'],
    en: [String.raw`clear (?:watery )?(?:fluid|liquid|stuff)[^.]{0,30}(?:nose|ear)`, String.raw`(?:blood|fluid) (?:coming |dripping |leaking )?(?:from|out of) (?:his|her|my) ears?`],
  },
];
