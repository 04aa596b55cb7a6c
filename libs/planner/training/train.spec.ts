import { readFileSync } from 'node:fs';
import type { RouterCase } from '../src/evaluate';
import { MODEL_LABELS } from '../src/naive-bayes';
import { BLIND_SET_PATHS, DEV_SET_PATH, loadCases } from '../src/testing/cases';
import { MODEL_PATH, loadExamples, serialiseModel, trainRouterModel } from './train';

describe('router model training', () => {
  const examples = loadExamples();

  it('has at least 400 labelled examples covering every label in both languages', () => {
    expect(examples.length).toBeGreaterThanOrEqual(400);
    for (const label of MODEL_LABELS) {
      const mine = examples.filter((e) => e.label === label);
      expect(mine.some((e) => /[\u4e00-\u9fff]/.test(e.text))).toBe(true);
      expect(mine.some((e) => !/[\u4e00-\u9fff]/.test(e.text))).toBe(true);
    }
  });

  it('committed model equals a fresh training run (byte for byte)', () => {
    const fresh = serialiseModel(trainRouterModel(examples));
    expect(readFileSync(MODEL_PATH, 'utf8')).toBe(fresh);
  });

  it('training is deterministic regardless of example order', () => {
    const reversed = serialiseModel(trainRouterModel([...examples].reverse()));
    expect(reversed).toBe(serialiseModel(trainRouterModel(examples)));
  });

  it('does not contain the dev evaluation sentences', () => {
    expectNoLeak(loadCases(DEV_SET_PATH) ?? []);
  });

  it('does not contain the blind-batch sentences either', () => {
    const blind = BLIND_SET_PATHS.flatMap((path) => loadCases(path) ?? []);
    expect(blind.length).toBeGreaterThan(0);
    expectNoLeak(blind);
  });

  function expectNoLeak(cases: readonly RouterCase[]): void {
    const clauses = new Set(
      cases.flatMap((c) =>
        c.text
          .split(/[，。？！?!,.]/)
          .map((s) => s.trim())
          .filter((s) => s.length >= 6),
      ),
    );
    const leaked = examples.filter((e) => clauses.has(e.text.replace(/[，。？！?!,.]$/, '').trim()));
    expect(leaked).toEqual([]);
  }
});
