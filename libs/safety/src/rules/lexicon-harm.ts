// Self-harm, poisoning, glucose and bleeding lexicons.
import type { ConceptDef } from './concept-types';

export const HARM_CONCEPTS: readonly ConceptDef[] = [
  {
    id: 'suicidal',
    zh: [
      String.raw`不想(?:再)?活(?:了|下去|着)?`, String.raw`活不(?:想)?下去`, String.raw`活着(?:真的|真|也|都)?没(?:有)?(?:意思|意义|劲|盼头)`, '活不下去', '想死', String.raw`(?:想|要|准备|打算)(?:去)?自杀`, '去死', '一了百了', String.raw`结束(?:自己的)?(?:生命|一切)`, String.raw`了结(?:自己|生命)`, '轻生', '寻死',
      String.raw`(?:想|要|准备|打算)(?:去)?(?:跳楼|跳河|跳江|跳海|跳桥|上吊|割腕|烧炭|卧轨)`, String.raw`(?:想|要|准备|打算)[^，。,不没无未]{0,6}(?:跳下去|跳下来)`, String.raw`(?:想|要|准备|打算|决定)(?:去)?[^，。,不没无未]{0,3}(?:喝农药|喝药|吃安眠药|服毒|吞药|开煤气|烧炭|割腕|上吊|跳楼|自杀)`, String.raw`攒(?:了)?[^，。,不没无未]{0,6}(?:安眠药|药)`, String.raw`囤(?:了)?[^，。,不没无未]{0,4}安眠药`, '遗书', String.raw`(?:不会再有人|没人|没有人|谁也|谁都)(?:能)?(?:拦|拦得住|拦住|拉住)(?:着|住)?(?:我)?`, String.raw`想好(?:了)?(?:怎么)?(?:死|走|结束|了断)`, String.raw`(?:想|总想|又想)(?:拿刀|用刀)?(?:划|割|伤害)自己`, String.raw`(?:不如|还不如|只想)死了(?:算了)?`, '离开这个世界', String.raw`不想(?:再)?醒来`, String.raw`(?:再也)?不(?:要|想)(?:再)?醒(?:来|过来)`, String.raw`(?:安眠药|药)[^，。,不没无未]{0,6}攒(?:了|够)`, String.raw`(?:想|要)(?:伤害|结束)自己`, '伤害自己', '自我了断',
    ],
    en: [
      String.raw`(?:kill|killing|end|ending) (?:myself|himself|herself|themselves|my life|his life|her life|it all)`, String.raw`\bsuicid(?:e|al)\b`, String.raw`(?:want|wanna|going|plan|planning) to die\b(?! (?:of|from) (?:embarrassment|laughing|shame|boredom))`,
      String.raw`don'?t want to (?:live|be alive|be here|wake up|exist)`, String.raw`better off (?:dead|without me)`, String.raw`goodbye (?:letters?|notes?)`, String.raw`suicide note`, String.raw`(?:counted|saving|saved|stockpil\w+|hoard\w*) (?:out |up )?(?:all )?(?:of )?(?:my |the |her |his )?(?:pills|tablets|meds)`,
      String.raw`no reason to (?:live|go on)`, String.raw`(?:want|wanna) to disappear(?: forever| for good)`, String.raw`how many (?:pills|tablets|paracetamol)[a-z ]{0,20}(?:take|kill|die|enough)`, String.raw`(?:looking up|researching|googling|searching) (?:how to|ways to) (?:die|kill|end)`, String.raw`(?:hang|shoot|drown|poison) (?:himself|herself|myself|themselves)`, String.raw`(?:jump|throw (?:myself|himself|herself)) (?:off|from|in front of)`, String.raw`take my (?:own )?life`, String.raw`(?:want|going|plan|planning|thought about|thinking about|urge|urges) to (?:hurt|harm) (?:myself|himself|herself)`, String.raw`\bharm(?:ing)? (?:myself|himself|herself)\b`, String.raw`can'?t go on (?:anymore|like this)`, String.raw`(?:going to|gonna|want to|wanna|will|plan to|about to) end it\b(?! with)`, String.raw`\bnoose\b`, String.raw`(?:going to|gonna|will|plan to|about to) take (?:them all|all of them|all (?:my|the|of my) (?:pills|tablets|meds))`, String.raw`(?:pills|tablets) (?:lined up|ready|counted out)`, String.raw`no point (?:anymore|in living|going on|to living)`, String.raw`tonight'?s the night`, String.raw`(?:put|putting|get|getting|got) my affairs in order`, String.raw`(?:suicide|goodbye|final|farewell) (?:note|letter|message)s?`, String.raw`(?:the )?rope (?:is )?ready`,
    ],
  },
  {
    id: 'self_harm',
    zh: [String.raw`(?:割|划)(?:了)?(?:手腕|腕)`, String.raw`(?:故意|自己)(?:割|划|切)(?:了)?(?:自己|手)`, String.raw`(?:划|割)(?:了)?(?:自己的)?(?:手臂|胳膊|手腕|腕|大腿)`, String.raw`(?:手腕|胳膊|手臂|大腿)(?:上)?[^，。,不没无未]{0,6}(?:划|割)(?:的|了|出)?(?:口子|伤|痕)`, '自残', '自伤', '自虐', String.raw`(?<!不小心|不留神|没注意)(?:拿刀|用刀|用刀片)?(?:划|割)(?:伤)?(?:了)?自己`],
    en: [String.raw`self[- ]?harm(?:ing|ed)?`, String.raw`(?:been |started |keeps? |kept )?(?:cutting|burning) (?:myself|himself|herself)`, String.raw`cut (?:myself|himself|herself) (?:on purpose|deliberately)`, String.raw`cuts? on (?:his|her|my) (?:wrists?|arms?|thighs?)`],
  },
  {
    id: 'ingest',
    zh: ['吃了', '吞了', '服了', '喝了', '吃下', '吞下', '服下', '喝下', '嚼了', '嚼碎', String.raw`都(?:吃|吞|嚼|喝)了`, '误服', '误食', '误吃', '误喝', '一口气吃', '偷吃', '偷喝', '一次性吃', '全吃了', '吃掉'],
    en: [String.raw`\b(?:took|taken|taking|swallowed|ate|eaten|drank|drunk|downed|necked|consumed)\b`],
  },
  {
    id: 'large_quantity',
    zh: [String.raw`(?:十几|几十|二三十|一大把|一把|整整?|一整|满满|好多|很多|一大堆|一堆|大量)(?:片|粒|颗|板|瓶|盒)`, String.raw`(?:一|半|整)(?:瓶|盒|板)[^，。,不没无未]{0,6}(?:药|片|胶囊)`, String.raw`(?:一大把|一把|一堆|一大堆)(?:的)?[^，。,不没无未]{0,4}(?:药|片|胶囊)`, String.raw`(?:[1-9][0-9]+)\s*(?:片|粒|颗)`, '全部的药', '所有的药'],
    en: [
      String.raw`(?:about |around |like |maybe |over |at least )?(?:[1-9]\d+|a dozen|dozens of|twenty|thirty|forty|fifty) (?:x )?(?:paracetamol|pills|tablets|capsules|caps|acetaminophen|tylenol|ibuprofen|aspirin|sleeping pills|of (?:my|her|his|the) \w+)`,
      String.raw`(?:a|the|her|his|my) (?:whole|full|entire) (?:bottle|box|packet|pack|strip|blister) of (?:\w+ )?(?:pills|tablets|capsules|meds|medicine|paracetamol|acetaminophen|tylenol|ibuprofen|aspirin|sleeping pills)`, String.raw`(?:a )?handful of (?:\w+ )?(?:pills|tablets|capsules|meds|paracetamol|sleeping pills)`, String.raw`(?:a load|loads|lots|a lot|a bunch|a heap|a pile|tons) of (?:[a-z']+ ){0,3}(?:pills|tablets|capsules|meds|paracetamol|painkillers)`, String.raw`all (?:of )?(?:my|her|his|the) (?:pills|tablets|meds|medication)`,
    ],
  },
  {
    id: 'some_quantity',
    zh: [String.raw`(?:好几|几|两三|三四|多)(?:片|粒|颗)`, String.raw`[2-9]\s*(?:片|粒|颗)`],
    en: [String.raw`(?:some|a few|several|a couple of|two|three|four|five|\d) (?:of )?(?:the |my |her |his |their )?(?:[a-z]+ ){0,2}(?:pills|tablets|capsules|gummies)`],
  },
  {
    id: 'medication',
    zh: ['药', '安眠药', '安定', '降压药', '降糖药', '胰岛素', '退烧药', '扑热息痛', '对乙酰氨基酚', '布洛芬', '阿司匹林', '抗抑郁', '思诺思', '艾司唑仑', '阿普唑仑', '地西泮', '华法林', '二甲双胍', '铁剂', '维生素'],
    en: [String.raw`\b(?:pills?|tablets?|meds|medications?|medicine|paracetamol|acetaminophen|tylenol|panadol|ibuprofen|advil|aspirin|sleeping pills|antidepressants?|insulin|sertraline|diazepam|benzos?|opioids?|oxycodone|codeine|tramadol|iron tablets|vitamins?)\b`],
  },
  {
    id: 'toxin_strong',
    zh: ['农药', '百草枯', '敌敌畏', '敌百虫', '老鼠药', '鼠药', '毒鼠强', '杀虫剂', '除草剂', '甲醇', '假酒', '洗衣凝珠', '纽扣电池', '漂白', String.raw`84(?:消毒液|液)`, '消毒液', '强酸', '强碱', '硫酸', '盐酸', '管道疏通', '毒蘑菇', '野蘑菇', '河豚', '汽油', '煤油', '防冻液', '洁厕', '洗碗块', '洗碗机清洁', '干燥剂'],
    en: [String.raw`\bbleach\b`, String.raw`antifreeze`, String.raw`pesticide`, String.raw`weed ?killer`, String.raw`paraquat`, String.raw`rat poison`, String.raw`button batter(?:y|ies)`, String.raw`methanol`, String.raw`drain cleaner`, String.raw`\bcaustic\b`, String.raw`laundry (?:pod|capsule|tablet)s?`, String.raw`(?:wild|poisonous) mushrooms?`, String.raw`\bpetrol\b|\bgasoline\b`, String.raw`dishwasher (?:tablets?|pods?|capsules?|detergent)`, String.raw`(?:cleaning|washing) (?:products?|liquid|fluid)`, String.raw`\bdetergent\b`],
  },
  {
    id: 'accidental_ingest',
    zh: ['误服', '误食', '误吃', '误喝', '偷吃', '偷喝', String.raw`趁[^，。,不没无未]{0,8}(?:不注意|没注意|没看见|没看住|不在)`, String.raw`把[^，。,不没无未]{0,16}(?:药|片|胶囊|凝珠|电池|消毒液|pills?|tablets?|meds)[^，。,不没无未]{0,4}(?:吃|吞|喝|嚼)(?:了|下)`, '当糖吃', String.raw`不小心(?:吃|喝|吞)`, String.raw`(?:吃|吞|喝)(?:了)?(?:我的|奶奶的|爷爷的|姥姥的|姥爷的|外婆的|外公的|大人的|老人的|妈妈的|爸爸的)[^，。,不没无未]{0,6}(?:药|片)`, String.raw`当成[^，。,不没无未]{0,4}(?:吃|喝)(?:了|下)`],
    en: [String.raw`accidentally (?:took|swallowed|ate|drank|taken|had)`, String.raw`got (?:into|hold of) (?:the|my|her|his|grandma'?s|grandpa'?s|nan'?s) [a-z' ]{0,20}(?:pills|tablets|medicine|meds|bottle|cupboard)`, String.raw`ate some of (?:my|her|his|the|grandma'?s|grandpa'?s) [a-z' ]{0,15}(?:pills|tablets|gummies)`, String.raw`thought (?:they|it) (?:were|was) (?:sweets|candy)`, String.raw`got into (?:my|the|her|his|grandma'?s|nan'?s) (?:handbag|bag|purse|medicine cabinet|cupboard|drawer|pill box|pillbox)`, String.raw`(?:swallowed|ate|took|drank|had) (?:some of |a few of |one of |all of )?(?:my|mum'?s|mom'?s|dad'?s|grandma'?s|grandpa'?s|nan'?s|granny'?s) [a-z' ]{0,20}(?:pills|tablets|medicine|meds|capsules)`],
  },
  {
    id: 'overdose_word',
    zh: [String.raw`(?:吃|服)(?:药|了药)?过量`, String.raw`过量(?:服用|服药|吃药)`, String.raw`大量服(?:用|药)`, '服药自杀'],
    en: [String.raw`\boverdos(?:e|ed|ing)\b`, String.raw`\bod'?d\b`, String.raw`took (?:way )?too many`, String.raw`taken (?:way )?too many`, String.raw`took (?:an|a massive) overdose`, String.raw`overdosed on`],
  },
  {
    id: 'co_source',
    zh: ['炭盆', '烧炭', '炭火', '炭炉', '煤炉', '煤球', '蜂窝煤', '一氧化碳', String.raw`(?:煤气|燃气|天然气)(?:泄漏|漏了|漏气|中毒|味)`, String.raw`热水器[^，。,不没无未]{0,6}(?:洗澡|漏|没关)`, '烤火'],
    en: [String.raw`carbon monoxide`, String.raw`\bco (?:alarm|detector|poisoning)\b`, String.raw`charcoal (?:grill|burner|stove|bbq|barbecue)`, String.raw`gas (?:leak|heater|fire)`, String.raw`generator (?:running |on )?(?:inside|indoors|in the (?:garage|house))`, String.raw`(?:bbq|barbecue) (?:inside|indoors)`],
  },
  {
    id: 'toxin_exposure',
    zh: [String.raw`(?:喷|打|洒|配|接触|吸入|闻了|沾|熏)(?:了)?[^，。,不没无未]{0,4}(?:农药|杀虫剂|除草剂|敌敌畏|百草枯|毒气|化学品|油漆|甲醛|氯气)`],
    en: [String.raw`(?:sprayed|spraying|exposed to|inhaled|breathing in|breathed in) (?:\w+ )?(?:pesticides?|insecticides?|weed ?killer|chemicals?|fumes|chlorine|gas)`],
  },
  {
    id: 'closed_space',
    zh: [String.raw`门窗(?:都|也|紧)?(?:是)?(?:关|紧闭|没开)`, '密闭', '没开窗', '不通风', '车库', '地下室', String.raw`车里(?:开着空调|睡)`],
    en: [String.raw`windows (?:were |are )?(?:shut|closed)`, String.raw`no ventilation`, String.raw`(?:in|inside) the (?:garage|car with the engine)`],
  },
  {
    id: 'group_affected',
    zh: [String.raw`(?:全家|一家(?:人|[三四五六]口)?|我们(?:[两三四五几]个(?:人)?)?|[两三四五几]个人|大家)(?:都|全都|同时|一起)`],
    en: [String.raw`(?:we|all of us|everyone|the whole family|both of us) (?:all |both )?(?:have|has|got|feel|are|woke up)`],
  },
  {
    id: 'snake_bite',
    zh: [String.raw`被(?:毒)?蛇咬`, '毒蛇', '蛇咬伤'],
    en: [String.raw`snake ?bite`, String.raw`bitten by a (?:snake|adder|viper)`],
  },
  {
    id: 'poisoned_now',
    zh: [String.raw`(?:农药|一氧化碳|煤气|酒精|药物|亚硝酸盐)中毒(?:了)?`, String.raw`(?:好像|可能|是不是)中毒了`],
    en: [String.raw`(?:been|was|got|is) poisoned`, String.raw`alcohol poisoning`],
  },
  {
    id: 'diabetes_context',
    zh: ['糖尿病', '胰岛素', '降糖药', '格列', String.raw`[12一二]型`],
    en: [String.raw`\bdiabet(?:es|ic)\b`, String.raw`\binsulin\b`, String.raw`\btype [12]\b`, String.raw`\bt[12]d\b`],
  },
  {
    id: 'hypo_word',
    zh: ['低血糖'],
    en: [String.raw`\bhypo(?:glyc(?:a)?emi[ac])?\b`, String.raw`(?:blood )?sugar (?:is |was |went |dropped |crashed )?(?:very |really |too )?low`, String.raw`low (?:blood )?sugar`],
  },
  {
    id: 'hyper_crisis_word',
    zh: ['酮症', '酸中毒', '高渗'],
    en: [String.raw`\bdka\b`, String.raw`ketoacidosis`, String.raw`\bhhs\b`],
  },
  {
    id: 'ketones',
    zh: [String.raw`(?:尿|血)?酮(?:体)?(?:阳性|\+|[1-4]\+|很高|偏高|高)`],
    en: [String.raw`ketones? (?:are |is |were )?(?:high|positive|large|moderate|\d(?:\.\d)?)`, String.raw`(?:high|large|moderate|positive) ketones`],
  },
  {
    id: 'dka_breathing',
    zh: [String.raw`呼吸(?:又)?深(?:又)?(?:快|大)`, '深大呼吸', '烂苹果味', String.raw`呼吸(?:有|带)(?:股)?(?:烂)?(?:苹果|水果)味`],
    en: [String.raw`breathing (?:\w+ )?(?:deep(?:ly)?|heavy|heavily) and (?:\w+ )?(?:fast|quick(?:ly)?|rapid(?:ly)?)`, String.raw`breathing (?:\w+ )?(?:fast|quick(?:ly)?|rapid(?:ly)?) and (?:\w+ )?deep(?:ly)?`, String.raw`\bkussmaul\b`, String.raw`(?:fruity|pear ?drops?|acetone) (?:breath|smell)`, String.raw`breath smells (?:fruity|sweet|of acetone|like pear)`],
  },
  {
    id: 'hematemesis',
    zh: [String.raw`(?:吐|呕)(?:了|出)?(?:(?!痰|口水|唾沫|血)[^，。,不没无未]){0,4}血(?![压糖常脂管型小象清丝])`, '呕血', '咖啡渣', String.raw`呕吐物(?:里|中)?(?:有|带)血`, String.raw`吐出(?:来)?(?:的)?(?:是|都是)?(?:血|鲜血)`],
    en: [String.raw`(?:vomit(?:ed|ing)?|throw(?:ing)? up|threw up|thrown up|bringing up|sick(?:ing)? up) (?:up )?(?:[a-z]+ ){0,3}blood\b`, String.raw`coffee[- ]grounds?`, String.raw`blood in (?:my|his|her|the) (?:vomit|sick)`],
  },
  {
    id: 'hemoptysis_heavy',
    zh: [String.raw`咳(?:出)?(?:了)?(?:一|几|好几)?(?:大口|大量|满口|一口一口)(?:的)?(?:鲜)?血`, String.raw`(?:大口|大量)咯血`],
    en: [String.raw`coughing up (?:a lot of|lots of|a cup of|mouthfuls of|loads of) blood`, String.raw`coughed up (?:a lot of|lots of|a cup of|mouthfuls of) blood`],
  },
  {
    id: 'melena',
    zh: ['黑便', String.raw`大便(?:发|是|变|呈|都)?黑`, String.raw`拉(?:的)?(?:是)?黑(?:色)?(?:的)?(?:便|屎|大便)`, String.raw`便(?:是)?黑(?:色)?的`, '柏油'],
    en: [String.raw`(?:poo|poop|stool|stools|bowel movements?|motions)[^,.]{0,25}(?:black|like tar|tarry)`, String.raw`black (?:tarry |sticky )?(?:poo|poop|stools?)`, String.raw`\bmelaena\b|\bmelena\b`],
  },
  {
    id: 'melena_tarry',
    zh: ['柏油', String.raw`黑(?:色)?(?:的)?(?:又)?(?:黏|粘)(?:糊糊)?(?:的)?(?:大便|便)`],
    en: [String.raw`(?:like|looks like) tar\b`, String.raw`\btarry\b`, String.raw`black and sticky`],
  },
  {
    id: 'bleeding_uncontrolled',
    zh: [
      String.raw`(?:血)?止不住(?:血)?`, '流血不止', '出血不止', String.raw`(?:一直|还在|不停(?:地)?)(?:往外)?(?:流|冒|渗|淌|喷|滴)血`, String.raw`(?:按|(?<!血)压|捂)(?:了|着)?[^，。,不没无未]{0,10}(?:还是|还|也|都|仍)(?:在)?(?:往外)?(?:冒|流|渗|出血)`,
      String.raw`血(?:流|喷|冒)(?:个)?不停`, String.raw`血[^，。,不没无未]{0,6}(?:往外|向外)(?:流|冒|喷|涌|淌)`, String.raw`(?:喷|涌)(?:出|了)(?:好多|很多)?血`, String.raw`血(?:一直|还在|还|不停地?|止不住地?|哗哗地?|汩汩地?)(?:往外)?(?:流|冒|渗|淌|喷|涌)`, '血流如注', '喷血', String.raw`(?:纱布|卫生巾|护垫|止血棉)[^，。,不没无未]{0,6}(?:湿透|浸透|透了)`, String.raw`(?:一会儿|很快|马上|没多久|半小时|一小时|一个小时)(?:就)?(?:湿透|浸透)`, String.raw`(?:湿透|浸透)[^，。,不没无未]{0,4}(?:卫生巾|护垫|纱布)`, String.raw`(?:一个?小时|半小时)[^，。,不没无未]{0,4}(?:就)?(?:换|湿)(?:了)?[^，。,不没无未]{0,3}(?:卫生巾|护垫)`, String.raw`血[^，。,不没无未]{0,6}(?:湿透|浸透)`,
    ],
    en: [
      String.raw`(?:won'?t|will not|doesn'?t|does not|isn'?t|not) (?:stop|stopping) bleeding`, String.raw`bleeding (?:won'?t|will not|doesn'?t|hasn'?t|isn'?t|did not|didn'?t) (?:stop|slow)`, String.raw`(?:can'?t|cannot|couldn'?t) (?:stop|control) the bleeding`,
      String.raw`bleeding (?:heavily|profusely|badly|a lot|everywhere)`, String.raw`bleeding (?:through|thru) (?:\w+ ){0,2}(?:towels?|bandages?|dressings?|pads?|gauze|cloths?|t-?shirts?|tea towels?)`, String.raw`(?:nose ?bleed|bleed|bleeding|cut|wound)[^.]{0,30}(?:won'?t|will not|doesn'?t|hasn'?t|isn'?t|is not|not) (?:stop|stopping|stopped|slowing)`, String.raw`soak(?:ed|ing|s)? (?:through|thru) (?:a |the |my |her |his )?(?:\d+ )?(?:pads?|towels?|dressings?|bandages?|gauze|tampons?|sanitary)`, String.raw`spurting`, String.raw`(?:pouring|gushing) (?:out )?blood`, String.raw`blood (?:is |was |keeps |keep )?(?:everywhere|pouring|spurting|gushing|streaming|pumping)`,
    ],
  },
  {
    id: 'deep_wound',
    zh: ['深口子', String.raw`很深的(?:口子|伤口)`, String.raw`(?:口子|伤口)(?:很|特别|挺)?深`, String.raw`(?:能)?看(?:到|见)(?:白色的)?(?:脂肪|骨头|肉)`, '皮肉翻开', '断指', '切断'],
    en: [String.raw`deep (?:cut|wound|gash|laceration)`, String.raw`(?:it'?s|it is|cut is|wound is|cut's) (?:really |very |quite )?deep`, String.raw`can see (?:the )?(?:bone|fat|tendon)`, String.raw`\bgaping\b`, String.raw`(?:cut|chopped) off`],
  },
  {
    id: 'high_risk_med',
    zh: ['降糖药', '格列', '胰岛素', '降压药', '华法林', '安眠药', '地西泮', '阿普唑仑', '艾司唑仑', '抗抑郁药', '阿片', '吗啡', '芬太尼', '美沙酮', '曲马多', '可待因', '地高辛', '铁剂', '对乙酰氨基酚', '扑热息痛', '心脏药', '精神科的药'],
    en: [String.raw`\b(?:insulin|gliclazide|glipizide|glimepiride|sulfonylureas?|warfarin|opioids?|morphine|fentanyl|methadone|oxycodone|tramadol|codeine|digoxin|beta[- ]blockers?|iron (?:tablets|pills)|paracetamol|acetaminophen|tylenol|benzodiazepines?|diazepam|clonazepam|antidepressants?|amitriptyline|lithium|heroin)\b`],
  },
  {
    id: 'heavy_bleeding',
    zh: ['大出血', '大量出血', String.raw`(?:全是|都是)(?:鲜)?血`, String.raw`满(?:地|马桶|床|身)(?:都是)?(?:的)?血`, '一马桶血', String.raw`(?:出|流)了(?:好|很|特别)多血`, String.raw`一(?:大)?(?:滩|盆|摊)血`],
    en: [String.raw`(?:a lot of|lots of|loads of|so much|huge amount of) blood`, String.raw`haemorrhag(?:e|ing)|hemorrhag(?:e|ing)`, String.raw`massive bleed`, String.raw`losing (?:a lot of )?blood`],
  },
  {
    id: 'bleeding_heavy_amount',
    zh: [String.raw`(?:出血|流血|血)?量(?:特别|非常|很|超级|突然)(?:大|多)`, String.raw`(?:出血|流血)(?:特别|非常|很)多`],
    en: [String.raw`(?:very|really|extremely|super) heavy (?:bleeding|period|flow)`, String.raw`bleeding (?:very|really) heavily`],
  },
  {
    id: 'bleeding_generic',
    zh: [String.raw`(?<![鼻牙龈痔疮眼])(?:出血|流血)`, '见红', '便血', '尿血', String.raw`(?:大便|拉|屎)(?:的)?(?:全是|都是|带|有)?(?:鲜)?血`],
    en: [String.raw`\bbleed(?:ing|s)?\b`, String.raw`\bblood loss\b`],
  },
];
