import { InvalidRulesetError } from '../errors';
import { CURRENT_RULES_VERSION, currentRuleset, withRules } from '../rules/ruleset';
import { createPreRiskGate, defaultPreRiskGate } from './gate';

const gate = defaultPreRiskGate();
const decide = (t: string) => gate.evaluate(t);

describe('PreRiskGate: one escalation per family', () => {
  test.each([
    ['heart_attack', '我舅舅胸口压得慌，左肩膀也酸，出了一头冷汗'],
    ['heart_attack', 'crushing pain in his chest for 30 minutes and he is sweating buckets'],
    ['stroke', '奶奶刚才突然右边手脚使不上劲，嘴也歪了'],
    ['stroke', 'her face is drooping on one side and her speech is slurred, started suddenly'],
    ['breathing', '爸爸喘得躺不下，嘴唇发紫'],
    ['breathing', 'oxygen saturation 85 and struggling to breathe'],
    ['anaphylaxis', '吃了螃蟹全身起风团，喉咙发紧'],
    ['suicide_self_harm', '我不想活了，今晚就想结束这一切'],
    ['suicide_self_harm', 'I want to kill myself'],
    ['overdose_poisoning', '孩子误服了半瓶消毒液'],
    ['overdose_poisoning', 'she swallowed a whole bottle of paracetamol an hour ago'],
    ['glycaemic_emergency', '血糖1.8，喊他不太应'],
    ['glycaemic_emergency', 'glucose 600 mg/dL and he is very drowsy'],
    ['major_bleeding', '胃出血吐了一大口鲜血'],
    ['consciousness_seizure', '爷爷刚在客厅倒地不起，叫不醒'],
    ['thunderclap_headache', '突然头痛欲裂，是这辈子最厉害的一次'],
    ['pregnancy_emergency', '怀孕20周，下身流血不止，肚子剧痛'],
    ['infant_red_flag', '出生10天的宝宝发烧38.2'],
    ['sepsis_meningitis', '孩子发烧39度，脖子发硬，身上有按了不褪色的紫点'],
    ['hypertensive_crisis', '血压210/120，头疼得厉害，看东西重影'],
    ['head_injury', '从梯子上摔下来磕到头，当时昏过去了，现在吐了两回'],
    ['acute_abdomen', '肚子突然剧痛，疼得打滚，肚子硬得像板'],
  ])('%s: %s', (family, text) => {
    const r = decide(text);
    expect(r.decision).toBe('ESCALATE');
    expect(r.category).toBe(family);
    expect(r.rules_version).toBe(CURRENT_RULES_VERSION);
  });
});

describe('PreRiskGate: context that must not escalate', () => {
  test.each([
    ['negated', '没有胸痛，也不胸闷，只是有点咳嗽'],
    ['negated', 'denies chest pain or shortness of breath, wants advice on cholesterol'],
    ['negated', 'no fever or stiff neck, just a runny nose'],
    ['negated', '不头晕也没有呕吐，头上磕了个小包'],
    ['historical', '去年中过风，现在恢复良好，想问饮食'],
    ['historical', 'had a stroke in 2019, fully recovered, can I fly?'],
    ['historical', '十年前得过心梗，已经好了，现在能跑步吗'],
    ['knowledge', '心梗有哪些早期症状？'],
    ['knowledge', 'what are the signs of a stroke'],
    ['knowledge', '万一家里老人突然抽搐了应该怎么处理'],
    ['third_party', '我外婆很多年前是脑溢血走的'],
    ['third_party', 'my grandfather died of a heart attack in the 90s'],
    ['figurative', '气死我了，今天又加班'],
    ['figurative', '这个段子笑死我了'],
    ['figurative', 'that burger is a heart attack on a plate'],
    ['figurative', '医生给我开了中风回春片，说明书怎么看'],
    ['other_subject', '电影里男主角吞了一瓶安眠药，现实中能救回来吗'],
    ['mild', '餐后血糖偏高、偶尔头晕，要注意什么'],
    ['mild', '这两天有点流鼻涕，嗓子不舒服'],
  ])('%s: %s', (_kind, text) => {
    expect(decide(text).decision).toBe('PASS');
  });

  test('a relative now escalates, a relative long ago does not', () => {
    expect(decide('我爸突然一边手脚没力气').decision).toBe('ESCALATE');
    expect(decide('我爸二十年前突然一边手脚没力气，后来治好了').decision).toBe('PASS');
  });

  test('suppressed rules say why', () => {
    const neg = decide('没有胸痛，也没有出冷汗');
    expect(neg.category).toBe('negated');
    expect(neg.suppressed).toEqual(expect.arrayContaining([{ rule_id: 'cardiac.chest_pain_plus', reason: 'negated' }]));
    const hist = decide('三年前突然说话不清，嘴也歪了，现在恢复良好');
    expect(hist.decision).toBe('PASS');
    expect(hist.suppressed?.every((s) => s.reason === 'historical')).toBe(true);
    const fig = decide('朋友刷到一条视频，气得我吐血');
    expect(fig.decision).toBe('PASS');
  });
});

