import type { CueRule } from './rule-types';
import { DISEASE_END } from './rules-zh-shared';
import { ZH_TOPIC_RULES } from './rules-zh-topics';

// Chinese intent cues. Each pattern keys on how people ASK for a kind of help
// (the question form), not on topic words, so a symptom mentioned as background
// never becomes a task by itself. Weights: 4 decisive, 3 strong, 2 supportive, 1 weak.

export const ZH_RULES: readonly CueRule[] = [
  // risk_triage: seriousness, urgency, whether/when/where to be seen, personal risk.
  {
    id: 'zh.risk.serious',
    type: 'risk_triage',
    w: 3,
    re: /严重(吗|嘛|么|马|不|伐)|严不严重|严重不严重|要紧(吗|嘛|不)|要不要紧|打紧|危险(吗|嘛|不)|危不危险|有没有(什么)?危险|会不会有(什么)?危险|有危险吗/,
  },
  {
    id: 'zh.risk.see_doctor',
    type: 'risk_triage',
    w: 3,
    re: /(要不要|需不需要|需要|用不用|该不该|应不应该|是否(需要|应该)?|必须|有没有必要|有必要|该)(马上|立即|立刻|尽快|进快|赶紧|赶快|现在|专门|再|早点|定期|经常|每年|长期|还)?(去|上|到|找|挂)?(看|找)?(医院|就医|就诊|看医生|看医省|看病|急诊|门诊|挂号|住院|专科|医生|大夫|[^，。？?]{0,4}科)/,
  },
  {
    id: 'zh.risk.when',
    type: 'risk_triage',
    w: 3,
    re: /(何时|什么时候|啥时候|多久)(该|要|需要|应该|得)?(去)?(就医|看医生|去医院|就诊|复查|去看|上医院)|(多大|几岁|什么年龄|多少岁|哪个年龄)(就)?(应该|该|要|需要|得)?(开始)?(做|查|筛查|去查|去做)|(什么时候|何时|啥时候)(才)?(需要|要|该|得)(去)?(做)?(手术|治疗|处理|住院|开刀)/,
  },
  { id: 'zh.risk.department', type: 'risk_triage', w: 3, re: /(挂|看|去|找)(什么|哪个|哪|啥|哪一)个?科/ },
  {
    id: 'zh.risk.estimate',
    type: 'risk_triage',
    w: 3,
    re: /风险(算|会|是不是|是否)?(高|大|有多|多大|高不高|大不大|怎么样|如何|是多少)|(几率|概率|可能性|可能|机会|机率)(算|会)?(大|多大|有多|高|是多少)|患病风险|发病风险/,
  },
  {
    id: 'zh.risk.will_get',
    type: 'risk_triage',
    w: 2,
    unless: /哪(种|类|个|些|一种|一类)/,
    re: /(会不会|容易|以后会|将来会)(得|患|变成|发展成|进展为|转成|癌变|恶变)|(会不会|以后会|将来会|会)(继续|慢慢|越来越)?(发展|进展|恶化|加重|走)到|(会不会|会)(恶化|加重|进展|拖成)(吗|嘛)?[？?]?$/,
  },
  // Follow-up cadence ("多久去一次肾内科/多久查一次眼底/隔多久复查"): when to be seen again is triage.
  {
    id: 'zh.risk.follow_up',
    type: 'risk_triage',
    w: 3,
    re: /(多久|多长时间|多少时间|隔多久|间隔多久|几个月|一年几次)(要|该|需要|得|应该)?(去|看|复查|随访|复诊)[^，。？?]{0,4}(一)?次|(多久|多长时间|什么时候)(要|该|需要|得|应该)?(再)?(复查|随访|复诊)|(我|他|她|孩子|宝宝|我妈|我爸|老人)[^，。？?]{0,8}(多久|隔多久)(要|该|需要|得)?(查|做|拍|照)[^，。？?]{0,4}(一)?次/,
    // A named guideline's interval is the guideline's answer; a test's usual interval is knowledge.
    unless: /指南|共识|研究|疫苗|接种|加强针|建议|推荐/,
  },
  // "需要赶紧去吗/要马上去医院吗": whether to go now.
  {
    id: 'zh.risk.go_now',
    type: 'risk_triage',
    w: 3,
    re: /(赶紧|马上|尽快|立刻|立即|现在就)(去|看|上医院|就医)|^(那)?(需要|要|得|该|用不用|要不要|需不需要)(赶紧|马上|尽快)?去(一趟|看看|看一下)?(吗|嘛|呢|不)?[？?]?$/,
  },
  {
    id: 'zh.risk.will_harm',
    type: 'risk_triage',
    w: 3,
    re: /会不会(出|有)(什么)?(问题|事)|有没有(什么)?(大)?问题(吗|嘛)?$/,
  },
  { id: 'zh.risk.high_risk', type: 'risk_triage', w: 3, re: /高危(吗|嘛|不|人群)|算(不算)?(高危|危险|严重)/ },
  {
    id: 'zh.risk.wait',
    type: 'risk_triage',
    w: 2,
    re: /(能不能|可以|可不可以|能否|能)(先)?(等|观察|拖)|在家(观察|处理)|观察(一下|几天)?就(行|可以)/,
  },
  {
    id: 'zh.risk.need_check',
    type: 'risk_triage',
    w: 3,
    re: /(需不需要|要不要|用不用|需要|有必要)(再|专门|马上|尽快|定期|经常|每年|提前|还|早点)?(去)?(做|查|检查|筛查|复查|拍片|拍|照)[^，。？?]{0,5}(吗|嘛|呢|不)?[？?]?$/,
    // Checking antibodies after a vaccine course is a vaccine question, not triage.
    unless: /抗体|疫苗|什么|哪些|啥|哪个|哪种|多少|多高|多大/,
  },
  { id: 'zh.risk.worry', type: 'risk_triage', w: 2, re: /(需要|要|用|值得)担心/ },
  {
    id: 'zh.risk.big_deal',
    type: 'risk_triage',
    w: 3,
    re: /问题大(不大|吗|嘛)|(有|有没有)(什么)?大问题|大不大(碍|事)|碍事(吗|嘛|不)|下一步(怎么办|该怎么|做什么)|该怎么办|(多大|多少)(的)?(可能|希望)/,
  },
  {
    id: 'zh.risk.treat_now',
    type: 'risk_triage',
    w: 3,
    re: /(需要|要|需不需要|要不要|用不用|该不该|必须|得)(开始|马上|尽快|现在|立刻)*(吃|用|打)[^，。？?]{0,5}药(吗|嘛|呢|不)?|(需要|要)(治疗|处理|干预|手术)(吗|嘛|不)|(要不要|需不需要|用不用|需要|有没有必要|有必要)[^，。？?]{0,4}(治疗|处理|干预|手术|抗凝|用药|打针|输液|住院|穿刺|活检|开刀|切除|切掉|呼吸机|支具|助听器|起搏器)|(是不是|要不要|需不需要|该不该|需要|该)(加|换|调|减|停)(药|量)|(是不是|要不要|需不需要|该不该|需要|该)[^，。？?]{0,2}(升级|加强|调整|更换|增加|减少)(用药|药物|治疗|剂量)/,
  },
  {
    id: 'zh.risk.remaining',
    type: 'risk_triage',
    w: 4,
    // "我妈这个还有多长时间": a personal prognosis, unlike "这种病能活多久" (knowledge).
    re: /还(有|能活|剩)(多长时间|多久|几年|多少时间)|还能活(多久|多长|几年)/,
  },
  // "我这种预后怎么样": a personal prognosis (a general "这种癌预后好吗" is knowledge).
  {
    id: 'zh.risk.own_prognosis',
    type: 'risk_triage',
    w: 3,
    re: /(我|他|她|我妈|我爸|孩子|宝宝|我这种|我这个)(的)?(情况)?预后/,
  },
  { id: 'zh.risk.normal', type: 'risk_triage', w: 1, re: /正常吗|正常不|是否正常/ },
  // "家里人有糖尿病，我会不会也有": whether the user will have it too is a personal risk.
  {
    id: 'zh.risk.me_too',
    type: 'risk_triage',
    w: 3,
    re: /(我|他|她|孩子|宝宝|我家|我们)[^，。？?]{0,4}(会不会|会|容不容易)(也|都)(有|得|遗传|中招)/,
  },
  // "尿酸520算高吗 / 这个数高不高": whether the user's value is too high is a seriousness question.
  {
    id: 'zh.risk.value_high',
    type: 'risk_triage',
    w: 2,
    re: /(算|是)(不是)?(偏|有点|太)?(高|低|超标)(了)?(吗|嘛|么|不)[？?]?$|算不算(偏)?(高|低)(?=$|[了啊呢吗？?])|(高|低)不(高|低)[？?]?$|超标(了)?(吗|嘛|没)/,
  },
  {
    id: 'zh.risk.control_ok',
    type: 'risk_triage',
    w: 2,
    re: /(控制|control|控)(得|的)?(算)?(好不好|好吗|好嘛|怎么样|如何|还行|还可以|行不行|算好|够不够好|达标(了)?(吗|没))/i,
  },

  // symptom_analysis: what is causing the symptoms, is it disease X, which tests.
  {
    id: 'zh.sym.cause',
    type: 'symptom_analysis',
    w: 3,
    re: /(什么|啥|哪些|神么)(原因|缘故|毛病)|原因是什么|原因有哪些|为什么会|为啥会|怎么会/,
  },
  { id: 'zh.sym.what_happened', type: 'symptom_analysis', w: 3, re: /(怎么|咋|啥)(一)?回事|怎么了|咋了/ },
  {
    id: 'zh.sym.is_it',
    type: 'symptom_analysis',
    w: 3,
    unless:
      /容易|指南|共识|研究|试验|文献|是不是(就)?(算|属于|等于|意味着|代表|说明|一定|肯定)|是不是对[^，。？?]{0,8}(好|有益|有害|有好处|有帮助|不好)/,
    re: /是不是(得了|的了|有了|患了|又|缺)|是不是[^，。？?]{1,12}(引起|导致|造成|闹|犯了|副作用|问题|原因|症状|表现|症|病|炎|癌|瘤|感染|到了|过敏|有关)|是缺|缺(钙|铁|锌|维生素|血|氧)(吗|嘛|引起|导致)|缺(什么|啥|哪种|哪些)/,
  },
  // Any other "是不是X" is still a diagnosis question unless X is about what to do.
  {
    id: 'zh.sym.is_it_weak',
    type: 'symptom_analysis',
    w: 2,
    re: /是不是/,
    unless:
      /是不是[^，。？?]{1,10}(才|就)会|是不是(就)?(要|该|应该|需要|得|都|一定|肯定|等于|意味着|代表|说明|必须|每|可以|能|只|不能|不用|最好|正常|严重|太|更|容易|真的|算|属于|一(吃|用|打))|药[^，。？?]{0,4}是不是|是不是对[^，。？?]{0,8}(好|有益|有害|有好处|有帮助|不好)|指南|共识|研究|试验|文献/,
  },
  {
    id: 'zh.sym.caused_by',
    type: 'symptom_analysis',
    w: 3,
    re: /[^，。？?]{1,12}(引起|导致|造成|闹)的(吗|嘛|么|不|呢|吧)/,
  },
  {
    id: 'zh.sym.side_effect',
    type: 'symptom_analysis',
    w: 4,
    re: /是[^，。？?]{0,10}(副作用|不良反应)(吗|嘛|么|呢|吧|[？?]|$)/,
  },
  {
    id: 'zh.sym.could_be',
    type: 'symptom_analysis',
    w: 2,
    re: /(会不会是|可不可能是|会是|可能是|难道是|莫非是)[^，。？?]{1,12}/,
  },
  {
    id: 'zh.sym.is_disease',
    type: 'symptom_analysis',
    w: 2,
    re: new RegExp(
      `是[^，。？?]{0,10}(${DISEASE_END}|甲亢|甲减|痛风|贫血|结石|过敏|感冒|抑郁|焦虑|更年期|不好)(吗|嘛|么|吧)`,
    ),
  },
  {
    id: 'zh.sym.tests',
    type: 'symptom_analysis',
    w: 3,
    unless: /体检|筛查|是(用来)?(查|检查|看|测)(什么|啥|哪些)的|(查|检查|看|测)的是(什么|啥|哪些)/,
    re: /(怎么|如何)(判断|确诊|自查|知道是不是)|(查|要查|该查|需要查)(点)?(什么|哪些|啥)|(做|需要做|要做|该做)(点)?(什么|哪些|啥)(检查|项目|化验|检测|[？?]?$)|(什么|哪些|啥)(检查|化验)/,
  },
  { id: 'zh.sym.means', type: 'symptom_analysis', w: 3, re: /(症状|表现|情况)(说明|提示|意味着)/ },
  {
    id: 'zh.sym.problem',
    type: 'symptom_analysis',
    w: 3,
    re: /哪里(出了|有)?(问题|毛病)|什么毛病|啥毛病|出(了)?(什么)?问题(了)?(吗|嘛)/,
    unless: /会不会|会出/,
  },
  // "会是什么问题/可能是啥问题/大概是什么情况": asking what the complaint is.
  {
    id: 'zh.sym.what_problem',
    type: 'symptom_analysis',
    w: 4,
    re: /(会|可能|大概|到底|究竟|这|这是|这到底)是?(什么|啥|哪方面的|哪种)(问题|毛病|情况|原因|病)(引起的)?(呢|啊)?[？?]?$/,
    unless: /指南|研究|试验|疫苗/,
  },
  // A bare "是多囊吗？/会是胆结石吧": a clause that only proposes a diagnosis.
  {
    id: 'zh.sym.bare_is',
    type: 'symptom_analysis',
    w: 2,
    re: /^(会|可能|难道|该不会|不会)?是[^，。？?]{1,8}(吗|嘛|么|吧)[？?]?$/,
    unless: /真的|正常|一回事|一个东西|一样|必须|这样|对的|好的|安全|有用|有效|副作用|指南|研究|什么|啥/,
  },
  {
    id: 'zh.sym.this_or_that',
    type: 'symptom_analysis',
    w: 2,
    re: /是[^，。？?]{1,8}还是[^，。？?]{1,8}(的问题|问题|引起|病|炎|症|感冒|过敏|别的)/,
  },
  // "这是玫瑰痤疮还是普通痘痘": which of two conditions the complaint is.
  {
    id: 'zh.sym.this_is_which',
    type: 'symptom_analysis',
    w: 3,
    re: /^(这|那|这个|那个|这样|这种)(到底|究竟)?(是)[^，。？?]{1,10}还是/,
    unless: /指南|研究|疫苗|药/,
  },
  {
    id: 'zh.sym.related',
    type: 'symptom_analysis',
    w: 2,
    re: /(跟|和|与)[^，。？?]{1,10}有关(系)?(吗|嘛|么|[？?]|$)|^(这|那|这个|那个|和这|跟这|跟这个|和这个)?(有|有没有)关系?(吗|嘛|么)?[？?]?$|有没有关系|(相关|有关联)(吗|嘛)/,
  },
  {
    id: 'zh.sym.why_me',
    type: 'symptom_analysis',
    w: 2,
    re: /为(什么|啥)(我|他|她|孩子|宝宝|老人|一|总|老|经常|最近|一直)/,
  },

  // general_consultation: knowledge about a disease, drug, test or vaccine.
  {
    id: 'zh.gen.what_is',
    type: 'general_consultation',
    w: 3,
    re: /是(个|一种|一个)?什么(药|东西|病|意思|指标|概念|检查|疫苗|原理|治疗|疗法|手术|操作|项目|技术)|什么是|是啥(?!问题|毛病|原因|情况|引起)|指的是(什么|啥)|是干(嘛|什么)(用)?的|干嘛用|(反映|代表|衡量|测|检测|查|评估)的(是)?(什么|啥|哪些)[？?]?$|是(用来)?(查|检查|看|测)(什么|啥|哪些)的|(检查|筛查|体检|化验|检测|镜|超|CT|核磁|造影|扫描)[^，。？?]{0,4}(一般|主要|都)(查|看|测|检查)(什么|啥|哪些)/i,
  },
  {
    id: 'zh.gen.difference',
    type: 'general_consultation',
    w: 3,
    re: /(什么|啥)(区别|不同|差别|不一样)|(怎么|如何|咋)(区分|区别|分辨|鉴别|分清)|区别(是什么|在哪|大吗)|不一样(吗|嘛)|一回事|一个东西|哪个(好|更好|更适合|准|更准|准确|靠谱)|(哪个|哪种|哪一个)更|代替|替代(吗|嘛)|取代/,
  },
  {
    id: 'zh.gen.how_works',
    type: 'general_consultation',
    w: 3,
    re: /(怎么|如何|咋)(起效|起作用|降[^下低]|治)|(怎么|如何|咋)(让|使|帮|帮助)(人|你|身体|血糖|血压|体重)?[^，。？?]{0,3}(变|瘦|减|降|好|长)|(是)?(怎么|如何)(测|测量|检测|查|做|检查|量|拍|照)(的|出来的)[？?]?$|起效(要|需要)?(多久|多长时间|时间)|多久(起效|见效|才有效|才起作用)|原理|机制|(有什么|有啥)作用|作用是什么|是(怎么|如何)(改善|缓解|治疗|降低|控制|减少|减轻|预防|保护|抑制|升高|提高)[^，。？?]{0,8}的[？?]?$/,
  },
  {
    id: 'zh.gen.adverse',
    type: 'general_consultation',
    w: 3,
    re: /副作用|不良反应|坏处|辐射|危害|害处|伤(肝|肾|胃)|(高危|危险|风险|致病|诱发)因素|依赖性|上瘾|安全吗|安不安全|安全性|(增加|提高)[^，。？?]{0,6}风险/,
  },
  {
    id: 'zh.gen.together',
    type: 'general_consultation',
    w: 3,
    re: /(能|可以|可不可以|能不能|能否)[^，。？?]{0,10}(一起|一块|同时|同一天|一同)(吃|服|用|打|补|服用|接种)|(同一天|一起|一块|同时)(吃|服|用|打|补|服用|接种)/,
  },
  {
    id: 'zh.gen.administration',
    type: 'general_consultation',
    w: 3,
    re: /(饭前|饭后|空腹|睡前|早上|晚上)(吃|服|用)(还是|吗|嘛|好)|(必须|需要|要)空腹|空腹(吃|服)|隔多久|间隔多久|漏(吃|服|打)|掰开|嚼碎|(怎么|如何)(服用|用药|注射|打针|冲|喂|保存|储存|存放)|放冰箱|开封/,
  },
  {
    id: 'zh.gen.prognosis',
    type: 'general_consultation',
    w: 3,
    re: /传染|遗传|根治|治愈|断根|治好|逆转|(?<!(我|他|她|我妈|我爸|孩子|宝宝|这种|这个|我这种|我这个)的?)预后|能活多久|(会|会不会|有没有|有什么)(留下?)?(什么)?后遗症|留(下)?(后遗|疤|病根)|吃一辈子|终身(服药|用药)|停不了|停不下来|离不开|断不了|(多久|多长时间|几天|几周)(才)?(能|可以|会)?(好|痊愈|恢复|消)|怎么(感染|传播|传上)|停药|减药|换药|复发|(能|会|可以)(自己)?(消掉|消退|消失|溶解|吸收掉|自愈|自己好)|(可以|能|能不能|可不可以|什么时候(能|可以)?)(停|停掉|不吃|不用)(了)?(吗|嘛|呢)?[？?]?$/,
  },
  { id: 'zh.gen.vaccine', type: 'general_consultation', w: 2, re: /疫苗|接种|抗体/ },
  // "维生素D缺乏会有什么症状": what a condition looks like is knowledge about it.
  {
    id: 'zh.gen.presentation',
    type: 'general_consultation',
    w: 3,
    re: /(会)?有(什么|哪些|啥)(症状|表现|并发症|征兆|信号)/,
  },
  // "哪种容易癌变/哪类更容易复发": which kind of a disease behaves how.
  {
    id: 'zh.gen.which_kind',
    type: 'general_consultation',
    w: 3,
    re: /哪(种|类|些|一种|一类)[^，。？?]{0,4}(容易|更容易|会|易)(癌变|恶变|复发|遗传|传染|转移|破裂)/,
  },

  {
    id: 'zh.gen.eligible',
    type: 'general_consultation',
    w: 3,
    re: /(还能|能|可以|能不能|可不可以|还可以)(打|接种)(吗|嘛|不|了吗)?[？?]?$|(多大|几岁|什么年龄|哪些人)[^，。？?]{0,4}(能|可以|适合)(打|接种|用)/,
  },
  {
    id: 'zh.gen.availability',
    type: 'general_consultation',
    w: 3,
    re: /(国内|中国|大陆|医保)[^，。？?]{0,4}(能用|可以用|上市|批准|获批|买得到|能买|能报|报销|有(吗|没有))|(上市|批准|获批)了(吗|没)|能(进|报)医保/,
  },
  { id: 'zh.gen.affect', type: 'general_consultation', w: 2, re: /(会不会|会|能不能)影响/ },
  {
    id: 'zh.gen.normal_range',
    type: 'general_consultation',
    w: 2,
    re: /正常值|参考值|正常范围|参考范围|(多少|几)(才)?(算|是)?(正常|有保护|有效|合格)|(差|误差|相差)多少|(多大|多少|多高|多长|几岁|几)(才|就)?算(?!了)/,
  },
  {
    id: 'zh.gen.why_must',
    type: 'general_consultation',
    w: 2,
    re: /(为什么|为啥|为何)(一定|非得|必须)?(要|得|需要)/,
  },
  // "HPV阳性是不是就等于得了宫颈癌 / CA125升高一定是卵巢癌吗": what a finding implies is knowledge about it.
  {
    id: 'zh.gen.implies',
    type: 'general_consultation',
    w: 3,
    re: /是不是(就)?(等于|意味着|代表|说明)|是不是[^，。？?]{1,10}(才|就)会(得|患|引起|导致)?|(一定|肯定|就一定|就肯定)(就)?(是|会|会得|得了|会变成|会发展成)(?!要)/,
  },
  // "肌酐跟eGFR到底啥关系": how two terms relate (a complaint tied to a cause stays symptom analysis).
  {
    id: 'zh.gen.relation',
    type: 'general_consultation',
    w: 4,
    re: /(跟|和|与|同)[^，。？?]{1,10}(之间)?(是|有)?(什么|啥|哪些)(样的)?(关系|联系)|^[^，。？?跟和与]{2,10}(跟|和|与)[^，。？?]{1,10}(之间)?(有没有|有)(关系|联系|关联)/,
    unless: /我|他|她|孩子|宝宝|这|那|(疼|痛|晕|咳|痒|肿|麻|胀|吐|泻)(?!风|嗽药)|发烧|发热|不舒服/,
  },
  // "这个阶段一般还需要化疗吗": what is usually done at a stage is knowledge, not a personal decision.
  {
    id: 'zh.gen.usual_care',
    type: 'general_consultation',
    w: 4,
    re: /(一般|通常|一般来说|常规|一般都)(还|也|都)?(需要|要|得|会|用|做)[^，。？?]{0,6}(化疗|放疗|手术|治疗|吃药|用药|靶向|免疫治疗|切除|开刀|复查|随访)/,
    unless: /指南|共识|研究|我|他|她|孩子|宝宝/,
  },
  { id: 'zh.gen.indicates', type: 'general_consultation', w: 1, re: /说明(了)?什么|代表什么|意味着什么/ },
  {
    id: 'zh.gen.disease_nature',
    type: 'general_consultation',
    w: 4,
    re: /(病|症|癌|炎|瘤|疮|梗|病变|综合征|硬化|增生|囊肿|肌瘤|痛风|高血压|糖尿病|甲亢|甲减|结节|息肉|哮喘)(到底|究竟)?(是)?怎么(回事|一回事|得的|得上的|引起的|形成的|来的)/,
  },
  {
    id: 'zh.gen.drug_class',
    type: 'general_consultation',
    w: 3,
    re: /(是|属于)(什么|哪)(类|种)药|(是|属于)(同)?一(类|种|个类别)(药)?(的)?(吗|嘛|么|呢|[？?]|$)|同(一)?类(药)?(吗|嘛|么)|(有|用)?(什么|哪些|啥|哪种)[^，。？?]{0,5}药|(更好|其他|别的|替代)的?(药|疗法)/,
  },
  {
    id: 'zh.gen.screening',
    type: 'general_consultation',
    w: 2,
    re: /(体检|筛查)(项目|哪些|什么)|(做|查)(哪些|什么)(体检|筛查)/,
  },
  ...ZH_TOPIC_RULES,
];

