import { extractConcepts, sharesConcept, expandConcept, parseConceptData, readConceptData } from '.';

const ids = (text: string): string[] => extractConcepts(text).map((c) => c.id);

describe('extractConcepts', () => {
  it('finds first-aid actions, diseases, symptoms, tests and drugs with spans into the input', () => {
    const text = '我爸突然倒地，没有呼吸，怎么做心肺复苏？';
    const cs = extractConcepts(text);
    const cpr = cs.find((c) => c.id === 'fa:cpr');
    expect(cpr).toBeDefined();
    expect(text.slice(...(cpr as { span: [number, number] }).span)).toBe('心肺复苏');
    expect(ids('孩子吞了纽扣电池怎么办')).toContain('fa:button_battery');
    expect(ids('糖化血红蛋白6.1%算糖尿病吗')).toEqual(expect.arrayContaining(['test:hba1c', 'icd:E11']));
    expect(ids('chest pain radiating to my left arm')).toContain('sym:chest-pain');
    expect(ids('I take warfarin, what should I eat to keep my INR stable?')).toEqual(
      expect.arrayContaining(['drug:warfarin', 'test:inr']),
    );
  });

  it('labels in the requested language and keeps ids language-neutral', () => {
    const zh = extractConcepts('胸痛');
    const en = extractConcepts('chest pain', { lang: 'zh' });
    expect(zh.map((c) => c.id)).toEqual(en.map((c) => c.id));
    expect(en[0]?.label).toBe(zh[0]?.label);
    expect(extractConcepts('胸痛', { lang: 'en' })[0]?.label).toBe('chest pain');
  });

  it('leaves negated mentions out', () => {
    expect(ids('没有胸痛，只是头晕')).not.toContain('sym:chest-pain');
    expect(ids('没有胸痛，只是头晕')).toContain('sym:dizziness');
    expect(ids('no fever or cough')).toEqual([]);
  });

  it('returns nothing for text without a medical concept', () => {
    expect(extractConcepts('今天天气不错，我们去公园吧')).toEqual([]);
  });
});

describe('sharesConcept', () => {
  const s = (a: string, b: string): boolean => sharesConcept(extractConcepts(a), extractConcepts(b));

  it('relates a symptom and the disease topic it presents (chest pain ~ acute coronary syndrome)', () => {
    expect(s('chest pain', 'acute coronary syndrome')).toBe(true);
    expect(s('胸痛', '急性心肌梗死的识别')).toBe(true);
    expect(expandConcept('icd:I21').has('topic:coronary_heart_disease')).toBe(true);
  });

  it('keeps unrelated topics apart even inside one organ system', () => {
    expect(s('how to learn CPR for my family', '高血压的诊断标准与分级')).toBe(false);
    expect(s('心脏骤停怎么办', '糖尿病患者生病期间的血糖管理')).toBe(false);
    expect(s('血压90/50，意识模糊', '高血压的诊断标准与分级')).toBe(false);
  });

  it('relates across languages and through medication classes', () => {
    expect(s('心肺复苏怎么做', 'CPR and AED for adults')).toBe(true);
    expect(s('I take warfarin', 'anticoagulation for atrial fibrillation')).toBe(true);
  });

  it('lets context concepts count only when one side has nothing more specific', () => {
    expect(s('孕期饮食要注意什么', '孕期营养与体重增长')).toBe(true);
    expect(s('宝宝发烧怎么办', '儿童哮喘的吸入治疗')).toBe(false);
    expect(sharesConcept([], extractConcepts('胸痛'))).toBe(false);
  });
});

describe('concept data', () => {
  it('ships a consistent lexicon and hierarchy', () => {
    const d = readConceptData();
    expect(d.entries.length).toBeGreaterThan(50);
    expect(d.entries.every((e) => e.source.length > 0)).toBe(true);
  });

  it('rejects a topic reference that does not exist', () => {
    const lexicon = { entries: [{ id: 'fa:x', kind: 'first_aid', zh: ['某'], en: [], topics: ['topic:none'], source: 's' }] };
    expect(() => parseConceptData(lexicon, { topics: [] })).toThrow(/unknown topic/);
  });
});

describe('blood-pressure readings', () => {
  it('name low or high blood pressure by value', () => {
    expect(ids('量血压90/50，人有点迷糊')).toContain('sym:low-blood-pressure');
    expect(ids('BP 165/100 this morning')).toContain('sym:high-blood-pressure');
    expect(ids('血压120/80')).not.toEqual(expect.arrayContaining(['sym:low-blood-pressure']));
  });
});

describe('bites and poisoning', () => {
  it('keep a snake bite apart from a swallowed battery (venom is not a poisoning topic here)', () => {
    const s = (a: string, b: string): boolean => sharesConcept(extractConcepts(a), extractConcepts(b));
    expect(s('孩子吞了纽扣电池怎么办', '被蛇咬伤怎么办')).toBe(false);
    expect(s('孩子吞了纽扣电池怎么办', '误服药物、药物过量和中毒的急救')).toBe(true);
  });
});
