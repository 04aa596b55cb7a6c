import { checkMedicationSafety } from './default';
import { MedGraphError } from './errors';
import type { Role, SafetyInput, SafetyResult } from './types';

const SEED = '我在吃华法林，最近膝盖疼想吃点布洛芬，以前有胃溃疡，对青霉素过敏';
const check = (input: SafetyInput, role: Role = 'triage'): SafetyResult => checkMedicationSafety(input, role);
const edgeIds = (r: SafetyResult): string[] => r.conflicts.map((c) => c.edge_id);
const SOFT = /may consider|generally fine|usually fine|可以考虑|一般没问题|通常可以/i;

function expectPlainText(r: SafetyResult): void {
  expect(r.text.trim().startsWith('{')).toBe(false);
  expect(r.text).not.toMatch(/"edge_id"|"severity"|\[object Object\]/);
}

describe('checkMedicationSafety — the seed case', () => {
  it('triage sees both HIGH conflicts and is blocked', () => {
    const r = check({ text: SEED }, 'triage');
    expect(r.verdict).toBe('blocked');
    expect(edgeIds(r)).toEqual(['ddi:warfarin:nsaid', 'ci:nsaid:peptic_ulcer']);
    expect(r.conflicts.every((c) => c.severity === 'HIGH')).toBe(true);
    expect(r.conflicts[0]?.between).toEqual(['华法林', '布洛芬']);
    expect(r.conflicts[1]?.between).toEqual(['布洛芬', '消化性溃疡']);
    expect(r.text.startsWith('【结论：阻止】')).toBe(true);
    expect(r.text).toContain('【高危】');
    expect(r.text).not.toMatch(SOFT);
    expect(r.normalized.allergies.map((a) => a.id)).toEqual(['allergy_penicillin']);
    expect(r.blind_spots).toEqual([]);
    expectPlainText(r);
  });

  it('gives the same verdict from structured lists in English', () => {
    const r = check({ drugs: ['Motrin 400 mg', 'Coumadin'], conditions: ['gastric ulcer'], allergies: ['PCN'] });
    expect(r.lang).toBe('en');
    expect(r.verdict).toBe('blocked');
    expect(r.text.startsWith('VERDICT: BLOCKED')).toBe(true);
    expect(r.text).toContain('[HIGH]');
  });

  it('a worker whose view excludes the conflicts gets plain "no conflicts" text, not JSON', () => {
    // Irinotecan interactions are managed by oncology: triage sees them, consultation does not.
    const input = { drugs: ['伊立替康', '酮康唑'] };
    expect(check(input, 'triage').verdict).toBe('blocked');
    const r = check(input, 'consultation');
    expect(r.verdict).toBe('ok');
    expect(r.conflicts).toEqual([]);
    expect(r.hidden_conflict_count).toBe(1);
    expect(r.text.split('\n')[0]).toBe('在你的视图范围内未发现用药冲突。');
    expect(r.text).toContain('这不代表该用药组合安全');
    expectPlainText(r);
  });

  it("research's view of a food-drug-only case is empty", () => {
    const r = check({ drugs: ['simvastatin'], foods: ['grapefruit juice'] }, 'research');
    expect(r.verdict).toBe('ok');
    expect(r.text.startsWith('No medication conflicts found within your view.')).toBe(true);
    expect(check({ drugs: ['simvastatin'], foods: ['grapefruit juice'] }, 'consultation').verdict).toBe('blocked');
  });
});

