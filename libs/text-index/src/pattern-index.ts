import { requiredUnits } from './required-units';

export interface PatternIndex {
  /** Patterns without a unit set, by position: always candidates. */
  readonly always: Uint8Array;
  /** Code unit → 1 + its entry in `lists`, or 0 when the unit is in no pattern's set. */
  readonly slot: Uint16Array;
  /** Positions of the patterns whose set holds a unit, one list per unit that is in some set. */
  readonly lists: readonly (readonly number[])[];
  /** The marks `candidates` fills and returns (one per pattern), reused from call to call. */
  readonly marks: Uint8Array;
}

export function indexPatterns(patterns: readonly RegExp[]): PatternIndex {
  const always = new Uint8Array(patterns.length);
  const slot = new Uint16Array(0x10000);
  const lists: number[][] = [];
  patterns.forEach((re, k) => {
    const units = requiredUnits(re);
    // (A slot is 16 bits: past 65,535 distinct units a pattern is simply always a candidate.)
    if (units === null || lists.length + units.size >= 0xffff) {
      always[k] = 1;
      return;
    }
    for (const u of units) {
      if (slot[u] === 0) {
        lists.push([]);
        slot[u] = lists.length;
      }
      lists[(slot[u] ?? 0) - 1]?.push(k);
    }
  });
  return { always, slot, lists, marks: new Uint8Array(patterns.length) };
}

/**
 * Marks (1) the patterns that may match `text`: those without a set and those with a unit of
 * their set in the text. A superset of the patterns that match; the rest cannot.
 * The array is the index's own and is overwritten by the next call: read it before calling again.
 */
export function candidates(index: PatternIndex, text: string): Uint8Array {
  const { marks, slot, lists } = index;
  marks.set(index.always);
  for (let i = 0; i < text.length; i += 1) {
    const at = slot[text.charCodeAt(i)] ?? 0;
    if (at === 0) continue;
    const list = lists[at - 1] ?? [];
    for (let j = 0; j < list.length; j += 1) marks[list[j] ?? 0] = 1;
  }
  return marks;
}

/** What a caller runs a pattern for: `test`, same answer as the RegExp's. */
export interface TextTest {
  test(text: string): boolean;
}

/**
 * `re` behind the same check as the index: its test is false at once when the text holds none
 * of the units one of which every match contains. For a long alternation that most text matches
 * nowhere, a scan of a short text through a table costs a fraction of the regex. A g or y
 * pattern is returned as it is (its test is stateful, and the gate would skip its lastIndex).
 */
export function gated(re: RegExp): TextTest {
  const units = /[gy]/.test(re.flags) ? null : requiredUnits(re);
  if (units === null) return re;
  const table = new Uint8Array(0x10000);
  for (const u of units) table[u] = 1;
  return {
    test(text: string): boolean {
      for (let i = 0; i < text.length; i += 1) {
        if (table[text.charCodeAt(i)] === 1) return re.test(text);
      }
      return false;
    },
  };
}
