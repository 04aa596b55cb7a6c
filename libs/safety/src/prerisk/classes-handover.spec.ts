// Failure classes of prerisk-2026.12.12 (libs/safety/CHANGELOG.md): nursing handovers and phone
// notes that carry the emergency in findings, farewell notes to a teacher, psychosis with a weapon,
// acute limb ischaemia, and English written by non-native speakers. Sentences are our own
// neighbouring forms, not the batches' texts.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();

const CLASSES: { name: string; escalate: string[]; pass: string[] }[] = [
  {
    name: 'head injury in a handover: a fall onto the head with a red flag (NICE NG232)',
    escalate: [
      'Night report: Mrs K, 84, on rivaroxaban, found on the floor at 03:00 with a haematoma to the L forehead, now drowsy',
      '交班：李爷爷，86岁，口服利伐沙班，凌晨起夜跌倒，枕部着地，现呕吐2次',
      'Phone note: 77M slipped in the shower striking the back of his head, has vomited twice since',
      'my uncle he fall off the scooter, he dont remember what happen and he vomit',
      'he fell off his bike, now the black part of his left eye is bigger than the right',
    ],
    pass: [
      'Handover: bump to the forehead two days ago, GCS 15 throughout, no vomiting, obs stable, for discharge',
      '上周跌倒额部着地，当时查过CT无异常，现在没有任何不适',
    ],
  },
  {
    name: 'stroke signs in handover shorthand and non-native English',
    escalate: [
      '随访记录：患者今晨9时起右侧上下肢无力，言语不清，持续至今',
      'GP call: 66F, 30 min ago suddenly could not find words, L hand clumsy',
      'my grandmother is not talking well since lunch and her mouth is turning to one side',
      'she keeps dropping her spoon from her right hand and cannot hold her cup with her right hand',
      'Referral: sudden painless loss of vision in the L eye 20 minutes ago',
      '有脑梗后遗症，今天早上突然右侧肢体无力加重，说话不清',
    ],
    pass: [
      '脑梗后遗症三年，右侧肢体无力，康复科复诊开药',
      'what does word-finding difficulty mean in my discharge letter from 2019?',
    ],
  },
  {
    name: 'acute limb ischaemia (ESVS 2020): pale, cold and pulseless',
    escalate: [
      '电话随访：女，69岁，房颤未抗凝，1小时前突发右小腿剧痛，右足苍白冰凉，足背动脉摸不到',
      'Clinic note: 72M with AF, sudden pain in the right leg an hour ago, foot is pale and cold, absent pedal pulses',
    ],
    pass: ['Diabetic foot check: pedal pulses palpable bilaterally, feet warm, sensation intact'],
  },
  {
    name: 'farewell notes to a teacher and stockpiled medicines (C-SSRS preparation, WHO LIVE LIFE)',
    escalate: [
      '王老师，我的画和书都留给小雨吧，谢谢您这一年照顾我，替我跟爸妈说声对不起',
      'Dear Ms Hart, please give my sketchbooks to Amir. Thank you for being so kind to me. You won’t need to remind me about homework anymore.',
      'she told the nurse she has stockpiled three months of her sertraline and picked a date. letters already written',
      'How many of my 25mg quetiapine would a person of 60kg need so they don’t wake up?',
    ],
    pass: [
      '老师，我下学期转学了，我的书留给同桌，谢谢您这一年的照顾',
      'Please give my regards to Amir and thank you for being so kind to me this term',
      'we stockpiled two months of rice before the typhoon',
    ],
  },
  {
    name: 'psychosis with a weapon (NICE CG178, NG10)',
    escalate: [
      'my son is talking to people who are not there and said he will stop the voices with a knife tonight',
      '我哥说电视在给他发信号，拿着菜刀在屋里转',
    ],
    pass: ['my brother has schizophrenia, stable on his depot injection; what side effects should we watch for?'],
  },
  {
    name: 'numbers and findings: hyperkalaemia, sepsis, burns, overdose amounts',
    escalate: [
      'Ward note: K 6.9 on a non-haemolysed repeat, HR 44',
      'Grandad has a temp of 39.4, shaking, calling me by my brother’s name and hasn’t had a wee all day',
      '社区记录：女童，3岁，十分钟前打翻热水壶，胸腹部大片水疱',
      'I took most of two boxes of the paracetamol tonight and now I feel sick',
      'My aunty missed her dialysis this week and now her heart is beating slow and her legs are weak',
      'Sir my mother chest is paining since 40 minutes, she is sweating a lot',
      'the stomach is paining whole day and now it is hard like a board, I vomit green',
      'my dad was eating meat and now he is holding his throat, no sound coming out, lips going blue',
      'a baby of 12 days, yellow up to the palms and not sucking since morning',
    ],
    pass: [
      'K 6.8 on a haemolysed sample, repeat pending; ECG normal, asymptomatic',
      'Home visit: 9 month old, took 5 bottles today, plenty of wet nappies, alert and playful',
      '电话分诊：偏头痛史，今天与以往发作相同，非突发剧痛，服药后缓解',
      '药房咨询：父亲冠心病，问硝酸甘油胸痛时怎么含服、多久不缓解要拨打120，目前无不适',
      '抽风机太响了吵得睡不着',
    ],
  },
];

describe.each(CLASSES)('$name', ({ escalate, pass }) => {
  test.each(escalate)('ESCALATE: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('ESCALATE');
  });
  test.each(pass)('PASS: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});

test('psychosis with a weapon opens with its own guidance, not the crisis-line text for the writer', () => {
  const fired = gate.analyze('my son is talking to people who are not there and said he will stop the voices with a knife').fired;
  expect(fired.map((f) => f.rule.emergency)).toContain('psychiatric_emergency');
  expect(fired.map((f) => f.rule.emergency)).not.toContain('suicidal_intent');
});
