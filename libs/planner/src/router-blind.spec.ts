import { evaluateRouter } from './evaluate';
import { planFromMessage } from './planner';
import { BLIND_SET_PATHS, loadCases } from './testing/cases';

// Regression on the blind batches (testing/blind-cases.N.jsonl). Each batch was written
// from shared/eval/LABELING.md alone and measured untuned before any fix (figures in
// README.md); fixes generalised the failing pattern, never the sentence. The threshold
// sits below the tuned score so one honest relabel does not block, but a regression does.
const THRESHOLDS: Record<string, { plan: number; complexity: number }> = {
  'blind-cases.2.jsonl': { plan: 0.95, complexity: 0.97 },
  'blind-cases.3.jsonl': { plan: 0.93, complexity: 0.95 },
  'blind-cases.4.jsonl': { plan: 0.95, complexity: 0.97 },
  // Untuned 0.86 / 0.95 when measured; tuned on in the batch-5 pass (1.000 / 1.000).
  'blind-cases.5.jsonl': { plan: 0.95, complexity: 0.97 },
  // Untuned 0.86 / 0.91 when measured; tuned on in the batch-6 pass (1.000 / 1.000).
  'blind-cases.6.jsonl': { plan: 0.95, complexity: 0.97 },
  // Untuned when measured (0.85 / 0.94, the second-intent pass); the bar is that measurement.
  'blind-cases.7.jsonl': { plan: 0.85, complexity: 0.94 },
};

describe.each(BLIND_SET_PATHS.map((path) => [path.split('/').pop() ?? path, path]))(
  'router on blind batch %s',
  (name, path) => {
    const cases = loadCases(path) ?? [];
    const report = evaluateRouter(cases, (text, opts) => planFromMessage(text, opts));
    const threshold = THRESHOLDS[name] ?? { plan: 0.9, complexity: 0.95 };

    it('has cases in both languages', () => {
      expect(cases.length).toBeGreaterThanOrEqual(50);
      expect(cases.some((c) => c.lang === 'en')).toBe(true);
      expect(cases.some((c) => c.lang === 'zh')).toBe(true);
    });

    it(`plans at least ${threshold.plan} / complexity ${threshold.complexity}`, () => {
      expect(report.plan_accuracy).toBeGreaterThanOrEqual(threshold.plan);
      expect(report.complexity_accuracy).toBeGreaterThanOrEqual(threshold.complexity);
    });
  },
);
