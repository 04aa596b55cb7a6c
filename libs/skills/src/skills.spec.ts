import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { WORKER_ROLES, type Lang, type Skill, type SkillContext, type WorkerRole } from '@medagent/contracts';
import { InMemoryMemoryStore, memoryOwner } from '@medagent/memory';
import { SKILLS, SkillsModule } from './skills.module';

const memory = new InMemoryMemoryStore();
const contexts: INestApplicationContext[] = [];
const byRole = new Map<WorkerRole, Map<string, Skill>>();

function ctx(role: WorkerRole, lang: Lang = 'zh', user = 'u1', request = 'r-now'): SkillContext {
  return { request_id: request, task_id: 't1', role, user_id: user, session_id: 's', lang, idempotency_key: 'k', signal: new AbortController().signal };
}

function skill(role: WorkerRole, name: string): Skill {
  const s = byRole.get(role)?.get(name);
  if (!s) throw new Error(`${name} not loaded for ${role}`);
  return s;
}

beforeAll(async () => {
  for (const role of WORKER_ROLES) {
    const c = await NestFactory.createApplicationContext(SkillsModule.forRole(role, { memory }), { logger: false });
    contexts.push(c);
    byRole.set(role, new Map(c.get<Skill[]>(SKILLS).map((s) => [s.definition.name, s])));
  }
});
afterAll(async () => Promise.all(contexts.map((c) => c.close())));

