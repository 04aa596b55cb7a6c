import { normaliseZh } from './dialect-zh';

describe('normaliseZh', () => {
  it('rewrites Cantonese question forms into standard Mandarin', () => {
    expect(normaliseZh('系唔系胃炎引起㗎？使唔使即刻睇医生')).toBe('是不是胃炎引起的？需不需要马上看医生');
    expect(normaliseZh('点解会咁？食啲咩好')).toBe('为什么会这样？吃些什么好');
    expect(normaliseZh('红酒饮得唔得')).toBe('红酒能不能喝');
    expect(normaliseZh('呢个药有冇副作用')).toBe('这个药有没有副作用');
  });

  it('leaves Mandarin words that share a character alone', () => {
    expect(normaliseZh('饮食要注意什么，跟神经系统有关系吗')).toBe('饮食要注意什么，跟神经系统有关系吗');
    expect(normaliseZh('食物过敏是怎么回事')).toBe('食物过敏是怎么回事');
  });

  it('folds regional spellings and traditional characters', () => {
    expect(normaliseZh('是啥子原因，咋个办')).toBe('是啥原因，怎么办');
    expect(normaliseZh('醫生說要不要緊')).toBe('医生说要不要紧');
  });
});
