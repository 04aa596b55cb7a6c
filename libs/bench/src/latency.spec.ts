import { CURRENT_RULES_VERSION } from '@medagent/safety';
import { LATENCY_BUDGET_US, benchLatency } from './latency';

describe('bench latency (shape and budget flags; timings are read, never asserted)', () => {
  const rows = benchLatency({
    texts: ['我最近餐后血糖偏高、偶尔头晕，严重吗', 'sudden crushing chest pain and sweating', '二甲双胍为什么要跟饭一起吃'],
    iterations: 2,
  });

  it('times the shipped rules version, the planner and the symptom analyser', () => {
    expect(rows.map((r) => r.component)).toEqual([`prerisk:${CURRENT_RULES_VERSION}`, 'planner', 'symptom_analyzer']);
    for (const r of rows) {
      expect(r.messages).toBe(3);
      expect(r.iterations).toBe(2);
      expect(r.mean_us).toBeGreaterThanOrEqual(0);
      expect(r.within_budget).toBe(r.mean_us < r.budget_us);
    }
    expect(rows[0]?.budget_us).toBe(LATENCY_BUDGET_US.prerisk);
  });

  it('a retired or unknown rules version is an error, not an empty row (earlier versions are snapshots)', () => {
    expect(() => benchLatency({ texts: ['x'], versions: ['prerisk-2026.12.3'] })).toThrow(/2026\.12\.3/);
    expect(() => benchLatency({ texts: ['x'], versions: ['prerisk-1999.1.1'] })).toThrow(/1999/);
  });
});
