// One table-driven check of every evaluation file in eval/manifest.json against its bar:
// pre-risk recall / false escalations, benign escalation rate, router plan / complexity accuracy.
// Measured figures in the manifest are informational; the bars are what must hold.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPreRiskGate, evaluatePreRisk, parsePreRiskCases } from '@medagent/safety';
import { evaluateRouter, parseRouterCases, planFromMessage } from '@medagent/planner';

interface Entry {
  file: string;
  kind: 'prerisk' | 'router' | 'benign' | 'medication' | 'answers';
  role: 'dev' | 'tuning' | 'held-out' | 'training';
  consumed_by: string;
  source: string;
  bar: { min_recall?: number; max_fer?: number; max_escalation_rate?: number; min_plan?: number; min_complexity?: number } | null;
}

const manifest = JSON.parse(readFileSync(join(__dirname, 'manifest.json'), 'utf8')) as { entries: Entry[] };
const read = (e: Entry) => readFileSync(join(__dirname, e.file), 'utf8');
const lines = (e: Entry) => read(e).split('\n').filter((l) => l.trim() !== '');

describe('eval/manifest.json', () => {
  it('lists every case file once, each with a role, a consumer and a source', () => {
    const files = manifest.entries.map((e) => e.file);
    expect(new Set(files).size).toBe(files.length);
    for (const e of manifest.entries) {
      expect(['dev', 'tuning', 'held-out', 'training']).toContain(e.role);
      expect(e.consumed_by.length).toBeGreaterThan(0);
      expect(e.source.length).toBeGreaterThan(0);
    }
    expect(manifest.entries.filter((e) => e.role === 'held-out').length).toBeGreaterThan(0);
  });
});

describe.each(manifest.entries.filter((e) => e.kind === 'prerisk').map((e) => [e.file, e] as const))('pre-risk %s', (_f, e) => {
  it(`recall >= ${e.bar?.min_recall} and false escalations <= ${e.bar?.max_fer}`, () => {
    const cases = parsePreRiskCases(read(e));
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(cases.some((c) => c.expected === 'ESCALATE') && cases.some((c) => c.expected === 'PASS')).toBe(true);
    const r = evaluatePreRisk(cases);
    expect(r.escalate_recall).toBeGreaterThanOrEqual(e.bar?.min_recall ?? 1);
    expect(r.false_escalation_rate).toBeLessThanOrEqual(e.bar?.max_fer ?? 0);
  });
});

describe.each(manifest.entries.filter((e) => e.kind === 'benign').map((e) => [e.file, e] as const))('benign traffic %s', (_f, e) => {
  it(`escalates at most ${e.bar?.max_escalation_rate} of ordinary questions`, () => {
    const texts = lines(e).map((l) => (JSON.parse(l) as { text: string }).text);
    expect(texts.length).toBeGreaterThanOrEqual(100);
    const gate = defaultPreRiskGate();
    const rate = texts.filter((t) => gate.evaluate(t).decision === 'ESCALATE').length / texts.length;
    expect(rate).toBeLessThanOrEqual(e.bar?.max_escalation_rate ?? 0);
  });
});

describe.each(manifest.entries.filter((e) => e.kind === 'router').map((e) => [e.file, e] as const))('router %s', (_f, e) => {
  it(`plans >= ${e.bar?.min_plan} / complexity >= ${e.bar?.min_complexity}`, () => {
    const cases = parseRouterCases(read(e));
    expect(cases.length).toBeGreaterThanOrEqual(30);
    const r = evaluateRouter(cases, (text, opts) => planFromMessage(text, opts));
    expect(r.plan_accuracy).toBeGreaterThanOrEqual(e.bar?.min_plan ?? 1);
    expect(r.complexity_accuracy).toBeGreaterThanOrEqual(e.bar?.min_complexity ?? 1);
  });
});

describe.each(manifest.entries.filter((e) => e.kind === 'medication' || e.kind === 'answers').map((e) => [e.file, e] as const))('%s', (_f, e) => {
  it('parses, one case per line with an id (scored by its own component spec)', () => {
    const rows = lines(e).map((l) => JSON.parse(l) as { id?: unknown });
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((r) => typeof r.id === 'string')).toBe(true);
  });
});
