import { validateTaskPlan } from '@medagent/contracts';
import { PLANNER_INSTRUCTION_MAX_CHARS } from './instructions';
import { escalationPlan, planFromMessage } from './planner';
import { DEV_SET_PATH, EXTRA_SET_PATH, loadCases } from './testing/cases';

const SEED =
  '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

const EDGE_INPUTS = [
  '',
  '   ',
  '？？？',
  '你好',
  'hi',
  '😀😀',
  '我血糖高',
  'My blood sugar is high.',
  '头晕'.repeat(400),
  `${SEED}`.repeat(12),
  'ICD-10 E11.9 E11.4 N08.3 I10 怎么编？guideline? trial? risk? diet?',
  '；；，，、、。。',
];

describe('planFromMessage', () => {
  it('plans the seed question as triage → consultation → research, complex', () => {
    const { plan } = planFromMessage(SEED);
    expect(plan.complexity).toBe('complex');
    expect(plan.tasks.map((t) => [t.task_id, t.task_type, t.agent])).toEqual([
      ['t1', 'risk_triage', 'triage'],
      ['t2', 'lifestyle_guidance', 'consultation'],
      ['t3', 'clinical_guideline', 'research'],
    ]);
  });

  it('quotes the exact question and the background in each instruction', () => {
    const [risk, life, guide] = planFromMessage(SEED).plan.tasks;
    expect(risk?.instruction).toContain('评估风险与就医时机：「严重吗、应该何时就医？」');
    expect(risk?.instruction).toContain('我最近餐后血糖偏高、偶尔头晕');
    expect(life?.instruction).toContain('「日常饮食和运动如何调整？」');
    expect(guide?.instruction).toContain('请同时给出最新糖尿病临床指南依据');
  });

  it('returns parts whose offsets point at their text in the message', () => {
    const { parts } = planFromMessage(SEED);
    expect(parts.map((p) => p.task_type)).toEqual([
      'risk_triage',
      'lifestyle_guidance',
      'clinical_guideline',
    ]);
    for (const part of parts) {
      expect(SEED.slice(part.start, part.end)).toBe(part.text);
      expect(part.score).toBeGreaterThan(0);
      expect(part.score).toBeLessThanOrEqual(1);
    }
  });

  it('keeps one intent in one part ("严重吗、应该何时就医" is not split)', () => {
    const risk = planFromMessage(SEED).parts.filter((p) => p.task_type === 'risk_triage');
    expect(risk).toHaveLength(1);
  });

  it('merges two types of one worker into the dominant one and keeps both quotes', () => {
    const message = '最近两个月老是口干，喝水多尿也多，这是怎么回事？用不用去医院查查';
    const { plan } = planFromMessage(message);
    expect(plan.tasks).toHaveLength(1);
    expect(plan.tasks[0]?.task_type).toBe('symptom_analysis');
    expect(plan.tasks[0]?.instruction).toContain('用不用去医院查查');
  });

  it('plans English messages with English instructions', () => {
    const { plan } = planFromMessage(
      'I get heartburn after dinner most nights. What is causing it, and what should I change about how I eat?',
    );
    expect(plan.tasks.map((t) => t.task_type)).toEqual(['symptom_analysis', 'lifestyle_guidance']);
    expect(plan.tasks[0]?.instruction).toMatch(/^Analyse the likely causes/);
    expect(plan.tasks[0]?.instruction).toContain('"What is causing it,"');
  });

  it('honours an explicit instruction language', () => {
    const { plan } = planFromMessage('二甲双胍有什么副作用？', { lang: 'en' });
    expect(plan.tasks[0]?.instruction).toMatch(
      /^Explain the medical knowledge asked about: "二甲双胍有什么副作用？"/,
    );
  });

  it('passes memory to workers as background without changing the routing', () => {
    const plain = planFromMessage('那这个药要吃多久？');
    const withMemory = planFromMessage('那这个药要吃多久？', { memorySummary: '用户在问二甲双胍' });
    expect(withMemory.plan.tasks.map((t) => t.task_type)).toEqual(plain.plan.tasks.map((t) => t.task_type));
    expect(withMemory.plan.tasks[0]?.instruction).toContain('既往对话摘要：用户在问二甲双胍');
  });

  it('keeps user text out of the rationale', () => {
    const { rationale, parts } = planFromMessage(SEED);
    for (const part of parts) expect(rationale).not.toContain(part.text.slice(0, 4));
    expect(rationale).toContain('triage=risk_triage');
  });

  it('is deterministic', () => {
    expect(planFromMessage(SEED)).toEqual(planFromMessage(SEED));
  });

  it.each(EDGE_INPUTS)('produces a contract-valid plan for edge input %#', (message) => {
    const { plan } = planFromMessage(message);
    expect(validateTaskPlan(plan).ok).toBe(true);
    for (const task of plan.tasks)
      expect(Array.from(task.instruction).length).toBeLessThanOrEqual(PLANNER_INSTRUCTION_MAX_CHARS);
  });

  it('produces contract-valid, ordered plans for every dev and extra case', () => {
    const cases = [...(loadCases(DEV_SET_PATH) ?? []), ...(loadCases(EXTRA_SET_PATH) ?? [])];
    const order = { triage: 0, consultation: 1, research: 2 } as const;
    for (const c of cases) {
      const { plan } = planFromMessage(c.text);
      const checked = validateTaskPlan(plan);
      expect(checked.ok).toBe(true);
      const ranks = plan.tasks.map((t) => order[t.agent]);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(plan.tasks.map((t) => t.task_id)).toEqual(plan.tasks.map((_, i) => `t${i + 1}`));
      for (const task of plan.tasks)
        expect(Array.from(task.instruction).length).toBeLessThanOrEqual(PLANNER_INSTRUCTION_MAX_CHARS);
    }
  });
  // Planning latency is a benchmark, not a timed test: `medagent bench latency` (budget 2 ms).
});

