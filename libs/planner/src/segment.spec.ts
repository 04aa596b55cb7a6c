import { splitClauses } from './segment';

const texts = (message: string, zh = true): string[] => splitClauses(message, zh).map((c) => c.text);

describe('splitClauses', () => {
  it('cuts Chinese text at every clause mark and keeps the mark with its clause', () => {
    expect(texts('血糖偏高、偶尔头晕，严重吗？饮食怎么调整。')).toEqual([
      '血糖偏高、',
      '偶尔头晕，',
      '严重吗？',
      '饮食怎么调整。',
    ]);
  });

  it('cuts before a connective only when a real clause precedes it', () => {
    expect(texts('请同时给出指南依据')).toEqual(['请同时给出指南依据']);
    expect(texts('我想了解饮食另外还想问运动')).toEqual(['我想了解饮食', '另外还想问运动']);
  });

  it('cuts English at sentence ends and before ", and what"-style second questions only', () => {
    expect(
      texts('What is an HbA1c and a fasting glucose test, and why does my doctor order both?', false),
    ).toEqual(['What is an HbA1c and a fasting glucose test,', 'and why does my doctor order both?']);
    expect(texts('My LDL is 4.9 mmol/L. Is that high? Dr. Lee said no.', false)).toEqual([
      'My LDL is 4.9 mmol/L.',
      'Is that high?',
      'Dr. Lee said no.',
    ]);
  });

  it('cuts Chinese text at a space between two Chinese characters, never inside latin text', () => {
    expect(texts('头晕好几天了 需不需要去医院')).toEqual(['头晕好几天了', '需不需要去医院']);
    expect(texts('HbA1c 7.2 算高吗')).toEqual(['HbA1c 7.2 算高吗']);
  });

  it('reports offsets into the original string', () => {
    const message = '  你好，  请问二甲双胍伤肾吗？ ';
    for (const clause of splitClauses(message, true)) {
      expect(message.slice(clause.start, clause.end)).toBe(clause.text);
    }
  });

  it('handles empty and punctuation-only input', () => {
    expect(texts('')).toEqual([]);
    expect(texts('，，。')).toEqual([]);
  });
});
