// The gate's failure classes (prerisk-2026.12.5 to 12.7, libs/safety/CHANGELOG.md), each
// checked through the rule that must fire (not only the decision), plus knowledge / fiction /
// joke / resolved / negated frames that must stay PASS. Sentences are our own neighbouring
// forms, not the blind batches' texts.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();
const fired = (t: string) => gate.analyze(t).fired.map((f) => f.rule.id);

describe('PreRiskGate failure classes: the named rule fires', () => {
  test.each([
    ['suicide.burden_strong', '我就是家里的累赘，这个世界少了我一个也无所谓'],
    ['suicide.farewell_unreachable', '她发消息说以后你要好好照顾自己，然后把自己反锁在卧室里，敲门没有反应'],
    ['suicide.affairs_plus', '把游戏账号和密码都发给室友了，反正我以后也用不上了'],
    ['anaphylaxis.exposure_systemic', '吃了开心果以后吃了氯雷他定，嗓子还是越来越紧'],
    ['pregnancy.fetal_heart_abnormal', '孕37周，胎心率92次/分'],
    ['pregnancy.fetal_heart_abnormal', 'G2P1 at 36 weeks, FHR 178 on the monitor'],
    ['pregnancy.abruption_signs', '孕33周，突然腹痛，子宫张力高'],
    ['pregnancy.bleeding', '31wks preg, bleeding heavily'],
    ['poison.large_ingestion', '男，30岁，1小时前一次服用布洛芬约50片，目前无不适'],
    ['poison.qrs_after_ingestion', 'took a lot of amitriptyline, ECG shows a widened QRS'],
    ['poison.battery_magnet', '3岁孩子刚才把两颗磁力珠吞下去了'],
    ['poison.battery_magnet', 'my toddler swallowed a button battery from a watch'],
    ['glucose.ketones_plus', '1型糖尿病，呕吐腹痛，血糖25 mmol/L，血酮3.8 mmol/L'],
    ['glucose.high_dka_breathing', 'type 1 diabetic with Kussmaul breathing, glucose 30 mmol/L'],
    ['cardiac.chest_pain_plus', 'xiong kou teng, mao leng han'],
    ['headache.meningism', '头痛得厉害，脖子发硬，吐了好几次'],
    ['poison.large_ingestion', '25片布洛芬 刚吞的'],
    ['poison.large_ingestion', 'she took the whole bottle of citalopram'],
    ['poison.unknown_count', '他吃了安眠药，不知道吃了多少片'],
    ['poison.child_high_risk_med', '孙子吞了爷爷降糖药，十分钟前'],
    ['poison.digoxin_toxicity', 'grandpa is on digoxin and today he is seeing everything yellow'],
    ['poison.hydrocarbon', '小孩嘴里一股煤油味，一直在咳'],
    ['poison.paracetamol_toxic', '服用对乙酰氨基酚约10 g，4小时血药浓度160 mg/L'],
    [
      'pregnancy.ectopic_picture',
      '6 weeks pregnant, pain low down on the right side and my shoulder tip hurts',
    ],
    ['infant.neonatal_sepsis', '新生儿生后第8天，体温38.3℃，前囟饱满'],
    ['consciousness.gcs_le12', 'F 67, brought in confused, GCS 9'],
    // prerisk-2026.12.8 classes (own forms; the batches that exposed them are in eval/prerisk/)
    ['env.core_temp_low', '转运途中测肛温33.8℃，四肢冰冷'],
    ['env.hypothermia', 'Grandpa was out in the snow for hours, he has stopped shivering and is talking nonsense'],
    ['env.hyperpyrexia_altered', 'temp 40.8 and he is confused after the half marathon'],
    ['env.heat_illness_red_flag', '在工地搬砖一下午，人晕倒了，身上烫得不行，一点汗都没有'],
    ['poison.wild_mushroom', '昨晚吃了路边捡的菌子，今天一家人又吐又拉'],
    ['poison.wild_mushroom', 'we ate wild mushrooms at dinner and now both of us are vomiting'],
    ['poison.snake_bite', '在田里被竹叶青咬了一口'],
    ['poison.apap_large', 'toddler drank a whole bottle of children\'s paracetamol'],
    ['trauma.bite_rabies_sign', '半年前被野狗咬过，这两天喝水就喉咙痉挛，怕风'],
    ['trauma.amputation', '切菜把手指切掉了一节'],
    ['trauma.amputation', 'his thumb got sliced off by the table saw'],
    ['trauma.cauda_equina', 'bad sciatica and now numbness around my back passage'],
    ['trauma.mscc', '乳腺癌脊柱转移，这两天双腿无力'],
    ['cardiac.pe_suspect', '左小腿肿痛三天，今天突然胸痛气短'],
    ['cardiac.dissection_bp_diff', '胸痛得厉害，两边胳膊量的血压差了30多'],
    ['sepsis.kawasaki_pattern', '孩子发烧第六天，草莓舌，嘴唇干裂'],
    ['sepsis.hus_pattern', 'bloody diarrhoea since Monday and she has barely passed urine today'],
    ['sepsis.tick_fever', 'found a tick on my leg last week, now fever and a spotty rash'],
    ['breathing.upper_airway', '发烧，喉咙剧痛，口水都咽不下去'],
    ['breathing.upper_airway', 'my son has stridor and a high fever'],
    ['infant.intussusception', '10个月宝宝拉了果酱样的便'],
    ['infant.young_fever_felt', '宝宝两周大，额头摸着烫，吃奶也少了'],
    ['infant.young_strong_sign', '宝宝刚满月，吐的都是黄绿色的'],
    ['infant.dehydration_severe', '娃拉肚子两天，囟门凹下去了，尿很少'],
    ['infant.child_chest_indrawing', '三岁孩子咳嗽，吸气时肋间一凹一凹的'],
    ['abdomen.torsion_sign', 'On exam the right testis is high-riding and the cremasteric reflex is absent'],
    ['labs.inr_bleeding', 'INR today 8.2, nose has been bleeding for an hour'],
    ['labs.liver_failure', 'yellow and confused, ALT 2,400, INR 3'],
    ['consciousness.status_epilepticus', 'the fit has been lasting about seven minutes'],
    ['suicide.edge_now', '我翻到阳台栏杆外面了'],
    ['suicide.dose_to_die', 'how many of these would it take for me not to wake up'],
    ['vitals.hypotension_poor_perfusion', 'ran out of my hydrocortisone, vomiting, dizzy, BP 78/50'],
    ['glucose.high_dka_breathing', 'type 1, deep fast breathing and breath smells of nail polish remover'],
    ['labs.troponin_chest', '肌钙蛋白T 0.8 ng/ml ↑，胸口压榨样疼两个小时'],
    ['poison.toxic_gas_resp', '把84和洁厕灵一起倒进马桶，现在咳个不停胸口发紧'],
    ['poison.wild_mushroom', '屋企人食咗山上执返嚟嘅菌，而家呕到停唔到'],
    ['env.electric_shock', '電工遭高壓電擊，手上有入口傷'],
    ['env.drowning', '个仔游水遇溺，救返上嚟'],
    ['stroke.sudden_vision_loss', '左眼突然像拉了一块黑帘子，只剩下半边能看见'],
    ['breathing.spo2_very_low', '慢阻肺在家吸氧，今天血氧只有84%'],
    ['suicide.affairs_tidy', '把狗托付给了邻居，房间也收拾干净了'],
    ['poison.double_dose_high_risk', '奶奶把格列美脲吃了又吃，药板少了四片'],
    ['abdomen.rlq_plus', 'the ache started near my navel and has now moved to the lower right; I was sick once'],
    ['labs.jaundice_encephalopathy', 'my eyes have gone yellow this week and today I keep nodding off'],
    ['consciousness.gcs_le12', '患者GCS评分12分，家属说下午还好好的'],
    ['head_injury.gcs_pupil', '骑车摔倒撞到头，右侧瞳孔散大'],
    ['consciousness.status_epilepticus', 'my son has been fitting for over 6 minutes and it is still going'],
    ['consciousness.status_epilepticus', '抽搐已经持续了十分钟，还没停'],
    ['glycaemic.dka_acidosis', 'T1DM, venous pH 7.21, vomiting since this morning'],
    ['glycaemic.dka_acidosis', '糖尿病患者，血酮4.2 mmol/L'],
    ['glycaemic.meter_lo', "dad's meter just reads LO and he is sweaty"],
    ['poison.digoxin_level', '服地高辛，血药浓度3.1 ng/mL，心率40次/分'],
    ['poison.paracetamol_level', '扑热息痛血药浓度在治疗线以上'],
    ['stroke.vignette', '突然左侧肢体无力，说话不清，最后正常时间是30分钟前'],
    ['pregnancy.ectopic_scan', 'positive pregnancy test, scan shows no intrauterine sac and free fluid'],
    [
      'pregnancy.ectopic_missed_period',
      'missed my period, sharp pain on the left side low down and I fainted',
    ],
    ['infant.fever_under3m', '我家宝宝40天 体温38.1'],
    ['infant.fever_under3m', 'my 5 week old baby has a temp of 38.3'],
    ['poison.co_vehicle', 'engine was left running in the garage and grandpa is slumped over the wheel'],
    ['poison.toxic_plant', '孩子吃了几颗曼陀罗的果子'],
    ['breathing.severe_sign', '喘不过气，嘴唇发紫'],
    ['cardiac.chest_pain_plus', 'tightness in my chest and sweating a lot'],
    ['breathing.asthma_unrelieved', 'my puffer is doing nothing and I am wheezing'],
  ])('%s: %s', (rule, text) => {
    expect(fired(text)).toContain(rule);
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe('PreRiskGate failure classes: frames that stay PASS', () => {
  test.each([
    '心脏骤停到底是啥样的？我在写剧本要用',
    '脑出血发作时家属该做哪些事？想提前学一下以防万一',
    '去年孩子吃糖噎住过，当时拍背咳出来了，现在完全没事，想学学急救方法',
    '那时候压力大有过轻生的想法，现在治疗两年状态很好，想问怎么减药',
    '纽扣电池为什么这么危险？想给家里的收好',
    '孕29周，偶尔假性宫缩，不疼',
    '孕24周，胎心150次/分，一切正常',
    '我搬家把旧衣服都捐了，心情很好',
    'just binged House, what actually is a pulmonary embolism',
    '加班被气到心肌梗塞了😂 说正经的，熬夜伤心脏吗',
    '女，68岁，服华法林，INR 2.3（目标2-3），无鼻出血、血尿、黑便。',
    '我外婆那辈人说误服农药要灌肥皂水，这个有科学依据吗',
    '上个月说过一次不想活了，其实就是气话，早和好了，最近睡眠不好',
    '我爸一直吃地高辛，要注意哪些饮食',
    'What does status epilepticus mean and when is it diagnosed?',
    '在《某医疗剧》里看到有人误服农药，现实中能救回来吗',
    '几年前失恋时说过不想活了，那都过去了，现在想学学怎么调节情绪',
    '复诊，服华法林，INR 2.4，无鼻出血、黑便或瘀斑，问下次什么时候抽血',
    '嘴唇紫色的口红适合什么肤色',
    '夹竹桃有毒吗，院子里能种吗',
    'On exam: chest clear, abdomen soft, T 37.1, HR 78',
    '一氧化碳中毒的原理是什么',
    '中暑分哪几种类型',
    '教学病例：患者胸痛伴ST段抬高，请问再灌注的时间窗是多少',
    'MCQ: a student with fever and neck stiffness. Which organism is most likely?',
    '被猫抓伤了手，伤口不深，要打狂犬疫苗吗',
    '前两年喝过农药抢救回来了，现在恢复得很好，能喝酒吗',
    '下个月去外地工作，东西都送人了，跟朋友吃饭告别',
    'I have no thoughts of hurting myself or ending my life, just feel low',
    '最近两天没大便，肚子有点胀',
    '我爸肺癌骨转移，最近腰疼，止痛药怎么调整',
    'gout flare in my big toe overnight, feel well otherwise, temp 37.6',
    'where to stream the movie about an overdose',
    '我想学点急救知识：溺水救上来以后要不要控水？',
    '上周公园有人晕倒，后来120拉走了，想学学CPR咋做',
    '冬天车里开暖气睡觉真的会一氧化碳中毒吗？打算自驾去东北，提前搞清楚',
    '慢阻肺十几年，在家每天吸氧，今天跟平时一样，血氧90%，制氧机多久保养',
    '外婆长期卧床，骶尾部一块发红，按下去不褪色，是压疮吗',
    '我问过孩子有没有想过伤害自己，他说没有，想找心理医生',
    '三周前药流，出血十天就干净了，什么时候能同房',
    '晚上小腿肚子抽筋疼得要命，揉一会就好，缺钙吗',
    '孩子以前高热惊厥过，当时抽了一分钟就停了，这次发烧要不要吃退烧药防止抽筋',
    '癫痫持续状态的定义是什么',
    '乐队新歌想写溺水缺氧的感觉，有没有真实的描述可以参考',
    'What causes sudden cardiac arrest?',
    '新生儿黄疸，吃奶好精神好，要不要照蓝光',
    '長期吃依巴斯汀，停了就復發，要吃多久？聽說打針的奧馬珠單抗適合嗎',
  ])('%s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});

describe('learning, prevention and denial frames never silence a live emergency', () => {
  test.each([
    '我胸口压榨样疼一个小时了，出冷汗，怎么避免心梗',
    '孩子高烧抽搐了，怎么预防再抽',
    '我想学点急救知识，我妈倒地叫不醒',
    "My dad collapsed and isn't breathing, how can we prevent brain damage",
    '我爸胸口压榨样疼出冷汗他说没事不用去医院',
    '他突然头痛得像炸开一样说不会是脑出血吧',
  ])('%s', (text) => {
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe('negation over an enumeration comma', () => {
  test('affirmed list items still escalate', () => {
    expect(gate.evaluate('口服华法林，有牙龈出血、黑便').decision).toBe('ESCALATE');
  });
});

/** Classes found in the 2026-12-03 blind batches, written again in our own words. */
const CLASS_TABLE: { name: string; escalate: string[]; pass: string[] }[] = [
  {
    name: 'a time-anchored past carries through its sentence, never past a present or onset word',
    escalate: [
      '患者男，67岁，既往高血压病史10年，突发胸痛2小时，大汗',
      '我爸去年中过风，今天早上又说话不清楚，嘴歪了',
      '去年做过支架，突然胸口压榨样疼，出冷汗',
      '一板安眠药大概吃几片就算多了啊？刚才心里实在太烦，差不多吃了一整板，现在脑袋发沉，舌头也有点打结，应该睡一觉就没事了吧',
      '今天早上起来他说话就有点含糊，嘴角往左边歪，他自己说是昨晚没睡好，歇一歇就好了',
    ],
    pass: [
      '儿子3岁半，去年发烧的时候抽过一次，当时烧到39.5，眼睛上翻手脚抖了一分钟左右就停了，医生说是热性惊厥，脑电图正常。想问要备什么药',
      '我爸去年春天食管胃底静脉曲张破裂，吐了好多血住院，当时做了套扎，现在一年多没再出血了',
      '孩子三个月前发烧抽过一次，医生说是热性惊厥，现在孩子挺好的，下周打疫苗会不会再诱发？',
    ],
  },
  {
    name: 'notation and wording that look like red flags but are not',
    escalate: [
      '7yo pulled from pool, under ~2 min, now coughing frothy sputum + drowsy',
      '孩子游泳呛了好多水，现在喘不上气，嘴唇发紫',
      'Resident, 79F, T 95F rectal, drowsy',
    ],
    pass: [
      'Ward round: 82F, day 3 post hip hemiarthroplasty. T 37.6°C, HR 84, BP 132/74, wound clean and dry.',
      'Pool log: 12F swallowed water during lesson, coughed x3, settled immediately, RR 16, SpO2 99%, back playing.',
      '今天游泳呛了几口水，咳了两声就好了，到现在三个小时了呼吸顺',
      "gym's new class is literally called Cardiac Arrest HIIT, is 45min 5x a week too much",
      '孕18周，最近刷牙老是出血，牙龈红肿，孕期能洗牙吗',
      '儿子7岁还尿床，睡得特别沉，叫都叫不醒，尿常规正常',
    ],
  },
  {
    name: 'classes of the 2026-12-03 batches (own wording)',
    escalate: [
      '透析这周漏了两次，现在手脚发麻，心慌得厉害',
      '心衰多年，这两天躺不平，坐着都喘，腿肿了一圈',
      'grabbed a live wire fixing the fence, now my chest feels odd',
      'Day 2 post LSCS, she is hearing voices telling her to hurt the baby',
      '孩子洗澡时我走开一会儿，回来看他脸朝下泡在澡盆里，现在软软的不哭',
      '正在化疗，今晚寒战，盖着被子还在发抖，体温38.7',
      'my son breathes in with a whistle noise, drooling, wants to sit forward, hot',
      'tonic-clonic seizure started 7 min ago, still ongoing',
      'Denies chest pain. Now vomiting blood, dizzy on standing',
      '体检：血钠118 mmol/L，人有点糊涂',
    ],
    pass: [
      'COPD on LTOT 2L, sats 90% which is my baseline, feel fine, can I fly?',
      'had a seizure 3 yrs ago, none since, when can I drive',
      'Telehealth: 40M, itchy wheals on arms. No lip, tongue or eyelid swelling, no wheeze.',
      'Clinic note: 66M, STEMI 2020 with PCI. Asymptomatic. Repeat prescriptions.',
      'grandpa had a seizure in 1998 and never again, is epilepsy hereditary',
    ],
  },
  {
    name: 'classes of the 2026-12-03 batches h7 and h8 (own wording)',
    escalate: [
      '阿妈话心口好闷，成身湿晒汗，面色好青',
      'playing rugby, took a boot to the side of the head, out cold a few seconds, keeps asking the same question',
      'boy fell on his bike handlebar, belly hard like a board, very pale',
      'friend worked in sun all day, skin dry no sweat, talking strange words',
      '右眼前面像有块帘子往下拉，十分钟了',
      "how many of these would be enough so that I don't wake up, I've written letters to my kids",
    ],
    pass: [
      'OSCE practice station, not a real patient: a 58-year-old man presents with crushing chest pain. Outline management.',
      '出车记录：接警称有人晕倒，到达后核实为误报，现场无人员受伤，收车',
      '开车久了坐久了屁股发麻，腿不麻，大小便都正常',
      '一氧化碳中毒啥症状',
    ],
  },
  {
    name: 'classes of the 2026-12-03 batches h9 and h10 (own wording)',
    escalate: [
      '喝了二十年酒，停酒两天了，现在浑身抖，看到墙上有虫子在爬',
      'quit drinking cold three days ago and just had some kind of fit',
      '刚潜完水上岸，肩膀钻心疼，手指发麻',
      '海拔5000米，头疼想吐，走路打晃站不稳',
      'R eye went dark suddenly, like a curtain came down',
      '宝宝9个月，一阵一阵哭闹蜷腿，拉出来像红色果酱一样的东西',
      'Poison centre: 2yo found with open bottle of oxycodone, unknown number missing, very drowsy, lips dusky',
      'discloses taking ~30 x paracetamol 4 h ago',
    ],
    pass: [
      '预检：男，2岁，腹泻2天，精神好，哭时有泪。T 37.3℃ HR 118 RR 26 SpO2 99%',
      'Triage: 18/12 M, fever 38.7 overnight, alert and smiling. HR 130, RR 28, SpO2 98%',
      '分诊 女 1岁8月 腋温38.9 精神好 HR136(发热时) RR28',
      '热性惊厥过的孩子以后打疫苗要注意啥',
      '孩子咬破了一包干燥剂，包装上写硅胶无毒，现在没啥症状',
      '我爸十年前心脏停了又被抢救回来，现在恢复得挺好，想去爬山',
    ],
  },
  {
    name: 'classes of the 2026-12-03 batches h11 and h12 (own wording)',
    escalate: [
      '14yo, sudden agony in his right testicle, threw up',
      '大便全是黑的，站起来就头晕',
      '我爸刚才端杯子端不住掉地上了，说话有点大舌头',
      'husband seizing, wont stop, 7 min now',
      '10mo vomiting green since lunch, tummy swollen',
      '7个月 拉水样便一天十几次 半天没尿 哭没眼泪',
    ],
    pass: [
      '闺女差点把洗衣凝珠当糖塞嘴里，被我抢下来了，没咬破，怎么收纳安全',
      "Home visit: old meter read 'LO', repeat on clinic meter 6.1 mmol/L, alert and eating",
    ],
  },
];

describe('one phrase is one piece of evidence', () => {
  // Deleting accounts alone is not two warning signs, even if two concepts once listed the phrase.
  test.each(['I deleted all my socials, so tired of the drama online', '把微信朋友圈都删了，太烦了'])('PASS: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
  test.each(['最近把手机里的照片都删了，账号也注销了，东西都送完了', "I've given away my guitar and deleted all my socials this week"])('ESCALATE: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe.each(CLASS_TABLE)('$name', ({ escalate, pass }) => {
  test.each(escalate)('ESCALATE: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
  test.each(pass)('PASS: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});
