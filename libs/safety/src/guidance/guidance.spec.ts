import { FALLBACK_GUIDANCE, emergencyOpening, guidanceTable, withEmergencyOpening } from './guidance';
import { currentRuleset } from '../rules/ruleset';
import { loadRulesData } from '../rules/load';
import { createPreRiskGate } from '../prerisk/gate';

const table = guidanceTable();
const rules = currentRuleset().rules;
const used = new Set(rules.map((r) => r.emergency));

describe('emergency guidance table', () => {
  it.each([...used].sort())('%s has its own guidance in both languages, with sources', (id) => {
    const g = table.get(id);
    expect(g).toBeDefined();
    expect((g?.zh ?? '').match(/[\u4e00-\u9fff]/g)?.length ?? 0).toBeGreaterThanOrEqual(30);
    expect((g?.en ?? '').match(/[a-z]+/gi)?.length ?? 0).toBeGreaterThanOrEqual(20);
    expect(g?.sources.length).toBeGreaterThan(0);
    for (const s of g?.sources ?? []) {
      expect(s.name.length).toBeGreaterThan(5);
      expect(s.year).toBeGreaterThanOrEqual(2010);
    }
  });

  it('no concept borrows another concept\'s text, and every entry is used', () => {
    const entries = [...table.values()];
    expect(new Set(entries.map((g) => g.zh)).size).toBe(entries.length);
    expect(new Set(entries.map((g) => g.en)).size).toBe(entries.length);
    const unused = entries.filter((g) => !used.has(g.id) && g.id !== FALLBACK_GUIDANCE).map((g) => g.id);
    expect(unused).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(35);
  });

  // What each concept's first aid must say (IFRC/ILCOR first aid, BLS; crisis lines with source).
  const MUST: Record<string, { zh: RegExp[]; en: RegExp[] }> = {
    cardiac_arrest: { zh: [/120/, /心肺复苏/, /AED/], en: [/911|112/, /CPR/, /AED/] },
    respiratory_arrest: { zh: [/120/, /按压/, /AED/], en: [/911|112/, /compressions/, /AED/] },
    choking: { zh: [/拍背/, /腹部冲击/], en: [/back blows/, /abdominal thrusts/] },
    seizure: { zh: [/时间/, /侧卧/, /嘴里不要塞/], en: [/Time the seizure/, /recovery position/, /nothing in the mouth/] },
    gi_bleeding: { zh: [/禁食禁水/, /急诊/], en: [/Nothing to eat or drink/, /emergency department/] },
    overdose: { zh: [/120/, /中毒/, /8小时/, /药盒/], en: [/poison centre/, /8 hours/, /packs/] },
    anaphylaxis: { zh: [/肾上腺素/], en: [/adrenaline/] },
    stroke: { zh: [/时间/], en: [/time the symptoms started/] },
    suicidal_intent: { zh: [/010-82951332/, /12356/], en: [/988/, /116 123/] },
    drowning: { zh: [/人工呼吸/, /心肺复苏/], en: [/rescue breaths/, /CPR/] },
    electric_shock: { zh: [/切断电源/], en: [/power/] },
    heat_stroke: { zh: [/冷水/], en: [/cold/] },
    severe_burn: { zh: [/20分钟/], en: [/20 minutes/] },
  };
  it.each(Object.keys(MUST))('%s says what its first aid requires', (id) => {
    const g = table.get(id);
    const m = MUST[id];
    for (const re of m?.zh ?? []) expect(g?.zh).toMatch(re);
    for (const re of m?.en ?? []) expect(g?.en).toMatch(re);
  });

  it('crisis lines are cited with the sources of the language they are given in', () => {
    const g = table.get('suicidal_intent');
    expect(g?.sources.map((s) => s.name).join()).toMatch(/12356/);
    expect(g?.sources_en?.map((s) => s.name).join()).toMatch(/988/);
  });

  it('seizure advice is not given to someone not breathing, nor pressure to a GI bleed', () => {
    expect(table.get('respiratory_arrest')?.en).not.toMatch(/recovery position/);
    expect(table.get('gi_bleeding')?.en).not.toMatch(/press/i);
  });
});

describe('the concept inventory files', () => {
  const data = loadRulesData();
  it('every family file names dated sources and every rule an emergency concept', () => {
    for (const f of data.files) {
      expect(f.sources.length).toBeGreaterThan(0);
      for (const s of f.sources) expect(s.year).toBeGreaterThanOrEqual(2010);
      for (const r of f.rules) expect(typeof r.emergency).toBe('string');
    }
    expect(data.files.length).toBeGreaterThanOrEqual(20);
  });
});

describe('the answer opening', () => {
  const gate = createPreRiskGate();
  it('opens a cardiac-arrest message with CPR/AED guidance in its language, once', () => {
    const zh = gate.evaluate('我爸突然倒地，叫不醒，没有呼吸了');
    expect(zh.decision).toBe('ESCALATE');
    const opening = emergencyOpening(zh, 'zh');
    expect(opening).toMatch(/心肺复苏/);
    const once = withEmergencyOpening('正文', zh, 'zh');
    expect(once.startsWith(opening)).toBe(true);
    expect(withEmergencyOpening(once, zh, 'zh')).toBe(once);
    const en = gate.evaluate('my husband collapsed and is not breathing');
    expect(emergencyOpening(en, 'en')).toMatch(/CPR/);
  });
  it('PASS results open with nothing', () => {
    const r = gate.evaluate('体检甲状腺结节3类，需要手术吗');
    expect(r.decision).toBe('PASS');
    expect(withEmergencyOpening('正文', r, 'zh')).toBe('正文');
  });
});
