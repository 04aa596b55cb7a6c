import * as path from 'node:path';
import { readSymptomData } from './data';
import { SymptomError } from './errors';
import { SymptomAnalyzer } from './analyzer';
import { buildModel } from './model';
import { foldTerm } from './text';
import type { SymptomData } from './types';

const data = readSymptomData();

describe('shipped symptom data', () => {
  it('has the knowledge-graph diseases with short descriptions and attribution', () => {
    expect(data.diseases.length).toBeGreaterThanOrEqual(300);
    for (const d of data.diseases) {
      expect(d.source).toBe('mvqa-kg (MIT)');
      expect(d.symptoms_zh.length + d.symptoms_en.length).toBeGreaterThan(0);
      expect([...(d.description_zh ?? '')].length).toBeLessThanOrEqual(120);
      for (const s of d.symptoms_zh) expect(s).not.toMatch(/[，、；;,]/);
    }
  });

  it('has at least 60 bilingual synonym groups', () => {
    expect(data.groups.length).toBeGreaterThanOrEqual(60);
    for (const g of data.groups) {
      expect(g.zh.length).toBeGreaterThan(0);
      expect(g.en.length).toBeGreaterThan(0);
    }
  });

  it('has at least 25 curated conditions whose symptoms all resolve to synonym groups, in both languages alike', () => {
    expect(data.conditions.length).toBeGreaterThanOrEqual(25);
    const model = buildModel(data);
    const byText = new Map(model.terms.map((t) => [t.text, t]));
    const groupOf = (s: string): string =>
      model.concepts[byText.get(foldTerm(s))?.primary ?? -1]?.id ?? `unresolved:${s}`;
    for (const c of data.conditions) {
      expect(c.tests_zh.length).toBeGreaterThan(0);
      expect(c.tests_en.length).toBe(c.tests_zh.length);
      expect(c.source).not.toBe('');
      const zh = c.symptoms_zh.map(groupOf);
      expect(zh.every((id) => id.startsWith('sym:'))).toBe(true);
      expect(c.symptoms_en.map(groupOf)).toEqual(zh);
    }
  });
});

describe('data validation', () => {
  const clone = (): SymptomData => JSON.parse(JSON.stringify(data)) as SymptomData;

  it('rejects two synonym groups sharing a term', () => {
    const d = clone();
    d.groups[1]?.zh.push(d.groups[0]?.zh[0] ?? '');
    expect(() => SymptomAnalyzer.fromData(d)).toThrow(
      expect.objectContaining({ name: 'SymptomError', code: 'SYMPTOM_SCHEMA' }),
    );
  });

  it('rejects a curated entry that supersedes an unknown disease', () => {
    const d = clone();
    d.conditions[0] = { ...d.conditions[0]!, kg_ids: ['mvqa:no-such-disease'] };
    expect(() => SymptomAnalyzer.fromData(d)).toThrow(SymptomError);
  });

  it('reports an unreadable data folder with its own code and the cause', () => {
    let err: unknown;
    try {
      SymptomAnalyzer.load(path.join(__dirname, 'no-such-folder'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SymptomError);
    expect((err as SymptomError).code).toBe('SYMPTOM_DATA_UNREADABLE');
    expect((err as SymptomError).cause).toBeDefined();
  });
});
