// Splits a message into small clauses with offsets into the original string.
// Splitting is deliberately eager (every comma, every "、"): the planner later
// re-joins neighbouring clauses that carry the same intent, which is how "严重吗、
// 应该何时就医" stays one part while "饮食和运动如何调整" is never cut in two.

export interface Clause {
  text: string;
  start: number;
  end: number;
  /** Punctuation that closed the clause ('' at a connective or the end). */
  closer: string;
}

const HARD_STOP = new Set(['。', '？', '！', '；', '?', '!', ';', '\n', '，', '、', '：']);
const CLOSING = new Set(['”', '’', '」', '』', '）', ')', '"', "'", '】']);
const ZH_CONNECTIVE = /同时|另外|还有|以及|并且|顺便|再问|此外|还想问|还想知道|再就是|而且|然后|最后/g;
const EN_CONNECTIVE =
  /,\s+(?=(and|but|also|plus|or|why|what|how|when|where|which|who|is|are|do|does|did|can|could|should|would|will)\b)|\s+(?=(and|also|plus)\s+(also\s+)?(what|how|why|when|which|where|who|whether|is|are|do|does|did|can|could|should|would|will|any|if|tell)\b)|\s+[—–]\s+|\s+--\s+|\s+-\s+(?=(what|how|why|when|which|where|who|is|are|do|does|did|can|could|should|would|will|any)\b)/gi;
const COMMA_OR_SPACE = /[,\s]/;
const ABBREVIATION = /\b(dr|mr|mrs|ms|vs|e\.g|i\.e|approx|no|st)\.$/i;

function cut(message: string, cuts: Set<number>): Clause[] {
  const points = Array.from(cuts)
    .filter((p) => p > 0 && p < message.length)
    .sort((a, b) => a - b);
  const clauses: Clause[] = [];
  let from = 0;
  for (const to of [...points, message.length]) {
    const raw = message.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (/[\p{L}\p{N}]/u.test(text)) {
      const start = from + lead;
      const last = text[text.length - 1] ?? '';
      clauses.push({
        text,
        start,
        end: start + text.length,
        closer: HARD_STOP.has(last) || last === ',' ? last : '',
      });
    }
    from = to;
  }
  return clauses;
}

// HARD_STOP and CLOSING as code units (every member is one BMP code unit): the scan below reads
// every character of the message, and indexing a string makes a one-character string each time.
const HARD_STOP_UNITS = new Set(Array.from(HARD_STOP, (c) => c.charCodeAt(0)));
const CLOSING_UNITS = new Set(Array.from(CLOSING, (c) => c.charCodeAt(0)));
const COMMA = 0x2c;
const PERIOD = 0x2e;

function addPunctuationCuts(message: string, cuts: Set<number>, zh: boolean): void {
  for (let i = 0; i < message.length; i += 1) {
    const code = message.charCodeAt(i);
    let boundary = HARD_STOP_UNITS.has(code);
    if (code === COMMA && zh) boundary = true;
    if (
      code === PERIOD &&
      /\s/.test(message[i + 1] ?? '') &&
      !ABBREVIATION.test(message.slice(Math.max(0, i - 6), i + 1))
    ) {
      boundary = true;
    }
    if (!boundary) continue;
    let j = i + 1;
    // Keep runs like "？！" and closing quotes with the clause they end.
    while (j < message.length) {
      const at = message.charCodeAt(j);
      if (!HARD_STOP_UNITS.has(at) && !CLOSING_UNITS.has(at)) break;
      j += 1;
    }
    cuts.add(j);
    i = j - 1;
  }
}

function addConnectiveCuts(message: string, cuts: Set<number>, zh: boolean): void {
  if (zh) {
    for (const m of message.matchAll(ZH_CONNECTIVE)) {
      const at = m.index ?? 0;
      // Only cut when a real clause precedes it, so "请同时给出…" stays whole.
      let lastCut = 0;
      for (const c of cuts) if (c <= at && c > lastCut) lastCut = c;
      if (message.slice(lastCut, at).trim().length >= 4) cuts.add(at);
    }
    return;
  }
  // Every branch of EN_CONNECTIVE starts with a comma or a space: most Chinese messages have neither.
  if (!COMMA_OR_SPACE.test(message)) return;
  for (const m of message.matchAll(EN_CONNECTIVE)) {
    const index = m.index ?? 0;
    // A comma stays with the clause it closes; a dash goes with the clause before it.
    const at = m[0].startsWith(',') ? index + 1 : /[—–-]/.test(m[0]) ? index + m[0].length : index;
    cuts.add(at);
  }
}

// "会是什么问题 要不要查甲功": in Chinese a space between two Chinese characters separates clauses.
const CJK_SPACE = /(?<=[\u4e00-\u9fff])[ \u3000]+(?=[\u4e00-\u9fff])/g;

function addSpaceCuts(message: string, cuts: Set<number>): void {
  for (const m of message.matchAll(CJK_SPACE)) cuts.add((m.index ?? 0) + m[0].length);
}

export function splitClauses(message: string, zh: boolean): Clause[] {
  const cuts = new Set<number>();
  addPunctuationCuts(message, cuts, zh);
  if (zh) addSpaceCuts(message, cuts);
  addConnectiveCuts(message, cuts, zh);
  if (zh) addConnectiveCuts(message, cuts, false);
  return cut(message, cuts);
}
