import type { CueRule } from './rule-types';
import { DISEASE_END } from './rules-zh-shared';

// Chinese cues for lifestyle advice and the research-owned types (classification,
// research, guideline); split from rules-zh.ts only to keep files short.

// "一吃东西就疼" / "一运动就喘": the activity is a trigger of a symptom, not the topic.
const TRIGGER = /一[^，。？?]{0,6}就/;
// "减肥药/戒烟贴/助眠的药": a lifestyle word naming a drug's indication is a drug question.
const AS_DRUG = /(减肥|减重|戒烟|助眠|睡眠|安眠|降脂|瘦身)(的)?(药|贴|针|片|胶囊)/;
const ADVICE =
  /能|可以|该|要|怎么|什么|啥|注意|多少|哪些|适合|好不好|行不行|合适|建议|不[?？]?$|对[^，。？?]{0,8}(好|有益|有害|有好处|有帮助)|管用|有用|有效|有帮助|好使|有好处|有没有影响|有影响(吗|嘛)|影响(大|吗|嘛)/;

export const ZH_TOPIC_RULES: readonly CueRule[] = [
  // lifestyle_guidance: diet, exercise, sleep, smoking, weight, self-care.
  {
    id: 'zh.life.diet',
    type: 'lifestyle_guidance',
    w: 3,
    re: /(怎么|如何|咋)[^，。？?]{0,3}(吃|搭配)(?![药片粒])|饮食|食谱|忌口|忌(碘|糖|盐|酒|辣|嘴)|要忌|吃(点|些)?(什么|啥|哪些)|喝(点|些)(什么|啥)|吃多少|喝多少|能吃|不能吃|可以吃|少吃|多吃|控糖|控盐|少盐|低盐|多少盐|断食|节食|不能碰|吃素|素食|改吃|(盐|油|(?<!血)糖|酒|咖啡|蛋白质?)[^，。？?]{0,3}(要|该|应该|得)?(控制|限制|摄入)/,
    unless: TRIGGER,
  },
  {
    id: 'zh.life.food',
    type: 'lifestyle_guidance',
    w: 2,
    re: /吃东西|吃饭|三餐|早餐|早饭|午饭|晚饭|主食|零食|水果|蔬菜|海鲜|啤酒|喝酒|饮酒|咖啡|喝茶|甜食|碳水|吃盐|盐吃|放盐|豆制品|鸡蛋|蛋黄|面条|西瓜|香蕉|苹果|牛奶|酸奶|豆浆|坚果|红薯|燕麦|蜂蜜|米饭|馒头|油炸|火锅|烧烤|宵夜|夜宵|奶茶|饮料|可乐|红肉|肉类|吃肉|辅食|奶粉|粗粮|红酒|白酒/,
    requires: ADVICE,
    unless: TRIGGER,
  },
  {
    id: 'zh.life.exercise',
    type: 'lifestyle_guidance',
    w: 3,
    re: /运动|锻炼|健身|跑步|慢跑|快走|散步|走路|游泳|瑜伽|爬山|登山|骑车|骑行|打球|太极|广场舞|跳绳|深蹲|举铁|力量训练|有氧|步数|走多少步|久坐|康复|拉伸|怎么练|如何练/,
    unless: TRIGGER,
  },
  {
    id: 'zh.life.weight',
    type: 'lifestyle_guidance',
    w: 3,
    re: /减肥|减重|瘦下来|控制体重|体重(管理|控制)|长胖|增重|反弹|减下来|恢复体重|(怎么|如何|咋)(减|瘦)|减(到|掉)?多少/,
    unless: AS_DRUG,
  },
  {
    id: 'zh.life.smoking',
    type: 'lifestyle_guidance',
    w: 3,
    re: /戒烟|戒酒|少抽|控烟|烟戒|(要|必须|需要|得|该|应该|能|非得)(马上|立刻|尽快|彻底|一下子)?戒(掉|了)?(吗|嘛|呢|不)?[？?]?$|(抽烟|吸烟|喝酒)[^，。？?]{0,6}(影响|能不能|可以|行不行)/,
    unless: AS_DRUG,
  },
  {
    id: 'zh.life.sleep',
    type: 'lifestyle_guidance',
    w: 3,
    re: /睡眠|睡觉|好睡|入睡|助眠|作息|熬夜|睡前/,
    requires: /怎么|如何|什么|啥|能|可以|注意|建议|多久|几点|影响|改善|调|要不要|需不需要|应该|该不该/,
    unless: /是不是|会不会是|一[^，。？?]{0,6}就|睡眠(呼吸)?暂停|睡眠监测|呼吸暂停/,
  },
  {
    id: 'zh.life.selfcare',
    type: 'lifestyle_guidance',
    w: 3,
    re: /护理|保养|调理|养生|注意(些|点)?(什么|啥|哪些)|要注意|讲究|生活方式|生活习惯|日常|平时[^，。？?]{0,6}(注意|怎么)|自我管理|窍门|技巧|好习惯|好办法|在家(怎么|如何|能)|洗头|洗澡|护肤|保湿|防晒|洗发水|刷牙|牙刷|牙线|漱口|(做|有)(什么|哪些|啥)准备|准备(什么|哪些|啥)|垫高|冰敷|热敷|在家(量|测|自测|监测)|(买|备)(个|台|一个|一台)?[^，。？?]{0,4}(计|仪)(吗|嘛|[？?]|$|在家)/,
  },
  {
    id: 'zh.life.adjust',
    type: 'lifestyle_guidance',
    w: 2,
    re: /(怎么|如何|咋)(调整|调|改|改善|安排|控制|搭配)|(怎么|如何|有没有办法|有什么办法|能不能)(预防|避免|缓解)|(其他|别的)(办法|方法)|有没有[^，。？?]{0,6}(办法|方法)|有(没有)?(什么|啥)(好)?[^，。？?]{0,4}(办法|方法)/,
  },
  // "穿弹力袜有用吗 / 热敷管用吗": whether a self-care measure helps (a drug or a study makes it another act).
  {
    id: 'zh.life.remedy',
    type: 'lifestyle_guidance',
    w: 2,
    re: /(穿|戴|泡|晒|练|敷|按摩|抬高|垫高|多喝|少喝|多吃|少吃|走路|散步|拉伸|坐浴|泡脚)[^，。？?]{0,6}(有用|管用|有效|有帮助|好使)(吗|嘛|不|没)/,
    unless: /研究|证据|试验|药|针|片|胶囊/,
  },
  { id: 'zh.life.water', type: 'lifestyle_guidance', w: 2, re: /喝(多少)?水/ },
  // "一天喝几杯合适/每周走多少步够": how much of a habit (a drug amount is a dosing question).
  {
    id: 'zh.life.amount',
    type: 'lifestyle_guidance',
    w: 3,
    re: /(一天|每天|每周|一周|一次|每次|每晚|一晚)[^，。？?]{0,4}(几|多少)[^，。？?]{0,4}(合适|为宜|比较好|最好|够|算多|算少|正常|没事|安全|才行)/,
    unless: /药|片|粒|剂量|胶囊|针/,
  },

  // disease_classification: codes, staging, grading, classification.
  {
    id: 'zh.cls.icd',
    type: 'disease_classification',
    w: 4,
    re: /icd|编码|疾病码|诊断码|哪个码|编(哪|什么|几)|编马|码是多少/i,
  },
  {
    id: 'zh.cls.stage',
    type: 'disease_classification',
    w: 3,
    re: /分期|分级|分型|分类|(是|算|属于)(早期|中期|晚期|早中期|中晚期)(吗|嘛|还是|了吗)|早期还是(中期|晚期)|分度|几期|几级|第几期|哪一期|哪期|几度|哪一级|哪级|什么级别|轻中重|怎么划分|如何划分|怎么分的|划分标准|属于哪(一)?(类|种|章|型|期|级)|什么类型|哪几种类型|哪一类|分几/,
  },
  { id: 'zh.cls.criteria', type: 'disease_classification', w: 2, re: /诊断标准/ },
  // "分级和危险分层是怎么定出来的/评分怎么算的/分类上有什么区别": how a grade, score or class is defined.
  {
    id: 'zh.cls.defined',
    type: 'disease_classification',
    w: 2,
    re: /(分级|分层|分期|分型|分类|评分|级别|分度|危险分层)[^，。？?]{0,8}(怎么|如何|按什么|根据什么|依据什么)(定|算|划|分|评|判断|来的)|(分级|分期|分型|分类|评分)上|(按|根据|依据)什么(分|定|划)/,
  },
  {
    id: 'zh.cls.scale',
    type: 'disease_classification',
    w: 3,
    re: /nyha|tnm|[a-z]{1,3}-?rads|cha2?ds2|has-?bled|apgar|gcs|评分(怎么|如何)?(算|计算|是多少|几分)|(怎么|如何)评分|bethesda|gleason|child-?pugh|cin\s?[1-3]|\bg[1-5][ab]?a[1-3]\b|(?<![a-z])(la-?)?[a-d]\s?级|ckd\s?g?[1-5]|gold\s?[1-4]|\btr\s?[1-5]|ecog|(?<![a-z0-9])(i{1,3}|iv|v|vi)[abc]?\s?(类|级|期)|(?<![0-9.-])[1-6][abc]?\s?(类(?!药)|级|期)/i,
  },
  {
    id: 'zh.cls.bare_counts',
    type: 'disease_classification',
    w: 3,
    re: /^(这|我这|那|我)?(个|样|种)?(算不算|算吗|属于吗|算是吗)[?？]?$/,
  },
  {
    id: 'zh.cls.either',
    type: 'disease_classification',
    w: 3,
    re: /(算|属于|算是)[^，。？?]{1,10}还是/,
  },
  {
    id: 'zh.cls.counts_as',
    type: 'disease_classification',
    w: 2,
    re: new RegExp(
      `(算|属于|算是|算不算)(不算)?[^，。？?]{0,6}(${DISEASE_END}|松|压|糖|胖|血|肝|期|级|度|型|类|分|病变|疾病|范畴|异常|偏高|超标)(了吗|了嘛|吗|嘛|么|呢|还是|[？?]|$)`,
    ),
  },

  // clinical_research: trials, studies, the evidence behind a treatment.
  {
    id: 'zh.res.study',
    type: 'clinical_research',
    w: 4,
    re: /研究|(?<!(呼气|皮肤|激发|耐量|负荷|运动|倾斜|结核菌素|过敏原))试验(?!阳性|阴性)|试严|研就|临床数据|循证|证据|荟萃|meta|文献|论文|头对头|随机对照|rct|队列|三期临床|有效率|科学依据|数据支持/i,
  },
  {
    id: 'zh.res.works',
    type: 'clinical_research',
    w: 2,
    re: /是真的吗|^真的吗|真的假的|说法(对|靠谱|正确|可信)|可信吗|有科学道理|(真的|到底|究竟)(有没有)?(有用|管用|有效|靠谱)|有没有(用|效果)|效果(怎么样|如何|好不好)|靠谱(吗|嘛)|靠不靠谱|新进展|最新进展/,
  },

  // clinical_guideline: what a named or current guideline recommends.
  {
    id: 'zh.gl.guideline',
    type: 'clinical_guideline',
    w: 4,
    re: /(国内|国际|国家|官方|最新|权威)的?(诊疗)?标准|指南|知南|共识|诊疗规范|(保健|筛查|防治|管理|诊治|服务|技术|操作)规范|指引|诊疗方案|诊疗标准|免疫规划|免疫程序|临床路径|权威(建议|推荐|出处|指南)/,
  },
  {
    id: 'zh.gl.org',
    type: 'clinical_guideline',
    w: 3,
    re: /\b(ADA|NICE|ESC|ESH|AHA|ACC|GINA|GOLD|KDIGO|AAP|USPSTF|WHO|EASL|AASLD|IDSA|NCCN|CSCO|ACOG|IDF|CDS|CDC|EULAR|ACR)\b|中华医学会|卫健委|国家卫生|美国糖尿病学会|欧洲心脏病学会|美国心脏协会|世界卫生组织|疾控中心/,
  },
  { id: 'zh.gl.recommend', type: 'clinical_guideline', w: 1, re: /推荐|推见|建议/ },
];
