import * as path from 'node:path';
import * as os from 'node:os';
import { IcdCoder } from './coder';
import { IcdError } from './errors';
import { defaultIcdCoder } from './index';

const coder = defaultIcdCoder();
const top = (q: string): string | undefined => coder.lookup(q)[0]?.code;
const codes = (q: string, limit = 5): string[] => coder.lookup(q, { limit }).map((m) => m.code);

describe('IcdCoder.lookup', () => {
  it('ships every category of the source list with chapters', () => {
    expect(coder.categories.length).toBeGreaterThanOrEqual(1585);
    expect(coder.chapters.map((c) => c.range)).toContain('E00-E90');
    expect(coder.categories.filter((c) => c.name_en && (c.aliases?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(150);
  });

  it('matches exact codes, including sub-codes, lower case and dagger/asterisk marks', () => {
    expect(coder.lookup('E11')[0]).toMatchObject({ code: 'E11', matched_by: 'code', score: 1 });
    expect(top('e11.9')).toBe('E11');
    expect(top('Ｉ１０')).toBe('I10');
    expect(coder.get('I68*')?.mark).toBe('asterisk');
    expect(coder.get('A17')?.mark).toBe('dagger');
  });

  it('never invents codes', () => {
    expect(coder.lookup('Z99')).toEqual([]); // chapter XXI is not in the source list
    expect(coder.lookup('量子力学')).toEqual([]);
    expect(coder.lookup('xylophone')).toEqual([]);
    expect(coder.lookup('   ')).toEqual([]);
  });

  it.each([
    ['糖尿病', 'E11'], ['2型糖尿病', 'E11'], ['T2DM', 'E11'], ['高血压', 'I10'], ['高血压病', 'I10'], ['痛风', 'M10'],
    ['中风', 'I64'], ['脑卒中', 'I64'], ['脑梗', 'I63'], ['心梗', 'I21'], ['哮喘', 'J45'], ['慢阻肺', 'J44'], ['COPD', 'J44'],
    ['甲亢', 'E05'], ['甲减', 'E03'], ['慢性肾病', 'N18'], ['CKD', 'N18'], ['妊娠期糖尿病', 'O24'], ['抑郁症', 'F32'],
    ['焦虑', 'F41'], ['流感', 'J11'], ['甲流', 'J10'], ['肺炎', 'J18'], ['尿路感染', 'N39'], ['UTI', 'N39'],
  ])('%s → %s', (query, code) => {
    expect(top(query)).toBe(code);
  });

  it('ranks primary aliases above secondary ones and reports how each matched', () => {
    const r = coder.lookup('糖尿病');
    expect(r.slice(0, 2).map((m) => [m.code, m.matched_by])).toEqual([['E11', 'alias'], ['E14', 'alias']]);
    expect(codes('中风')).toEqual(expect.arrayContaining(['I64', 'I63']));
    expect(coder.lookup('痛风')[0]?.matched_by).toBe('name');
    expect(coder.lookup('甲状腺功能亢进症')[0]).toMatchObject({ code: 'E05', matched_by: 'name' });
  });

  it('looks up English titles and aliases', () => {
    expect(top('type 2 diabetes mellitus')).toBe('E11');
    expect(top('Heart Attack')).toBe('I21');
    expect(top('asthma')).toBe('J45');
    expect(coder.lookup('gout')[0]?.name_en).toBe('Gout');
  });

  it('tolerates typos in English and partial Chinese terms', () => {
    const r = coder.lookup('diabetis');
    expect(r[0]).toMatchObject({ code: 'E11', matched_by: 'fuzzy' });
    expect(r.map((m) => m.code)).toContain('E14');
    expect(top('hypertention')).toBe('I10');
    expect(top('pnuemonia')).toBe('J18');
    expect(top('heart atack')).toBe('I21');
    expect(coder.lookup('2型糖尿')[0]).toMatchObject({ code: 'E11', matched_by: 'fuzzy' });
    expect(top('肺部感染了')).toBe('J18');
  });

  it('returns chapters with each match and by code', () => {
    expect(coder.lookup('E11')[0]?.chapter).toMatchObject({ id: 'IV', range: 'E00-E90', name_en: 'Endocrine, nutritional and metabolic diseases' });
    expect(coder.chapterOf('J45')?.name_zh).toBe('呼吸系统疾病');
    expect(coder.chapterOf('T98')?.range).toBe('S00-T98');
    const iv = coder.inChapter('IV').map((c) => c.code);
    expect(iv).toContain('E11');
    expect(iv.every((c) => c >= 'E00' && c <= 'E90')).toBe(true);
    expect(coder.inChapter('E00-E90').length).toBe(iv.length);
  });

  it('honours lang and limit', () => {
    expect(coder.lookup('diabetes', { lang: 'zh' })).toEqual([]);
    expect(coder.lookup('糖尿病', { limit: 1 })).toHaveLength(1);
  });

  it('rejects oversized queries and bad data with coded errors', () => {
    expect(() => coder.lookup('x'.repeat(500))).toThrow(expect.objectContaining({ name: 'IcdError', code: 'ICD_BAD_QUERY' }));
    expect(() => IcdCoder.fromData({ chapters: [], categories: [{ code: 'E11', name_zh: 'x', chapter: 'IV' }] })).toThrow(IcdError);
    let err: unknown;
    try {
      IcdCoder.load(path.join(os.tmpdir(), 'no-such-icd.json'));
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: 'ICD_DATA_UNREADABLE' });
    expect((err as IcdError).cause).toBeDefined();
  });
});

describe('IcdCoder.extractFromText', () => {
  it('finds conditions in Chinese text, with simple negation', () => {
    const r = coder.extractFromText('患者2型糖尿病十年，合并高血压，去年脑梗，没有哮喘。');
    expect(r.map((m) => [m.code, m.negated])).toEqual([['E11', false], ['I10', false], ['I63', false], ['J45', true]]);
  });

  it('finds conditions in English text as whole words only', () => {
    const r = coder.extractFromText('History of gout and chronic kidney disease; denies COPD. Scalp is itchy.');
    expect(r.map((m) => [m.code, m.negated])).toEqual([['M10', false], ['N18', false], ['J44', true]]);
    expect(coder.extractFromText('the capital of France')).toEqual([]);
  });

  it('reports each code once, in order of first mention', () => {
    const r = coder.extractFromText('糖尿病，糖尿病，还是糖尿病；也有T2DM');
    expect(r.map((m) => m.code)).toEqual(['E11']);
  });
});
