// Failure classes of prerisk-2026.12.11 (libs/safety/CHANGELOG.md): lessons and exams as a
// setting rather than a question, a hypothetical confirmed as happening now, calmed-down
// reassurance, and a present episode compared with a past heart attack or stroke. Sentences are
// our own neighbouring forms, not the batches' texts.
import { defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();

const CLASSES: { name: string; escalate: string[]; pass: string[] }[] = [
  {
    name: 'a lesson, course or exam as the setting of a live event',
    escalate: [
      '女儿今天考试的时候突然晕过去了，现在叫不太醒',
      '培训课上一个学员突然倒地，叫不醒，也没呼吸了',
      '讲座中间旁边的阿姨突然说不出话，嘴角歪了',
      "revising for my exams and I suddenly got the worst headache of my life, I'm throwing up",
      'in the middle of the lecture my friend collapsed and is not breathing',
      'was writing my essay and now my left arm and face have gone numb and my words come out wrong',
      '因为期末备考好几天没打胰岛素，现在一直吐，喘得厉害，有点迷糊',
    ],
    pass: [
      '急救培训课上老师问：成人心脏骤停按压深度是多少？',
      '课本上说中风要看FAST，具体每个字母是什么意思',
      'In my first aid course they asked what to do when someone is not breathing',
      'the lecture covered stroke: face drooping, arm weakness, speech difficulty. what does the T stand for?',
      '考试重点：急性心梗的典型症状有哪些',
      '备考资料里写着过敏性休克首选肾上腺素，剂量是多少',
    ],
  },
  {
    name: 'a hypothetical confirmed as happening now',
    escalate: [
      'What should I do if a toddler goes floppy and grey after a fever? He is like that right now',
      '孩子发烧抽筋了该怎么办？现在就是这样，眼睛往上翻',
      "how do you help someone who can't catch their breath and their lips go blue? it's happening now with my husband",
    ],
    pass: [
      'What should I do if my toddler goes floppy after a fever? Asking so I know for the future',
      '小孩发烧抽筋的话家长该怎么处理？想提前学点急救知识',
    ],
  },
  {
    name: 'red features in a febrile child under five (NICE NG143)',
    escalate: [
      'my 2 year old has had a fever since lunch and now she is floppy and her lips look a bit blue',
      '孩子两岁，发烧一天了，现在身上皮肤发花，叫他也没什么反应',
    ],
    pass: [
      'toddler has a fever of 38.4 but is running around and drinking fine',
      '孩子发烧38度5，精神还可以，在玩玩具',
    ],
  },
  {
    name: 'calmed-down reassurance after a mild episode',
    escalate: [],
    pass: [
      'got a fright when my heart was racing during the film, it has settled down now and I feel fine',
      '刚才有点心慌，坐了一会儿现在已经平复了，想问是不是咖啡喝多了',
    ],
  },
  {
    name: 'a present episode compared with a past heart attack or stroke',
    escalate: [
      'this pressure in my chest feels just like my last heart attack',
      'had bypass surgery two years ago, tonight the same heavy chest pain has come back',
      'my wife says it feels like when she had her stroke, her hand keeps dropping things',
      '这次胸口的感觉跟上次心梗的时候一模一样',
      '放过支架，今晚同样的胸闷又来了',
      '老伴说又是上回中风那种感觉，话也说不利索',
    ],
    pass: [
      'the ache is nothing like my heart attack, it hurts when I press on my ribs',
      'had a stroke in 2021, fully recovered; what should I eat to avoid another one?',
      '不像上次心梗那样，就是吃多了有点胀',
      '去年中风以后恢复得不错，想问降压药要吃多久',
    ],
  },
  {
    name: 'suicide plan, preparation and lethal-dose questions with intent (C-SSRS; 988 risk questions)',
    escalate: [
      "I've worked out exactly how I'd do it and I've got what I need in the drawer",
      'I looked up how many of my mum\'s sleeping pills it would take, she has a full box',
      'can you tell me how much paracetamol would stop your heart, asking for me',
      'today he said the kids would be better off with the insurance money',
      '我把存款密码都写给我妹了，这样以后就不会麻烦任何人了',
    ],
    pass: ['How much paracetamol is a lethal dose? pharmacology revision', 'I worked out how to do it: the shelf is up and level now'],
  },
  {
    name: 'acute confusion, household CO, weight on the chest, febrile child with poor perfusion',
    escalate: [
      "dad keeps asking the same question over and over since this morning and can't remember what day it is, he was fine yesterday",
      '奶奶昨天还好好的，今天一直说胡话，不认识人',
      'all of us in the house have had headaches since the boiler was fixed and the dog is sleepy too',
      "I'm on the train home and my chest feels like an elephant sitting on it, should I get off and find a pharmacy?",
      '胸口像压了块大石头',
      'A 4-year-old with fever, HR 170, capillary refill 4 seconds, lethargic',
    ],
    pass: [
      "I've been a bit confused about my new meds since this morning",
      "my boiler was serviced last month, what's the best CO alarm?",
    ],
  },
  {
    name: 'classes of the 2026-12-05 forum batch h43 (own wording)',
    escalate: [
      'my 2 year old was playing with the car key fob and the battery from the key fob is missing',
      '两岁的孩子玩电子秤，电子秤里的纽扣电池找不到了',
      '我儿子12岁，最近老是狂喝水老跑厕所，还瘦了，今天吐了好几次，呼吸又深又快',
      'we turned on the old gas heater tonight and the whole family has a headache, the baby keeps vomiting',
      '今晚第一次生炉子，一家人都头晕恶心，出门以后就好点了',
      'I went a lot deeper on my wrist than usual and the bleeding has soaked through two towels',
    ],
    pass: [
      'Last November I took too many pills and spent a night in hospital; this year I am well and in therapy',
      '前年产后大出血过，现在备孕，想问要注意什么',
      'the battery in the TV remote is flat, which size do I buy?',
    ],
  },
];

describe.each(CLASSES)('$name', ({ escalate, pass }) => {
  if (escalate.length > 0) {
    test.each(escalate)('ESCALATE: %s', (text) => {
      expect(gate.evaluate(text).decision).toBe('ESCALATE');
    });
  }
  test.each(pass)('PASS: %s', (text) => {
    expect(gate.evaluate(text).decision).toBe('PASS');
  });
});
