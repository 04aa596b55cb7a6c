import { SOURCE_LIMIT, TASK_TYPE_LABELS, byReadingOrder, sectionBody, type Contribution, type Evidence, type Lang } from '@medagent/contracts';

// The offline answer: sections in reading order (risk and what to do now, then lifestyle,
// then evidence), each made of the whole sentences its worker chose. A sentence said once is
// never said again in a later section; each source (a publication) gets one number, in the
// order the answer first cites it, and every cited sentence group ends with its number.

export interface ComposedAnswer {
  text: string;
  sources: Evidence[];
}

/** The key two sentences are "the same" under: no spaces, punctuation, citations or case. */
function sameKey(s: string): string {
  return s
    .toLowerCase()
    .replace(/\[\d+\]/g, '')
    .replace(/[\s，,。.！!？?；;：:（）()「」“”"'、\-[\]]/g, '');
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[。！？!?；;])|(?<=[.])\s+(?=[A-Z0-9"“(])/).map((s) => s.trim()).filter(Boolean);
}

const sourceKey = (e: Evidence): string => (e.source_name ? `${e.source_name}|${e.year ?? ''}` : `id:${e.source_id}`);

function tailsOf(e: Evidence): string[] {
  if (!e.source_name) return [];
  return [`（${e.source_name}，${e.year ?? ''}）`, ` (${e.source_name}, ${e.year ?? ''})`, `（${e.source_name} ${e.year ?? ''}）`];
}

interface Line {
  body: string;
  evidence?: Evidence;
}

/** A contribution's lines, each with the source its tail names (when it names one). */
function linesOf(c: Contribution): Line[] {
  const tails = c.evidence.flatMap((e) => tailsOf(e).map((t) => ({ t, e })));
  return sectionBody(c.text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const hit = tails.find(({ t }) => l.endsWith(t));
      return hit ? { body: l.slice(0, l.length - hit.t.length).trim(), evidence: hit.e } : { body: l };
    });
}

export function composeAnswer(lang: Lang, contributions: readonly Contribution[], limit = SOURCE_LIMIT): ComposedAnswer {
  const ordered = byReadingOrder(contributions);
  const numbers = new Map<string, number>();
  const sources: Evidence[] = [];
  const cite = (e: Evidence): number | undefined => {
    // One number per document and per publication: a second document of the same guideline
    // shares its number.
    const keys = [`id:${e.source_id}`, sourceKey(e)];
    const known = keys.map((k) => numbers.get(k)).find((n) => n !== undefined);
    if (known !== undefined) {
      for (const k of keys) numbers.set(k, known);
      return known;
    }
    if (sources.length >= limit) return undefined;
    sources.push(e);
    for (const k of keys) numbers.set(k, sources.length);
    return sources.length;
  };
  const said = new Set<string>();
  const sections: string[] = [];
  for (const c of ordered) {
    const out: string[] = [];
    let cited = false;
    for (const line of linesOf(c)) {
      // Sentence-level de-duplication across the whole answer, list lines kept as lines.
      const kept = sentencesOf(line.body).filter((s) => {
        const k = sameKey(s);
        if (k.length < 6) return true;
        if (said.has(k)) return false;
        said.add(k);
        return true;
      });
      if (kept.length === 0 || kept.every((s) => sameKey(s).length < 6)) continue;
      const n = line.evidence ? cite(line.evidence) : undefined;
      if (n !== undefined) cited = true;
      out.push(`${kept.join(lang === 'zh' ? '' : ' ')}${n !== undefined ? ` [${n}]` : ''}`);
    }
    // A worker whose text names no source still has its evidence listed (and cited at the end).
    let tail = '';
    if (!cited) {
      const refs = [...new Set([...c.evidence].sort((a, b) => b.score - a.score).slice(0, 4).map(cite).filter((n): n is number => n !== undefined))];
      if (refs.length) tail = ` ${refs.map((n) => `[${n}]`).join('')}`;
    }
    if (out.length === 0) continue;
    const partial = c.completeness < 1 ? (lang === 'zh' ? '（本部分信息不完整）' : ' (this part is incomplete)') : '';
    sections.push(`【${TASK_TYPE_LABELS[lang][c.task_type]}】${partial}\n${out.join('\n')}${tail}`);
  }
  const refsTitle = lang === 'zh' ? '参考来源' : 'Sources';
  const sourceLine = (e: Evidence, i: number) => {
    const by = [e.source_name, e.year].filter((x) => x !== undefined && x !== '').join(', ');
    return `[${i + 1}] ${e.title}${by ? ` — ${by}` : ''}`;
  };
  const text = [...sections, sources.length ? `${refsTitle}：\n${sources.map(sourceLine).join('\n')}` : ''].filter(Boolean).join('\n\n');
  return { text, sources };
}