describe('checkMedicationSafety — graph cases', () => {
  it('penicillin allergy + amoxicillin is a HIGH cross-allergy', () => {
    const r = check({ drugs: ['阿莫西林胶囊 0.25g'], allergies: ['青霉素'] });
    expect(r.verdict).toBe('blocked');
    expect(edgeIds(r)).toEqual(['allergy:allergy_penicillin:penicillins']);
  });

  it('cephalosporins after penicillin allergy are LOW, side-chain relatives MEDIUM', () => {
    expect(check({ drugs: ['ceftriaxone'], allergies: ['penicillin'] }, 'consultation').conflicts[0]?.severity).toBe('LOW');
    expect(check({ drugs: ['ceftriaxone'], allergies: ['penicillin'] }, 'consultation').verdict).toBe('ok');
    expect(check({ drugs: ['头孢氨苄'], allergies: ['阿莫西林'] }).conflicts[0]?.severity).toBe('MEDIUM');
  });

  it('an allergy to a drug with no allergen node still blocks that drug', () => {
    const r = check({ drugs: ['二甲双胍'], allergies: ['二甲双胍'] });
    expect(r.verdict).toBe('blocked');
    expect(r.conflicts[0]?.type).toBe('CROSS_ALLERGY');
  });

  it('food-drug: warfarin with vitamin K foods is a MEDIUM caution for consultation', () => {
    const r = check({ text: '吃华法林，平时喜欢吃菠菜' }, 'consultation');
    expect(r.verdict).toBe('caution');
    expect(edgeIds(r)).toEqual(['food:warfarin:vitamin_k_rich_food']);
    expect(r.text).toContain('需要注意');
  });

  it('MAOI with tyramine food is HIGH', () => {
    expect(check({ drugs: ['phenelzine'], foods: ['aged cheese'] }).verdict).toBe('blocked');
  });

  it('class-level edges apply to every member', () => {
    for (const [a, b] of [['naproxen', 'warfarin'], ['sildenafil', '单硝酸异山梨酯'], ['tadalafil', 'nitroglycerin'], ['azathioprine', 'allopurinol']]) {
      expect(check({ drugs: [a as string, b as string] }).verdict).toBe('blocked');
    }
    const qt = check({ drugs: ['citalopram', 'ondansetron'] }, 'research');
    expect(qt.conflicts[0]?.via).toEqual(['QT-prolonging agents', 'QT-prolonging agents']);
  });

  it('the most severe, then most specific, edge represents a pair', () => {
    const r = check({ drugs: ['warfarin', 'aspirin'] }, 'research');
    expect(edgeIds(r)).toEqual(['ddi:warfarin:aspirin']);
    expect(r.conflicts[0]?.via).toBeUndefined();
  });

  it('implied conditions pick up broader contraindications', () => {
    const r = check({ drugs: ['ibuprofen'], conditions: ['孕晚期'] });
    expect(edgeIds(r)).toEqual(['ci:nsaid:pregnancy_third_trimester']);
    expect(check({ drugs: ['lisinopril'], conditions: ['third trimester'] }).verdict).toBe('blocked');
  });

  it('reads urgency-relevant context from free text', () => {
    const late = check({ text: '怀孕8个月，腰疼，能吃布洛芬吗' });
    expect(edgeIds(late)).toEqual(['ci:nsaid:pregnancy_third_trimester']);
    expect(late.normalized.conditions.map((c) => c.id)).toEqual(['pregnancy_third_trimester']);
    expect(check({ text: 'My 5-year-old has a fever, can I give him aspirin?' }, 'consultation').verdict).toBe('blocked');
    const alcohol = check({ text: '喝了酒之后吃了头孢' }, 'triage');
    expect(alcohol.verdict).toBe('blocked');
    expect(edgeIds(alcohol)).toEqual(['food:cephalosporins:alcohol']);
  });

  it('covers the common clinical pairs', () => {
    const blocked: SafetyInput[] = [
      { drugs: ['metformin'], conditions: ['尿毒症'] },
      { drugs: ['clarithromycin', 'simvastatin'] },
      { drugs: ['阿司匹林'], conditions: ['儿童'] },
      { drugs: ['levofloxacin'], conditions: ['孕妇'] },
      { drugs: ['tizanidine', 'ciprofloxacin'] },
      { drugs: ['methotrexate', 'Bactrim'] },
      { drugs: ['spironolactone', 'KCl'] },
      { drugs: ['oxycodone'], foods: ['beer'] },
      { drugs: ['metronidazole'], foods: ['alcohol'] },
    ];
    for (const input of blocked) expect([input, check(input).verdict]).toEqual([input, 'blocked']);
    const caution: SafetyInput[] = [
      { drugs: ['glipizide'], foods: ['wine'] },
      { drugs: ['sertraline', 'sumatriptan'] },
      { drugs: ['fluoxetine', 'tramadol'] },
      { drugs: ['levothyroxine', 'calcium carbonate'] },
      { drugs: ['doxycycline'], foods: ['milk'] },
      { drugs: ['felodipine'], foods: ['西柚'] },
      { drugs: ['enalapril', 'spironolactone'] },
    ];
    for (const input of caution) expect([input, check(input, 'consultation').verdict]).toEqual([input, 'caution']);
  });

  it('returns ok with no conflicts for a safe combination', () => {
    const r = check({ drugs: ['amlodipine', 'metformin', 'atorvastatin'] }, 'consultation');
    expect(r.verdict).toBe('ok');
    expect(r.conflicts).toEqual([]);
    expect(r.hidden_conflict_count).toBe(0);
    expect(r.text).toBe('No medication conflicts found within your view.');
  });

  it('names unknown entities as blind spots and mentions them in the text', () => {
    const r = check({ drugs: ['华法林', '神仙丸'], conditions: ['怪病'], text: '还在吃法匹拉韦' }, 'consultation');
    expect(r.blind_spots).toEqual(['神仙丸', '怪病', '法匹拉韦']);
    expect(r.text).toContain('未能识别');
    expect(r.text).toContain('神仙丸');
  });

  it('serialises per role: triage labels, consultation counselling, research sources', () => {
    const input = { drugs: ['warfarin', 'metronidazole'], lang: 'zh' as const };
    expect(check(input, 'triage').text).toMatch(/^【结论：阻止】[\s\S]*【高危】[\s\S]*处置/);
    expect(check(input, 'consultation').text).toMatch(/^用药安全提醒：发现严重用药风险。请不要按目前的方式用药/);
    const research = check(input, 'research').text;
    expect(research).toContain('机制');
    expect(research).toContain('来源');
    expect(research).toContain('dailymed.nlm.nih.gov');
    expect(check({ ...input, lang: 'en' }, 'research').conflicts[0]?.between).toEqual(['warfarin', 'metronidazole']);
  });

  it('rejects an unknown role and malformed input with coded errors', () => {
    expect(() => check({ drugs: ['warfarin'] }, 'doctor' as Role)).toThrow(MedGraphError);
    expect(() => check({ drugs: 'warfarin' as unknown as string[] })).toThrow(expect.objectContaining({ code: 'MEDGRAPH_BAD_INPUT' }));
  });
});
