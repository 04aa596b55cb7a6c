// Failure classes of prerisk-2026.12.13 to 12.15 (libs/safety/CHANGELOG.md): bystander CPR in progress,
// diving, toxic alcohols, stimulants and herbs, deep self-harm wounds, sealed rooms, torsion and
// priapism, very low haemoglobin or platelets with bleeding, exposures whose harm shows later (a bite
// before rabies signs, a tonsillectomy before a bleed, a head knock before vomiting), neuromuscular
// breathing failure, angio-oedema on an ACE inhibitor, necrotising infection, orbital cellulitis; and
// the frames that must stay PASS. Sentences are our own neighbouring forms, not the batches' texts.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();
const fired = (t: string) => gate.analyze(t).fired.map((f) => f.rule.id);

describe('prerisk 12.13 classes: the named rule fires', () => {
  test.each([
    ['arrest.cpr_in_progress', '保安正在给他做胸外按压，前台的人跑去拿AED了'],
    ['arrest.cpr_in_progress', 'a lifeguard is doing chest compressions on the man by the pool'],
    ['env.decompression_illness', 'dived to 28 m and shot to the surface, now both legs tingling'],
    ['env.decompression_illness', '今天潜水没做安全停留，上船后肩膀越来越痛'],
    ['poison.toxin', '他喝了半瓶防冻液，说是当酒喝的'],
    ['poison.toxin', 'my uncle drank windshield washer fluid by mistake an hour ago'],
    ['poison.stimulant_hyperthermia', 'my friend took molly at the rave and her temperature is 40.8'],
    ['suicide.self_harm_deep_wound', 'I cut again tonight and went deeper than last time'],
    ['suicide.co_space_sealed', 'the charcoal is ready and I have sealed the gaps around the windows'],
    ['abdomen.testicular_high_riding', 'my son has testicle pain and that one sits higher than the other'],
    ['labs.haemoglobin_low_symptomatic', 'Hb 61 g/L, passing black stools, feels faint on standing'],
    ['labs.platelets_low_bleeding', 'PLT 11×10^9/L, nosebleed for an hour and new spots on the shins'],
    ['trauma.bite_rabies_sign', '两个月前被流浪猫抓伤，现在一喝水喉咙就痉挛'],
    ['trauma.bite_rabies_sign', 'a bat bit him in the spring and now he is terrified of water'],
    ['vascular.acute_limb_ischaemia', "her right foot went cold and white all of a sudden and I can't find a foot pulse"],
    ['breathing.neuromuscular_failure', 'she has myasthenia gravis and is now struggling to swallow her saliva, weak cough'],
    ['breathing.neuromuscular_failure', '格林巴利综合征，腿软从脚往上发展，今天喘不上气'],
    ['anaphylaxis.angioedema_airway', 'on ramipril and my tongue and lips are swelling up since this morning'],
    ['sepsis.necrotising_soft_tissue', 'the redness on his thigh is spreading by the hour, pain out of proportion, temp 39.1'],
    ['poison.toxic_plant_signs', '喝了草乌炖的汤，现在嘴唇发麻，心跳忽快忽慢'],
    ['poison.methanol_picture', '昨晚喝了散装白酒，今天眼前像下雪一样看不清'],
    ['env.orbital_cellulitis', 'her eyelid is swollen and red and now the eye is bulging, fever 39'],
    ['abdomen.priapism', 'erection for 6 hours now after an injection and it really hurts'],
    ['bleeding.post_tonsillectomy', 'had his tonsils out last week, tonight he is spitting fresh blood'],
    ['head.recent_injury_red_flag', '儿子上午踢球头被撞了一下，后来没事了，刚才吐了两次'],
    ['head.trauma_red_flag', '老人跌倒撞及额部，平时吃华法林'],
    ['abdomen.urinary_retention', '爷爷从昨晚到现在尿不出来，小肚子鼓鼓的很疼'],
    ['head_injury.gcs_pupil', 'punched in a fight, now GCS E2V2M5, left pupil blown'],
    ['poison.child_pills_missing', '2岁女儿打开了外公的降糖药，原来还有二十片，现在只剩八片'],
    ['suicide.means_place_chosen', 'he bought a rope last week and has picked a spot in the woods'],
    ['poison.carbon_monoxide', 'we all woke up with headaches and the generator was running in the basement all night'],
    ['env.smoke_inhalation_airway', 'carried out of a kitchen fire, soot around the nose and his voice is hoarse'],
    ['labs.acute_haemolysis_trigger', '孩子昨天吃了蚕豆，今天小便像浓茶一样，眼白发黄'],
    ['stroke.speech_new_today', 'since breakfast her words keep coming out in the wrong order'],
    ['env.electric_shock', 'lineman had contact with a high voltage line, entry wound on the hand and an exit wound on the foot'],
    ['abdomen.urinary_retention', "he hasn't been able to pee since breakfast and his bladder feels like it is bursting"],
  ])('%s: %s', (rule, text) => {
    expect(fired(text)).toContain(rule);
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

describe('prerisk 12.13 classes: frames that stay PASS', () => {
  test.each([
    '下个月去潜水，这两天手指偶尔发麻，能去吗',
    'we are booking a scuba course next month; my feet go numb when I sit cross-legged',
    'our club runs a CPR training class on Saturday, do I need to bring anything',
    '出院小结：患儿因热性惊厥住院观察一天，住院期间未再发作，出院诊断：单纯性热性惊厥',
    '半年前因心梗放了支架，现在活动没有胸闷，复查想问能不能停一种药',
    '糖化血红蛋白6.3%，医生说糖尿病前期',
    'I took one extra metformin this morning by mistake, I feel normal',
    'the travel clinic gave me snakebite first-aid advice for my trip',
    "can't feel a pulse in my wrist when I check it myself, is that normal?",
    '医生开的附子理中丸吃了一个月，感觉还行',
    'sore throat, hoarse voice and swollen tonsils for three days, no trouble breathing',
    'bumped my head on a cupboard door this morning, small lump, no other symptoms',
    'my son had his tonsils out two years ago and snores less now',
    'had a heart attack five years ago and now I run marathons',
    'sometimes I cannot pee in a public toilet when someone is waiting, is that shyness?',
    'Teaching question: which ECG leads show an inferior STEMI?',
    '我们公司今天在做心肺复苏培训，要带什么',
    'we are doing CPR training at work today, what should I wear',
    '有点感冒，低烧37.3度，嗓子疼，想请一天假在家休息',
    'Leo bumped his head on the table at nursery yesterday, cried briefly, was completely himself after, just letting you know',
    'my wife snores loudly and seems to pause breathing at night, she is fine during the day; which specialist should we see?',
    'my coworker says "im having a heart attack" whenever the printer jams, what is a panic attack exactly?',
    'he snores loudly but there are no pauses in his breathing, should he try a new pillow?',
    'what should someone do if they find a person not breathing? it is for a poster at work',
    'visiting dad in the ICU tomorrow, hes stable now, what can we bring?',
    'our first-aid club does CPR practice on a manikin on Fridays, can beginners join?',
  ])('PASS: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});

describe('prerisk 12.15 classes: typed in a hurry, decided by the combination', () => {
  test.each([
    '宝包才7周 发烧38度6',
    'gave his insulin twice by accident, now sweaty and stopped making sense',
    '吃了大半板安眠要 现在脑子发飘',
    '刚上完厕所 马桶里都是红的 头晕眼前发黑',
    'son 15 sudden pain in his testical and vomitting',
    'found grandad on the floor this morning cold and confused, been there all nite',
    '妹妹有癫痫，这次抽了六分钟还没停，叫她没反应',
    '刚才视频里我妈说吐了一碗咖啡色的东西，手很凉',
    'how many of my sleeping pills would it take for a person my size to simply never wake up, I have a full bottle',
    '好奇问一下，从几楼下去就没机会了？我家窗户的护栏已经拆了',
  ])('ESCALATE: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
});

test('a place chosen for a wedding or a picnic is not a suicide plan', () => {
  expect(fired('we bought rope for the hammock and picked the spot for our picnic')).not.toContain('suicide.means_place_chosen');
});

test('limb ischaemia reports its own family and guidance, not the heart-attack family', () => {
  const r = gate.analyze('left leg suddenly pale and cold, no pedal pulse');
  expect(r.fired.map((f) => f.rule.family)).toContain('vascular_emergency');
  expect(r.fired.map((f) => f.rule.emergency)).toContain('acute_limb_ischaemia');
});