describe('clause acts', () => {
  const types = (message: string): string[] =>
    planFromMessage(message)
      .plan.tasks.map((t) => t.task_type)
      .sort();

  it('reads an A-not-A clause as a question ("严重不严重")', () => {
    expect(types('肝硬化一般分几期？我这个B超说是F3，严重不严重')).toEqual(
      ['disease_classification', 'risk_triage'].sort(),
    );
  });

  it('lets a grading question absorb "what does grade X mean" instead of adding knowledge', () => {
    expect(types('MELD评分是怎么算的，C级是什么意思')).toEqual(['disease_classification']);
  });

  it('gives a cue-less second question its own act rather than the previous one', () => {
    expect(types('乙肝表面抗原阳性严不严重？需要赶紧去吗')).toEqual(['risk_triage']);
    expect(
      types('Am I at higher risk given my family history, and what is the best way to actually quit?'),
    ).toEqual(['lifestyle_guidance', 'risk_triage'].sort());
  });

  it('keeps an impersonal follow-up with the guideline it asks about', () => {
    expect(types('USPSTF指南建议几岁开始查骨密度？男的也要查吗')).toEqual(['clinical_guideline']);
  });

  it('does not read an indefinite ("什么时候吃都行") or a negation ("没啥症状") as a question', () => {
    expect(types('这两种他汀有啥区别？有的医生说什么时候吃都行')).toEqual(['general_consultation']);
    expect(types('尿素呼气试验阳性，没啥症状，这个菌是怎么传染的')).toEqual(['general_consultation']);
  });
});

describe('question-act families (batch-5 pass)', () => {
  const types = (message: string): string[] =>
    planFromMessage(message)
      .plan.tasks.map((t) => t.task_type)
      .sort();

  it('keeps result and target follow-ups with the study they ask about', () => {
    expect(types('ACCORD研究说强化控糖死亡率更高，具体结论是什么，糖化降到多少')).toEqual(['clinical_research']);
  });

  it('lets a bare evidence ask take over the impersonal effect claim before it', () => {
    expect(types('长期喝浓茶会不会增加骨折风险，有研究吗')).toEqual(['clinical_research']);
    expect(types('Does coffee actually raise blood pressure, or is that a myth? any evidence?')).toEqual([
      'clinical_research',
    ]);
  });

  it('reads "what is <test>" as knowledge next to other acts, a "<test> study" included', () => {
    expect(types('what actually is a urodynamic study')).toEqual(['general_consultation']);
    expect(types('骨密度检查是查什么的？我这种情况要不要提前做')).toEqual(
      ['general_consultation', 'risk_triage'].sort(),
    );
  });

  it('recognises English risk acts: book in with, follow-up, put me at, a bare "how high"', () => {
    expect(types('Should I book in with my GP about this rash, and what does eczema look like?')).toContain(
      'risk_triage',
    );
    expect(types('My LDL is 5.1 - does that put me at high risk?')).toEqual(['risk_triage']);
    expect(types('She was told she is at high risk of stroke. How high, roughly?')).toEqual(['risk_triage']);
  });

  it('reads an amount of a habit as lifestyle and a personal interval as follow-up', () => {
    expect(
      types('Is there solid trial data that walking cuts heart attacks? how many minutes should I aim for?'),
    ).toEqual(['clinical_research', 'lifestyle_guidance'].sort());
    expect(types('我现在是2期，多久复查一次CT')).toEqual(['risk_triage']);
  });

  it('reads "<term>是怎么回事" as knowledge, a complaint as a cause question', () => {
    expect(types('代谢性酸中毒是怎么回事')).toEqual(['general_consultation']);
    expect(types('最近老是胸闷是怎么回事')).toEqual(['symptom_analysis']);
  });

  it('keeps test names out of topic cues and reads "could X explain Y" as a cause', () => {
    expect(types("what's a cardiac stress test?")).toEqual(['general_consultation']);
    expect(types('could my thyroid explain the tiredness?')).toEqual(['symptom_analysis']);
  });

  it('still reads "有没有啥…的办法" as a question (the negation filter skips "有没有")', () => {
    expect(types('有没有啥止痒的办法')).toEqual(['lifestyle_guidance']);
  });
});

