import type { Lang } from '@medagent/contracts';

// Sentence-level extraction: a knowledge document is cut only at sentence ends, never
// mid-sentence, and list markers (①, "1.", "-") are dropped so a sentence never starts
// with a bare "④…" fragment.

// A list number ("1.", "2、", "(3)") — never the start of a decimal ("7.8～11.0 mmol/L").
const LIST_MARK = /^\s*(?:[①-⑳]|\(?\d{1,2}(?:[)、）]|\.(?!\d))|[（(][一二三四五六七八九十\d]{1,2}[)）]|[-•·*])\s*/;
const CIRCLED = /[①-⑳]/g;

/** The sentences of a text, in order, each whole. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    // zh ends: 。！？ (and ；when a clause stands alone); en ends: . ! ? before a space and a capital/digit.
    const parts = line.split(/(?<=[。！？!?])|(?<=[；;])(?=\s*[①-⑳])|(?<=[.])\s+(?=[A-Z0-9"“(])/);
    for (const p of parts) {
      const s = p.replace(LIST_MARK, '').replace(CIRCLED, '').replace(/\s+/g, ' ').trim();
      if (Array.from(s).length >= 6) out.push(s);
    }
  }
  return out;
}

const ZH_STOP = new Set(
  '我的 最近 怎么 什么 应该 如何 请问 是否 需要 可以 一下 一些 这个 那个 还是 还有 同时 另外 以及 时候 哪些 多少 为什么 严重 吗？ 想问 请同 同时 给出 依据 一般 现在 平时 注意 问题 情况 能不 不能 要不 不要 有没 没有 就是 已经 自己 我们 他们 你们 医生 建议'.split(' '),
);
const EN_STOP = new Set(
  'the and for with that this what how should could would can you your are was were have has had been does did not but about from into when which who why will just also any some than then them they their there here its it\'s i\'m i\'ve my me our get got take taking need really actually much many more most very well like know want tell please'.split(' '),
);

/** Content terms of a question: CJK character bigrams and Latin word stems. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  for (const run of lower.match(/[\u3400-\u9fff]+/g) ?? []) {
    const cs = Array.from(run);
    for (let i = 0; i + 1 < cs.length; i++) {
      const g = `${cs[i]}${cs[i + 1]}`;
      if (!ZH_STOP.has(g)) out.push(g);
    }
  }
  for (const w of lower.match(/[a-z][a-z0-9'-]{1,}/g) ?? []) {
    if (w.length < 3 && !/^(bp|af|ck|uti|ibs|ldl|hdl|a1c|ckd|inr|iud)$/.test(w)) continue;
    if (EN_STOP.has(w)) continue;
    out.push(w.slice(0, 5));
  }
  for (const n of lower.match(/\d+(?:\.\d+)?/g) ?? []) out.push(n);
  return out;
}

/** What a section asks of its sentences, beyond the question's own words. */
export type SentenceIntent = 'risk' | 'lifestyle' | 'guideline' | 'knowledge';

const INTENT_CUES: Record<SentenceIntent, RegExp> = {
  risk: /就医|急诊|立即|马上|尽快|拨打|120|医院|门诊|警惕|危险|风险|红旗|不要|切勿|seek|emergency|call|doctor|urgent|hospital|911|988|risk|right away|immediately|warning|do not|don't/i,
  lifestyle: /饮食|食物|吃|喝|饮|运动|锻炼|步行|活动|体重|减重|睡眠|作息|戒烟|限酒|盐|水|限制|避免|diet|eat|food|drink|exercise|walk|active|activity|weight|sleep|alcohol|smok|salt|water|fluid|avoid|limit/i,
  guideline: /推荐|指南|目标|一线|首选|标准|治疗|药物|recommend|guideline|target|first-line|standard|treat|therapy|medication/i,
  knowledge: /是|指|可以|通常|一般|应|建议|is|are|usually|should|can/i,
};


// A question about how to take, time, store, skip or stop a medicine asks for the instructions
// themselves: the label-style sentences ("说明书：…", "Label: …") and the ones that say how,
// when and with what to take it answer it even when they repeat none of the question's words.
const REGIMEN_ASK =
  /(怎么|如何|咋|应该|怎样)(吃|服|用|保存|带)|什么时候(吃|服|用)|服法|用法|忘了吃|忘记吃|漏服|漏吃|停药|能(不能)?停|饭前|饭后|空腹|how (do|should|am|to|can) (i|we|you)? ?(supposed to )?(take|use|give|store)|\b(missed|forgot|skip(ped)?|stop|quit|come off|taper|store|storage)\b|when (should|do) i take/i;
