import { selectSentences, splitSentences, candidatesOf } from './sentences';

describe('sentence extraction', () => {
  it('cuts only at sentence ends, keeps decimals, drops list markers', () => {
    const s = splitSentences('就医时机：①多次餐后2小时≥11.1 mmol/L，应在1～2周内就诊；②血糖>16.7 mmol/L应尽快就医。④贫血、颈椎等其他问题。HbA1c 6.5% is diagnostic. Repeat it on another day.');
    expect(s).toEqual([
      '就医时机：多次餐后2小时≥11.1 mmol/L，应在1～2周内就诊；',
      '血糖>16.7 mmol/L应尽快就医。',
      '贫血、颈椎等其他问题。',
      'HbA1c 6.5% is diagnostic.',
      'Repeat it on another day.',
    ]);
    expect(s.some((x) => /^[①-⑳]/.test(x))).toBe(false);
  });

  it('a sentence that opens with a decimal keeps it ("7.8～11.0" is a range, not list item 7)', () => {
    expect(splitSentences('正常应低于7.8 mmol/L。7.8～11.0 mmol/L提示糖耐量异常。1. 先复查空腹血糖和糖化血红蛋白。')).toEqual([
      '正常应低于7.8 mmol/L。',
      '7.8～11.0 mmol/L提示糖耐量异常。',
      '先复查空腹血糖和糖化血红蛋白。',
    ]);
  });

  it('chooses the sentences that share the question\'s terms, in document order, never partial', () => {
    const docs = [
      { doc_id: 'a', text: '痛风是尿酸盐沉积引起的关节炎。平时应限制高嘌呤食物，如动物内脏、海鲜和啤酒。每天饮水2000毫升以上有助尿酸排泄。' },
      { doc_id: 'b', text: '高血压患者应减少盐的摄入。每天食盐不超过5克。' },
    ];
    const picked = selectSentences('痛风患者饮食要注意什么？要多喝水吗？', 'lifestyle', candidatesOf(docs), { max: 5 });
    const texts = picked.map((p) => p.text);
    expect(texts).toContain('平时应限制高嘌呤食物，如动物内脏、海鲜和啤酒。');
    expect(texts).toContain('每天饮水2000毫升以上有助尿酸排泄。');
    for (const t of texts) expect(docs.some((d) => d.text.includes(t))).toBe(true);
  });

  it('answers a how-to-take question with the instruction sentences, even without shared words', () => {
    const docs = [
      { doc_id: 'a', text: '阿仑膦酸钠是治疗骨质疏松的药物，一周一次。说明书：早晨空腹用一整杯白开水送服，服药后30分钟内不要躺下。长期使用前后要看牙。' },
    ];
    const picked = selectSentences('阿仑膦酸钠一周吃一次，具体应该怎么吃？', 'knowledge', candidatesOf(docs), { max: 2 }).map((p) => p.text);
    expect(picked).toContain('说明书：早晨空腹用一整杯白开水送服，服药后30分钟内不要躺下。');
    // The same sentence earns nothing extra when the question is not about taking the drug.
    const plain = selectSentences('阿仑膦酸钠是什么药？', 'knowledge', candidatesOf(docs), { max: 1 }).map((p) => p.text);
    expect(plain).toEqual(['阿仑膦酸钠是治疗骨质疏松的药物，一周一次。']);
  });

  it('leaves out sentences on causes unless the question asks why', () => {
    const docs = [
      { doc_id: 'a', text: '甲减最常见的原因是桥本甲状腺炎，也可见于甲状腺手术后。亚临床甲减TSH持续达到10以上时通常需要治疗。' },
    ];
    const treat = selectSentences('亚临床甲减需要吃药吗？', 'knowledge', candidatesOf(docs), { max: 5 }).map((p) => p.text);
    expect(treat).toEqual(['亚临床甲减TSH持续达到10以上时通常需要治疗。']);
    const why = selectSentences('为什么会得甲减？', 'knowledge', candidatesOf(docs), { max: 5 }).map((p) => p.text);
    expect(why).toContain('甲减最常见的原因是桥本甲状腺炎，也可见于甲状腺手术后。');
  });
});