describe('skills over the shipped knowledge layer', () => {
  it('search_knowledge returns cited passages with provenance, on-topic first', async () => {
    const r = await skill('consultation', 'search_knowledge').execute({ query: '饭后两小时血糖9点多要紧吗' }, ctx('consultation'));
    expect(r.evidence.length).toBeGreaterThan(0);
    expect(r.evidence[0]).toMatchObject({ source_id: expect.stringMatching(/^kb-/), kb_version: '2026.11' });
    expect(r.evidence[0]?.source_name).toBeTruthy();
    expect(r.evidence.some((e) => /血糖/.test(e.title))).toBe(true);
  });

  it('clinical_guideline returns recommendations with issuer and year', async () => {
    const r = await skill('research', 'clinical_guideline').execute({ query: '最新糖尿病临床指南对血糖控制目标的建议' }, ctx('research'));
    const out = r.output as { guidelines: { guideline: string; issuer: string; year: number; recommendations: string[] }[] };
    expect(out.guidelines.length).toBeGreaterThan(0);
    expect(out.guidelines[0]?.year).toBeGreaterThanOrEqual(2018);
    expect(out.guidelines[0]?.recommendations.length).toBeGreaterThan(0);
    expect(out.guidelines.some((g) => /糖尿病|Diabetes/i.test(g.guideline))).toBe(true);
  });

  it('disease_code codes conditions in both languages, including a typo, and makes none up', async () => {
    const zh = await skill('triage', 'disease_code').execute({ query: '2型糖尿病' }, ctx('triage'));
    expect((zh.output as { codes: { code: string }[] }).codes[0]?.code).toBe('E11');
    const en = await skill('research', 'disease_code').execute({ query: 'diabetis' }, ctx('research', 'en'));
    expect((en.output as { codes: { code: string }[] }).codes.map((c) => c.code)).toContain('E11');
    const none = await skill('triage', 'disease_code').execute({ query: 'xqzzv blorp' }, ctx('triage'));
    expect((none.output as { codes: unknown[] }).codes).toEqual([]);
  });

  it('assess_risk: post-meal hyperglycaemia with dizziness is routine; glucose 2.5 with confusion is an emergency', async () => {
    const a = await skill('triage', 'assess_risk').execute({ text: '我最近餐后血糖偏高、偶尔头晕' }, ctx('triage'));
    expect((a.output as { level: string }).level).toBe('routine');
    const b = await skill('triage', 'assess_risk').execute({ text: '我妈血糖2.5，叫她反应很迟钝，说胡话' }, ctx('triage'));
    expect((b.output as { level: string }).level).toBe('emergency');
  });

  it('analyze_symptoms ranks gout first for the classic presentation, with reasons and tests', async () => {
    const r = await skill('triage', 'analyze_symptoms').execute({ text: '最近老是半夜被大脚趾疼醒，关节又红又肿还发烫' }, ctx('triage'));
    const out = r.output as { candidates: { name: string; reasons: string[] }[] };
    expect(out.candidates[0]?.name).toMatch(/痛风/);
    expect(out.candidates[0]?.reasons.length).toBeGreaterThan(0);
  });

  it('recommend_lifestyle answers a glucose question from diabetes documents', async () => {
    const r = await skill('consultation', 'recommend_lifestyle').execute({ text: '餐后血糖偏高，日常饮食和运动如何调整？' }, ctx('consultation'));
    expect(r.evidence.length).toBeGreaterThan(0);
    expect(r.evidence.some((e) => /糖尿病|血糖/.test(e.title + e.snippet))).toBe(true);
  });

  it('deep_research runs several searches and de-duplicates into an evidence table', async () => {
    const r = await skill('research', 'deep_research').execute({ query: '二甲双胍对2型糖尿病的研究证据' }, ctx('research'));
    const out = r.output as { queries: string[]; table: { doc_id: string }[] };
    expect(out.queries.length).toBeGreaterThan(1);
    expect(new Set(out.table.map((x) => x.doc_id)).size).toBe(out.table.length);
    // The summary quotes whole sentences of the tabled documents, each line with its source.
    expect(r.evidence.every((e) => out.table.some((x) => x.doc_id === e.source_id))).toBe(true);
    expect(r.summary.split('\n').every((l) => /（[^（]*.*，\d{4}）$/.test(l))).toBe(true);
  });

  it('check_medication_safety: the seed case is blocked for triage with two HIGH conflicts; views differ per role', async () => {
    const text = '我在吃华法林，最近膝盖疼想吃点布洛芬，以前有胃溃疡，对青霉素过敏';
    const triage = await skill('triage', 'check_medication_safety').execute({ text }, ctx('triage'));
    const out = triage.output as { verdict: string; conflicts: { severity: string }[] };
    expect(out.verdict).toBe('blocked');
    expect(out.conflicts.filter((c) => c.severity === 'HIGH').length).toBeGreaterThanOrEqual(2);
    expect(triage.summary).not.toMatch(/^\s*[{[]/);
    for (const role of WORKER_ROLES) {
      const r = await skill(role, 'check_medication_safety').execute({ text: '我吃辛伐他汀，能喝西柚汁吗' }, ctx(role));
      expect(r.summary).not.toMatch(/^\s*[{[]/);
    }
  });

  it('search_history and search_similar_cases read only the caller’s own past requests', async () => {
    await memory.append(memoryOwner(undefined, 'alice'), 's1', { request_id: 'r1', at: '2026-11-01T00:00:00Z', question: '二甲双胍伤肾吗', answer_digest: 'a', task_types: [] });
    await memory.append(memoryOwner(undefined, 'bob'), 's1', { request_id: 'r2', at: '2026-11-02T00:00:00Z', question: '二甲双胍伤肝吗', answer_digest: 'b', task_types: [] });
    const mine = await skill('consultation', 'search_similar_cases').execute({ query: '二甲双胍会不会伤肾' }, ctx('consultation', 'zh', 'alice'));
    const turns = (mine.output as { turns: { turn: { request_id: string } }[] }).turns.map((t) => t.turn.request_id);
    expect(turns).toEqual(['r1']);
    const hist = await skill('triage', 'search_history').execute({ query: '二甲双胍' }, ctx('triage', 'zh', 'carol'));
    expect((hist.output as { turns: unknown[] }).turns).toEqual([]);
  });
});