/** A clause counts as asking something only if it is a question or an explicit request. */
export const ZH_QUESTION =
  /[？?]|^还是|[吗嘛么呢吧伐马不]$|什么|啥|怎么|怎样|如何|哪|多少|多久|多大|多长|(?<![好这前十])几|是否|是不是|要不要|需不需要|用不用|能不能|可不可以|会不会|有没有|该不该|(.)不\1|为何|为什么|为啥|(是|吃|用|做|去|选|算|属于)[^，。？?]{0,10}还是|谁/;

export const ZH_REQUEST =
  /请|麻烦|帮(我|忙)|想(知道|了解|问|咨询|请教)|求(助|问)|告诉我|给(出|个|点|些|我)|附上|列出|说说|讲讲|解释|介绍|想(先)?(靠|通过|试试|试一下)|打算(靠|通过)/;

export const ZH_DRUG =
  /药|疗法|疗程|打针|注射|针剂|glp-?1|dpp-?4|sglt-?2|碱|嗪|唑|韦|汀|沙星|替尼|单抗|卡因|片|胶囊|针剂|胰岛素|维生素|钙|益生菌|鱼油|补液盐|补充剂|激素|疫苗|抗生素|双胍|他汀|地平|普利|沙坦|洛尔|格列|列净|鲁肽|霉素|西林|头孢|沙星|拉唑|阿司匹林|布洛芬|华法林|沙班|甲状腺素|膦酸|避孕药|屈螺酮|炔雌醇|优思明|妈富隆|硝酸甘油|沙丁胺醇|气雾剂|吸入剂|舒利迭|信必可/i;
