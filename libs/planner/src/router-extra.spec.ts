import { evaluateRouter } from './evaluate';
import { planFromMessage } from './planner';
import { EXTRA_SET_PATH, loadCases } from './testing/cases';

// Our own cases (other phrasings, typos, English, mixed language), labelled by
// shared/eval/LABELING.md; kept apart from the training examples.
const cases = loadCases(EXTRA_SET_PATH) ?? [];

describe('router on the planner’s own extra cases', () => {
  const report = evaluateRouter(cases, (text, opts) => planFromMessage(text, opts));

  it('has at least 40 cases covering both languages', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(cases.some((c) => c.lang === 'en')).toBe(true);
    expect(cases.some((c) => c.lang === 'zh')).toBe(true);
  });

  it('plans at least 85% of them to an accepted task set', () => {
    expect(report.plan_accuracy).toBeGreaterThanOrEqual(0.85);
    expect(report.complexity_accuracy).toBeGreaterThanOrEqual(0.9);
  });
});