describe('PreRiskGate: evidence', () => {
  test('evidence offsets point into the original text (full-width and traditional input)', () => {
    const text = 'ＨＥＬＬＯ，我爸說話突然含糊不清，嘴角也歪了';
    const r = decide(text);
    expect(r.decision).toBe('ESCALATE');
    expect(r.evidence.length).toBeGreaterThan(0);
    for (const e of r.evidence) {
      expect(text.slice(e.start, e.end)).toBe(e.text);
      expect(e.family).toBe('stroke');
    }
  });

  test('numbers are evidence too', () => {
    const text = '血压 200/125，剧烈头痛';
    const r = decide(text);
    expect(r.category).toBe('hypertensive_crisis');
    expect(r.evidence.map((e) => e.text)).toEqual(expect.arrayContaining(['200/125']));
  });

  test('threshold combinations need both parts', () => {
    expect(decide('血压185/112，没有任何不舒服').decision).toBe('PASS');
    expect(decide('血压185/112，头痛恶心').decision).toBe('ESCALATE');
    expect(decide('血糖2.6，手有点抖，人很清醒').decision).toBe('PASS');
    expect(decide('血糖2.6，说话颠三倒四').decision).toBe('ESCALATE');
    expect(decide('宝宝4个月，体温38.3，吃奶玩耍都正常').decision).toBe('PASS');
    expect(decide('宝宝2个月，体温38.3').decision).toBe('ESCALATE');
    expect(decide('胸口有点闷').decision).toBe('PASS');
    expect(decide('胸口闷，还出冷汗').decision).toBe('ESCALATE');
  });
});

describe('PreRiskGate: the ruleset', () => {
  test('the default gate carries the one shipped version', () => {
    expect(createPreRiskGate().version).toBe(CURRENT_RULES_VERSION);
    expect(CURRENT_RULES_VERSION).toMatch(/^prerisk-\d{4}\.\d+\.\d+$/);
  });

  test('a derived candidate is compiled and versioned independently', () => {
    const candidate = createPreRiskGate({
      ruleset: withRules(currentRuleset(), 'prerisk-candidate', { remove: ['stroke.face_droop', 'stroke.two_signs'] }),
    });
    expect(candidate.version).toBe('prerisk-candidate');
    expect(candidate.evaluate('他突然嘴歪了').decision).toBe('PASS');
    expect(decide('他突然嘴歪了').decision).toBe('ESCALATE');
  });

  test('malformed rulesets fail at construction with a cause', () => {
    const badRef = withRules(currentRuleset(), 'bad-ref', { add: [{ id: 'x.bad', family: 'stroke', urgency: 'emergency', emergency: 'stroke', all: ['no_such_concept'] }] });
    expect(() => createPreRiskGate({ ruleset: badRef })).toThrow(InvalidRulesetError);
    const badRegex = withRules(currentRuleset(), 'bad-re', { addConcepts: [{ id: 'broken', zh: ['(unclosed'] }] });
    try {
      createPreRiskGate({ ruleset: badRegex });
      throw new Error('expected failure');
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidRulesetError);
      expect((e as InvalidRulesetError).cause).toBeInstanceOf(SyntaxError);
      expect((e as InvalidRulesetError).code).toBe('CONFIG_INVALID');
    }
    const dup = withRules(currentRuleset(), 'dup', { add: [currentRuleset().rules[0]!] });
    expect(() => createPreRiskGate({ ruleset: dup })).toThrow(/duplicate rule id/);
  });

  test('non-string input is rejected', () => {
    expect(() => gate.evaluate(42 as unknown as string)).toThrow(/must be a string/);
  });
});

describe('PreRiskGate: concepts that state a negative themselves', () => {
  test('"no pulse and isn\'t breathing" keeps both arrest signs live; ordinary negation still works', () => {
    const a = defaultPreRiskGate().analyze("My husband just collapsed, he has no pulse and isn't breathing");
    expect(a.result.decision).toBe('ESCALATE');
    expect(a.fired.map((f) => f.rule.id)).toContain('arrest.not_breathing');
    expect(defaultPreRiskGate().evaluate('没有胸痛，没有呼吸困难').decision).toBe('PASS');
    expect(defaultPreRiskGate().evaluate('no chest pain, no shortness of breath, just a cough').decision).toBe('PASS');
  });
});
