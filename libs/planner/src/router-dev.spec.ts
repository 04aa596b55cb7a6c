import { evaluateRouter } from './evaluate';
import { planFromMessage } from './planner';
import { DEV_SET_PATH, loadCases } from './testing/cases';

const cases = loadCases(DEV_SET_PATH);

describe('router on shared/eval/router.dev.jsonl', () => {
  if (!cases) {
    // Locally the shared folder may be absent; in CI a missing eval set must not pass silently.
    const check = process.env['CI'] ? it : it.skip;
    check('has the dev set available', () => {
      throw new Error(`router dev set not found at ${DEV_SET_PATH}`);
    });
    return;
  }

  const report = evaluateRouter(cases, (text, opts) => planFromMessage(text, opts));

  it('plans at least 85% of cases to an accepted task set', () => {
    expect(report.n).toBeGreaterThanOrEqual(50);
    expect(report.plan_accuracy).toBeGreaterThanOrEqual(0.85);
  });

  it('gets the complexity right in at least 95% of cases', () => {
    expect(report.complexity_accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('never drops a risk question: risk_triage recall stays high', () => {
    expect(report.per_type.risk_triage.recall).toBeGreaterThanOrEqual(0.8);
  });
});
