import { compareOffTopic, readConceptQuestions } from './testing/off-topic';
import { KnowledgeService } from './knowledge.service';

describe('concept-aware evidence', () => {
  const kb = new KnowledgeService({ conceptDir: null });

  it('cites CPR material for a cardiac arrest, never the diabetes sick-day card', async () => {
    const r = await kb.evidence('我爸突然倒地，叫不醒，没有呼吸，怎么办', 4, { lang: 'zh' });
    expect(r.coverage).toBe('covered');
    expect(r.hits[0]?.doc_id).toBe('kb-firstaid-001-zh');
    expect(r.hits.some((h) => /diabetes/.test(h.doc_id))).toBe(false);
  });

  it('does not answer low blood pressure with confusion from hypertension grading', async () => {
    const r = await kb.evidence('血压90/50，人有点意识模糊', 4, { lang: 'zh' });
    expect(r.hits.map((h) => h.doc_id)).not.toContain('kb-cardio-001-zh');
    // Low blood pressure with shock signs, or the BP categories record that covers hypotension.
    expect(['kb-primary-003-zh', 'kb-primary-002-zh']).toContain(r.hits[0]?.doc_id);
    expect(r.hits.map((h) => h.doc_id)).toContain('kb-primary-003-zh');
  });

  it('answers a CPR-training question without a hypertension guideline', async () => {
    const r = await kb.evidence('How can I learn CPR for my family?', 3, { lang: 'en' });
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.every((h) => !/cardio-00[1-3]|guideline-0(0[7-9]|1[0-2])/.test(h.doc_id) || /firstaid/.test(h.doc_id))).toBe(true);
    expect(r.hits[0]?.doc_id).toBe('kb-firstaid-001-en');
  });

  it('says plainly when nothing in the KB covers the main concept', async () => {
    const r = await kb.evidence('麻风病是什么病，怎么治疗？', 4, { lang: 'zh' });
    expect(r.coverage).toBe('none');
    expect(r.hits).toEqual([]);
    expect(r.main?.id).toBe('icd:A30');
  });

  it('cuts off-topic top-3 sources on the concept question set', async () => {
    const { before, after } = await compareOffTopic(readConceptQuestions());
    expect(after.off_topic_rate).toBeLessThanOrEqual(0.05);
    expect(after.off_topic_rate).toBeLessThan(before.off_topic_rate);
    expect(after.off_expected_rate).toBeLessThan(before.off_expected_rate);
  }, 60000);
});

describe('coverage outside the filters', () => {
  it('does not claim the KB is silent when only the requested kind of document is missing', async () => {
    const kb = new KnowledgeService({ conceptDir: null });
    const r = await kb.evidence('想学心肺复苏，有什么指南推荐吗？', 3, { lang: 'zh', doc_type: ['medication'] });
    expect(r.hits).toEqual([]);
    expect(r.coverage).toBe('elsewhere');
  });
});
