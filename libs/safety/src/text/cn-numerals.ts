// Chinese numerals appear in ages and gestation ("七个月的宝宝", "停经七周"); only the
// small integers people write in messages are supported ("俩" and "仨" are spoken two and three).
const DIGITS: Record<string, number> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 俩: 2, 仨: 3,
};

export const CN_NUM = '[零〇一二两俩仨三四五六七八九十]{1,3}';

/** Parses "7", "七", "十二", "二十", "三十四"; returns undefined for anything else. */
export function parseSmallNumber(raw: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw === '') return undefined;
  const tenAt = raw.indexOf('十');
  if (tenAt === -1) {
    if (raw.length !== 1) return undefined;
    return DIGITS[raw];
  }
  const head = raw.slice(0, tenAt);
  const tail = raw.slice(tenAt + 1);
  const tens = head === '' ? 1 : DIGITS[head];
  const ones = tail === '' ? 0 : DIGITS[tail];
  if (tens === undefined || ones === undefined || tail.length > 1 || head.length > 1) return undefined;
  return tens * 10 + ones;
}
