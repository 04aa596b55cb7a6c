import { nfkcLower } from '@medagent/zh-text';

// Symptom spotting in free text: full-width folding with an offset map back to the input,
// longest match at each position, simple negation, and the leftovers nobody recognised.

/** Folded text plus, for each folded character, the span of the input character it came from. */
export interface Folded {
  text: string;
  from: number[];
  to: number[];
}

const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;

/** NFKC, lower case, curly apostrophes made straight, whitespace runs collapsed to one space. */
export function fold(input: string): Folded {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const cp of input) {
    let f = nfkcLower(cp).replace(APOSTROPHES, "'");
    if (/^\s+$/.test(f)) f = text === '' || text.endsWith(' ') ? '' : ' ';
    // Offsets are UTF-16 units, like String.prototype.slice.
    for (let k = 0; k < f.length; k += 1) {
      from.push(i);
      to.push(i + cp.length);
    }
    text += f;
    i += cp.length;
  }
  return { text, from, to };
}

/** The same folding for vocabulary entries, without the offset map. */
export function foldTerm(term: string): string {
  return fold(term.trim()).text.trim();
}

export interface ScanEntry {
  text: string;
  ascii: boolean;
  term: number;
}

export type ScanIndex = ReadonlyMap<string, readonly ScanEntry[]>;

export function buildScanIndex(entries: readonly ScanEntry[]): ScanIndex {
  const index = new Map<string, ScanEntry[]>();
  for (const e of entries) {
    const first = e.text[0] ?? '';
    const list = index.get(first);
    if (list) list.push(e);
    else index.set(first, [e]);
  }
  for (const list of index.values())
    list.sort((a, b) => b.text.length - a.text.length || a.text.localeCompare(b.text));
  return index;
}

export interface ScanHit {
  start: number;
  end: number;
  term: number;
  negated: boolean;
}

const WORD = /[a-z0-9]/;

/** Latin terms match whole words only, allowing a plural "s" ("headaches"). */
function matchEnd(s: string, i: number, e: ScanEntry): number {
  if (!s.startsWith(e.text, i)) return -1;
  let end = i + e.text.length;
  if (!e.ascii) return end;
  if (i > 0 && WORD.test(s[i - 1] ?? '')) return -1;
  if (s[end] === 's' && /[a-z]$/.test(e.text) && !WORD.test(s[end + 1] ?? '')) end += 1;
  return WORD.test(s[end] ?? '') ? -1 : end;
}

const HARD_BREAK = /[。！？!?；;\n:：]|\.(?!\d)/g;
const NEG_ZH =
  /(?:没有|没|无|不|否认|未|并无|从未|从没|从来没有?|不再)(?:感到|觉得|感觉|出现|发现|发生|有|过|再|太|怎么|明显|什么|任何|经常|伴有|伴|见|诉|曾)*\s*$/;
const NEG_EN =
  /(?:^|[^a-z'])(?:no|not|never|without|denies|denied|deny|negative for|free of|absence of|(?:don't|do not|doesn't|does not|didn't|did not) (?:have|get|feel|experience)|(?:haven't|have not|hasn't|has not) (?:had|got|been)|not (?:feeling|having|experiencing)|never had|no (?:history|signs?|episodes?) of)\s+(?:(?:any|a|an|the|more|real|significant|much|history of|signs? of|episodes? of|feeling|had|have|been|really|other|further)\s+)*$/;
// What may stand between two list items for a negation to carry over ("没有发烧、咳嗽", "no fever or cough").
const LINK_ZH = /^(?:\s|、|\/|和|或者?|以及|及|与|跟|也没有|也没|也不|也)*$/;
const LINK_EN = /^(?:\s|,|\/|or|and|nor|also)*$/;

function afterLastBreak(gap: string): { tail: string; broken: boolean } {
  let last = -1;
  for (const m of gap.matchAll(HARD_BREAK)) last = m.index + m[0].length;
  return last < 0 ? { tail: gap, broken: false } : { tail: gap.slice(last), broken: true };
}

/**
 * Longest entry at each position. A match wholly inside an earlier one is dropped, but partial
 * overlaps are kept ("大脚趾疼醒" gives both 大脚趾疼 and 疼醒).
 */
export function scan(index: ScanIndex, s: string): ScanHit[] {
  const hits: ScanHit[] = [];
  let maxEnd = 0;
  let prevEnd = 0;
  let prevNegated = false;
  for (let i = 0; i < s.length; i += 1) {
    let found: ScanEntry | undefined;
    let end = -1;
    for (const e of index.get(s[i] ?? '') ?? []) {
      end = matchEnd(s, i, e);
      if (end >= 0) {
        found = e;
        break;
      }
    }
    if (!found || end <= maxEnd) continue;
    const { tail, broken } = afterLastBreak(s.slice(Math.min(prevEnd, i), i));
    const clause = found.ascii ? tail : tail.slice(tail.lastIndexOf(',') + 1);
    const carried: boolean = prevNegated && !broken && (found.ascii ? LINK_EN : LINK_ZH).test(tail);
    const negated: boolean = carried || NEG_ZH.test(clause) || NEG_EN.test(clause);
    hits.push({ start: i, end, term: found.term, negated });
    maxEnd = end;
    prevEnd = end;
    prevNegated = negated;
  }
  return hits;
}

