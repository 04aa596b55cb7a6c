import { gated, requiredUnits } from './index';

describe('requiredUnits: a set of characters one of which every match contains', () => {
  it('reads the pattern forms the rule files use', () => {
    const read = (re: RegExp): string | null => {
      const units = requiredUnits(re);
      return units === null ? null : String.fromCharCode(...Array.from(units).sort((a, b) => a - b));
    };
    expect(read(/严重(吗|嘛)|要不要紧|(?<!血)糖/)).toBe('严糖紧');
    expect(read(/^(那|那么)?(有|有没有)(没有)?研究/)).toBe('研');
    expect(read(/(?:会不会|会)?是[^，]{0,10}(病|炎)/)).toBe('炎病');
    expect(read(/[^，。]{1,12}(引起|导致)的吗/)).toBe('导引');
    expect(read(/\b(is|are) (it|this)\b/)).toBe('ai');
    expect(read(/\bwhy\b/i)).toBe('Ww');
    expect(read(/[a-c]x|\d\.|\?/)).toBe('.?x');
    expect(read(/(?=a)b|c{2,3}|d{0,2}e/)).toBe('bce');
    expect(read(/[\u4e00-\u9fff]{2}是/)).toBe('是');
    // Patterns with no such set: they can match the empty string, or any character.
    expect(read(/a?/)).toBeNull();
    expect(read(/^$/)).toBeNull();
    expect(read(/(.)不?\1/)).toBeNull();
    expect(read(/(a?)\1/)).toBeNull();
    expect(read(/\s+/)).toBeNull();
    expect(read(/[^x]/)).toBeNull();
    expect(read(/\p{L}/u)).toBeNull();
    expect(read(/é/i)).toBeNull();
  });


  it('g, y, m and s do not change the set; gated leaves a stateful (g, y) pattern as it is', () => {
    expect(requiredUnits(/严重|糖/g)).toEqual(requiredUnits(/严重|糖/));
    expect(requiredUnits(/^x$/ms)).toEqual(new Set(['x'.charCodeAt(0)]));
    const g = /x/g;
    expect(gated(g)).toBe(g);
    const plain = /严重|糖/;
    const t = gated(plain);
    expect(t).not.toBe(plain);
    expect(['血糖高', '严重吗', '头晕'].map((x) => t.test(x))).toEqual([true, true, false]);
  });
});