describe('second-intent families (batch-6 pass)', () => {
  const types = (message: string): string[] =>
    planFromMessage(message)
      .plan.tasks.map((t) => t.task_type)
      .sort();

  it('reads Cantonese, regional and traditional question forms', () => {
    expect(types('糖尿病食咩好？饮得唔得果汁')).toEqual(['lifestyle_guidance']);
    expect(types('BB发烧三日，使唔使去急症室')).toEqual(['risk_triage']);
    expect(types('醫生說我有輕度貧血，平時要吃什麼補？')).toEqual(['lifestyle_guidance']);
    expect(types('我这个胃老是胀，是啥子原因嘛')).toEqual(['symptom_analysis']);
  });

  it('gives a personal go-now or how-to question its own act after a guideline or study thread', () => {
    expect(types('What does the ESC say about palpitations, and should I ring them today?')).toEqual(
      ['clinical_guideline', 'risk_triage'].sort(),
    );
    expect(types('有研究说间歇性断食能减重吗？平时怎么安排着吃')).toEqual(
      ['clinical_research', 'lifestyle_guidance'].sort(),
    );
  });

  it('reads what a finding implies, how two terms relate and usual care as knowledge', () => {
    expect(types('乙肝表面抗原阳性是不是就意味着有肝炎')).toEqual(['general_consultation']);
    expect(types('尿酸和痛风之间是什么关系')).toEqual(['general_consultation']);
    expect(types('宫颈癌IB1期是怎么分的？这种分期通常还要放疗吗')).toEqual(
      ['disease_classification', 'general_consultation'].sort(),
    );
    expect(types('它和布洛芬属于一类的吗')).toEqual(['general_consultation']);
  });

  it('lets a guideline clause own the drug question inside it, and a diagnosis pair stay a cause question', () => {
    expect(types('按照中国高血压指南推荐用哪类药')).toEqual(['clinical_guideline']);
    expect(types('脸上起了一片红疹，这是湿疹还是过敏')).toEqual(['symptom_analysis']);
  });

  it('recognises English plan, trajectory and usual-cause forms', () => {
    expect(types('what would a sensible weekly plan look like for me?')).toEqual(['lifestyle_guidance']);
    expect(types('With these numbers am I heading for kidney failure?')).toEqual(['risk_triage']);
    expect(types('What usually triggers gout flares?')).toEqual(['symptom_analysis']);
    expect(types('what exactly is active monitoring for a kidney cyst')).toEqual(['general_consultation']);
  });

  it('reads a lifelong-treatment question as knowledge and a hedged truth ask as evidence', () => {
    expect(types('What is Graves disease, and will I need tablets for life?')).toEqual(['general_consultation']);
    expect(types('Do studies back turmeric for joint pain, or is it mostly hype?')).toEqual(['clinical_research']);
  });

  it('reads a threshold ("多大算大") as knowledge and a personal value ("算高吗") as seriousness', () => {
    expect(types('胆囊息肉多大算大')).toEqual(['general_consultation']);
    expect(types('我的尿酸480算高吗')).toEqual(['risk_triage']);
  });

  it('reads cue-less second questions: me too, activity permission, something wrong, drink on a drug', () => {
    expect(types('家里有人得了痛风，我会不会也有？')).toEqual(['risk_triage']);
    expect(types('我一天喝三杯咖啡行不行')).toEqual(['lifestyle_guidance']);
    expect(types('My 4 yo keeps getting ear infections. Is there something wrong and what do we do at night?')).toEqual(
      ['lifestyle_guidance', 'symptom_analysis'].sort(),
    );
    expect(types("I'm on citalopram, can I still have a glass of wine?")).toEqual(['general_consultation']);
    expect(types('is it worth seeing a cardiologist about palpitations?')).toEqual(['risk_triage']);
  });
});

describe('escalationPlan', () => {
  it('is the single risk_triage → triage simple plan, quoting the message', () => {
    const plan = escalationPlan('胸口压榨样疼了半小时，出冷汗');
    expect(validateTaskPlan(plan).ok).toBe(true);
    expect(plan.complexity).toBe('simple');
    expect(plan.tasks).toHaveLength(1);
    expect(plan.tasks[0]).toMatchObject({ task_id: 't1', task_type: 'risk_triage', agent: 'triage' });
    expect(plan.tasks[0]?.instruction).toContain('「胸口压榨样疼了半小时，出冷汗」');
  });

  it('writes English instructions for English messages and stays within the length cap', () => {
    const plan = escalationPlan(`Crushing chest pain for 30 minutes. ${'help '.repeat(300)}`);
    expect(plan.tasks[0]?.instruction).toMatch(/^Urgently assess/);
    expect(Array.from(plan.tasks[0]?.instruction ?? '').length).toBeLessThanOrEqual(
      PLANNER_INSTRUCTION_MAX_CHARS,
    );
  });
});