// Words that carry no symptom on their own; they are not reported as unrecognised.
const FILLERS_ZH = (
  '请问 医生 大夫 你好 您好 谢谢 怎么办 怎么回事 是不是 是否 为什么 什么 怎么 我们 ' +
  '最近 近来 近期 这几天 这两天 几天 两天 三天 一周 一个月 几个月 今天 昨天 前天 ' +
  '两周 几周 半年 一年 多年 多天 早上 上午 中午 下午 晚上 夜里 夜间 半夜 凌晨 白天 ' +
  '平时 偶尔 有时候 有时 经常 时常 常常 总是 老是 一直 反复 持续 突然 有点儿 有点 ' +
  '有些 一点 一些 稍微 比较 特别 非常 十分 感觉 觉得 感到 发现 出现 开始 然后 而且 ' +
  '并且 同时 还有 的时候 时候 之后 以后 之前 以来 左右 没有 否认 一下 一次 男性 ' +
  '女性 孩子 老人 宝宝 伴有 或者 以及 左边 右边 左侧 右侧 一样 好像 似乎 吃完饭 ' +
  '吃饭 饭后 餐后 之类 知道 明显 诱因 患者 病人 既往 加重 缓解 减轻 好转 活动 主要 ' +
  '男 女 史 有 我 你 他 她 它 很 太 挺 蛮 还 又 也 都 就 才 被 把 让 给 了 ' +
  '的 得 地 着 过 和 跟 与 及 或 伴 时 后 前 吗 呢 啊 吧 呀 哦 嗯 啦 是 在 ' +
  '没 无 不 未 会 能 要 岁 但 但是 可是 因为 所以 如果 已经 自己 身体 情况'
).split(' ');
const FILLER_ZH_RE = new RegExp([...FILLERS_ZH].sort((a, b) => b.length - a.length).join('|'), 'g');

const STOPWORDS_EN = new Set(
  (
    'i me my mine myself we our you your he she it its they them their a an the and or but so if then than when whenever ' +
    'while with without to of in on at for from by about into after before during since as is am are was were be been being ' +
    'have has had having do does did doing get gets got getting go goes going went feel feels felt feeling keep keeps kept ' +
    'also too very really quite bit little lot lots some any all much more most many just still again lately recently ' +
    'sometimes often always usually occasionally constantly now today yesterday tonight morning evening night day days ' +
    'week weeks month months year years ago past last this that these those there here what which who how why can could ' +
    'should would will may might must need needs want think like seem seems started start starting begin began mild ' +
    'severe slight slightly bad badly worse better time times every each both either not no never denies denied deny ' +
    "don't doesn't didn't haven't hasn't isn't aren't wasn't i'm i've i'd it's what's please help doctor hi hello thanks " +
    'thank wrong cause causes mean up down out over off around kind sort sure weird strange really hours hour minutes ' +
    'old male female man woman years-old yo since lately worried concerned suffer suffering experiencing having noticed notice'
  ).split(/\s+/),
);

const CJK_RUN = /[\u3400-\u9fff]{2,}/g;
const LATIN_WORD = /[a-z][a-z'-]*/g;

/** Spans (in folded coordinates) of text that is neither a match nor filler. */
export function leftovers(
  s: string,
  covered: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const chars = s.split('');
  for (const c of covered) for (let i = c.start; i < c.end; i += 1) chars[i] = '\0';
  const masked = chars.join('').replace(FILLER_ZH_RE, (m) => '\0'.repeat(m.length));
  const out: { start: number; end: number }[] = [];
  for (const m of masked.matchAll(CJK_RUN)) out.push({ start: m.index, end: m.index + m[0].length });
  let phrase: { start: number; end: number } | undefined;
  for (const m of masked.matchAll(LATIN_WORD)) {
    const word = m[0].replace(/^'+|['-]+$/g, '');
    if (word === '' || STOPWORDS_EN.has(word) || word.length < 2) {
      if (phrase) out.push(phrase);
      phrase = undefined;
      continue;
    }
    if (phrase && masked.slice(phrase.end, m.index) === ' ') phrase.end = m.index + m[0].length;
    else {
      if (phrase) out.push(phrase);
      phrase = { start: m.index, end: m.index + m[0].length };
    }
  }
  if (phrase) out.push(phrase);
  return out.sort((a, b) => a.start - b.start);
}
