import { nfkcLower } from '@medagent/zh-text';

// Spotting ICD names and aliases in free text: longest match at each position, Latin terms
// only as whole words, simple negation within the clause.

export interface ScanTerm {
  code: string;
  text: string;
  kind: 'name' | 'alias';
  secondary: boolean;
}

interface Entry {
  text: string;
  ascii: boolean;
  code: string;
  rank: number;
}

export type ScanIndex = ReadonlyMap<string, readonly Entry[]>;

export interface ScanHit {
  code: string;
  matched: string;
  negated: boolean;
}

const CLAUSE_SPLIT = /[。！？!?；;\n\r，,]|\.(?!\d)/;
const NEGATION =
  /(?:没有|没|无|否认|排除|未见|不是|\bno\b|\bnot\b|\bnever\b|\bdenies\b|\bdenied\b|\bwithout\b|ruled out|negative for)[\s\w\u3400-\u9fff'-]{0,12}$/;
const LATIN = /[a-z0-9]/;

/** When one wording names several codes, a category name beats an alias, which beats a secondary alias. */
function rankOf(t: ScanTerm): number {
  return t.kind === 'name' ? 0 : t.secondary ? 2 : 1;
}

export function buildScanIndex(terms: readonly ScanTerm[]): ScanIndex {
  const byText = new Map<string, Entry>();
  for (const t of terms) {
    const text = nfkcLower(t.text).trim();
    const ascii = !/[^\x20-\x7e]/.test(text);
    // Single CJK characters (痔, 疣) and two-letter acronyms (MI, AS) collide with ordinary words.
    if (text.length < (ascii ? 3 : 2)) continue;
    const entry: Entry = { text, ascii, code: t.code, rank: rankOf(t) };
    const cur = byText.get(text);
    if (!cur || entry.rank < cur.rank) byText.set(text, entry);
  }
  const index = new Map<string, Entry[]>();
  for (const e of byText.values()) {
    const first = e.text[0] ?? '';
    const list = index.get(first);
    if (list) list.push(e);
    else index.set(first, [e]);
  }
  for (const list of index.values()) list.sort((a, b) => b.text.length - a.text.length);
  return index;
}

export function scanMentions(index: ScanIndex, text: string): ScanHit[] {
  const hits: ScanHit[] = [];
  for (const clause of nfkcLower(text).split(CLAUSE_SPLIT)) {
    let i = 0;
    let lastEnd = 0;
    while (i < clause.length) {
      const e = (index.get(clause[i] ?? '') ?? []).find((x) => matchesAt(clause, i, x));
      if (!e) {
        i += 1;
        continue;
      }
      hits.push({ code: e.code, matched: e.text, negated: NEGATION.test(clause.slice(lastEnd, i)) });
      i += e.text.length;
      lastEnd = i;
    }
  }
  return hits;
}

function matchesAt(s: string, i: number, e: Entry): boolean {
  if (!s.startsWith(e.text, i)) return false;
  if (!e.ascii) return true;
  const before = s[i - 1];
  const after = s[i + e.text.length];
  return !(before !== undefined && LATIN.test(before)) && !(after !== undefined && LATIN.test(after));
}