const REGIMEN_SENTENCE =
  /说明书|送服|服用|空腹|随餐|餐后|漏服|补服|加倍|间隔|直立|躺|含化|冷藏|室温|逐步减量|label|empty stomach|with (meals|food|a (full )?glass)|missed dose|double|as soon as you remember|upright|lie down|taper|gradual|room temperature|fridge|every \d+ (to \d+ )?hours|mg\/kg/i;

// A sentence on what causes a condition ("最常见的原因是…", "caused by…") answers a "why" or
// "what causes" question; for any other question it is background, and the causes it lists
// (other diseases, past treatments) are not what the user asked about.
const CAUSE_ASK = /为什么|为啥|原因|怎么会|怎么得|引起|导致|病因|\bwhy\b|\bcause[sd]?\b|\bcausing\b|\breason\b/i;
const CAUSE_SENTENCE = /原因(是|有|包括|为)|病因|可见于|常见于|多由|由于.{0,12}引起|caused by|\bcauses (include|are)\b|\bis due to\b|\bcommonest cause\b|\bmost common cause\b/i;

export interface Candidate {
  doc_id: string;
  rank: number;
  position: number;
  text: string;
}

function termWeights(query: readonly string[], candidates: readonly Candidate[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const c of candidates) {
    const lower = c.text.toLowerCase();
    for (const t of new Set(query)) if (lower.includes(t)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = Math.max(1, candidates.length);
  return new Map([...new Set(query)].map((t) => [t, Math.log(1 + n / (1 + (df.get(t) ?? 0)))]));
}

/**
 * The sentences that best address the question and the section's intent, as whole sentences
 * grouped by document (documents in rank order, sentences in document order). A sentence that
 * shares no term with the question is taken only to complete a document already chosen.
 */
export function selectSentences(
  question: string,
  intent: SentenceIntent,
  candidates: readonly Candidate[],
  opts: { max?: number; maxChars?: number; lang?: Lang; exclude?: ReadonlySet<string> } = {},
): Candidate[] {
  const max = opts.max ?? 5;
  const maxChars = opts.maxChars ?? 420;
  const query = termsOf(question);
  const w = termWeights(query, candidates);
  const cue = INTENT_CUES[intent];
  const regimen = REGIMEN_ASK.test(question);
  const causeAsked = CAUSE_ASK.test(question);
  const scored = candidates
    .filter((c) => !opts.exclude?.has(normalise(c.text)))
    .map((c) => {
      const lower = c.text.toLowerCase();
      let s = 0;
      for (const [t, wt] of w) if (lower.includes(t)) s += wt;
      // The retrieved document is already on the question's topic: a sentence that does what
      // the section asks (what to do now, what to eat, what is recommended) counts by itself.
      if (cue.test(c.text)) s += 0.8;
      if (regimen && REGIMEN_SENTENCE.test(c.text)) s += 0.8;
      if (!causeAsked && CAUSE_SENTENCE.test(c.text)) s -= 1;
      if (/\d/.test(c.text)) s += 0.2;
      // Earlier documents and earlier sentences first.
      s -= c.rank * 0.15 + c.position * 0.02;
      return { c, s };
    })
    .filter((x) => x.s > 0.5)
    .sort((a, b) => b.s - a.s);
  const chosen: Candidate[] = [];
  let chars = 0;
  const seen = new Set<string>();
  for (const { c } of scored) {
    if (chosen.length >= max) break;
    const key = normalise(c.text);
    if (seen.has(key)) continue;
    const len = Array.from(c.text).length;
    if (chosen.length > 0 && chars + len > maxChars) continue;
    seen.add(key);
    chosen.push(c);
    chars += len;
  }
  return chosen.sort((a, b) => a.rank - b.rank || a.position - b.position);
}

/** The key two sentences are "the same" under: no spaces, punctuation or case. */
export function normalise(s: string): string {
  return s.toLowerCase().replace(/[\s，,。.！!？?；;：:（）()「」“”"'、\-[\]]/g, '');
}

export function candidatesOf(docs: readonly { doc_id: string; text: string }[]): Candidate[] {
  return docs.flatMap((d, rank) => splitSentences(d.text).map((text, position) => ({ doc_id: d.doc_id, rank, position, text })));
}
