import { parseAnswerCases, repeatedSentences, scoreAnswer, summariseAnswers } from './answers';

const CASE = {
  id: 'c1', lang: 'zh' as const, text: '痛风平时吃东西要注意什么？', escalate: false,
  must_mention: [['嘌呤', '海鲜'], ['饮水', '喝水'], ['360']], must_not_mention: ['碘131'], kind: 'ordinary',
};

describe('eval answers scoring', () => {
  it('counts concept groups, violations, repeats and language on the answer body only', () => {
    const text = '【生活方式建议】\n少吃海鲜和动物内脏等高嘌呤食物。 [1]\n少吃海鲜和动物内脏等高嘌呤食物。（某指南，2019）\n\n参考来源：\n[1] 痛风 — 360 mmol';
    const r = scoreAnswer(CASE, text, [{ source_id: 'kb-1', title: '痛风与高尿酸血症', snippet: '尿酸', score: 1, kb_version: 'v' }], false);
    expect(r.groups_present).toBe(1); // "360" is only in the source list, which is not the answer
    expect(r.missing).toEqual([['饮水', '喝水'], ['360']]);
    expect(r.violations).toEqual([]);
    expect(r.repeated_sentences).toEqual(['少吃海鲜和动物内脏等高嘌呤食物。']);
    expect(r.language_match).toBe(true);
    expect(r.off_topic_sources).toEqual([]);
  });

  it('a source sharing no concept with the question is off topic; figures per kind', () => {
    const r = scoreAnswer(CASE, 'Drink water. 碘131', [{ source_id: 'kb-2', title: 'Hypertension grading', snippet: 'blood pressure 140/90', score: 1, kb_version: 'v' }], false);
    expect(r.off_topic_sources).toEqual(['kb-2']);
    expect(r.violations).toEqual(['碘131']);
    expect(r.language_match).toBe(false);
    const report = summariseAnswers([CASE], [{ ...r, status: 'completed', latency_ms: 1 }]);
    expect(report.per_kind['ordinary']).toMatchObject({ n: 1, violations: 1, off_topic_source_rate: 1, language_match: 0 });
    expect(report.failing.map((f) => f.id)).toEqual(['c1']);
  });

  it('parses the labelled JSONL and rejects a case without its fields', () => {
    expect(parseAnswerCases(`${JSON.stringify(CASE)}\n`)).toHaveLength(1);
    expect(() => parseAnswerCases('{"id":"x"}')).toThrow(/line 1/);
    expect(repeatedSentences('A sentence that is long enough. A sentence that is long enough.')).toHaveLength(1);
  });
});
