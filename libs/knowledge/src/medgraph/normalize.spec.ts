import { defaultMedicationGraph } from './default';
import { normalize, saltVariants } from './normalize';

describe('normalize', () => {
  it('folds full-width characters and case', () => {
    expect(normalize('ＷＡＲＦＡＲＩＮ　５ｍｇ')).toBe('warfarin');
    expect(normalize('Ibuprofen')).toBe('ibuprofen');
    expect(normalize('（布洛芬）')).toBe('布洛芬');
  });

  it('strips dosage strengths, pack sizes and dosage forms', () => {
    expect(normalize('布洛芬缓释胶囊0.3g')).toBe('布洛芬');
    expect(normalize('阿司匹林肠溶片 100mg')).toBe('阿司匹林');
    expect(normalize('布洛芬（0.2g×24片）')).toBe('布洛芬');
    expect(normalize('Advil 200mg x 20 tabs')).toBe('advil');
    expect(normalize('metformin ER 500 mg')).toBe('metformin');
    expect(normalize('注射用头孢曲松钠 1g')).toBe('头孢曲松钠');
    expect(normalize('insulin glargine 10 IU')).toBe('insulin glargine');
  });

  it('keeps short words whose last character only looks like a dosage form', () => {
    expect(normalize('鸦片')).toBe('鸦片');
    expect(normalize('钙片')).toBe('钙片');
  });

  it('is idempotent on tricky inputs and on every alias in the graph', () => {
    const samples = ['布洛芬缓释胶囊0.3g', 'Ｉｂｕｐｒｏｆｅｎ 200 mg tablets', '  x 3 片 ', '5% dextrose', 'K-Dur 20 mEq', '—'];
    const aliases = defaultMedicationGraph().nodes.flatMap((n) => [n.name_zh, n.name_en, ...n.aliases]);
    for (const s of [...samples, ...aliases]) expect(normalize(normalize(s))).toBe(normalize(s));
  });

  it('offers salt-free variants as a fallback', () => {
    expect(saltVariants('盐酸二甲双胍')).toContain('二甲双胍');
    expect(saltVariants('metformin hydrochloride')).toContain('metformin');
    expect(saltVariants('华法林钠')).toContain('华法林');
  });
});
