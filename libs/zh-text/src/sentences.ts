// Sentence-level de-duplication shared by the worker's composer and the coordinator's answer
// sections: a sentence said once is not said again, wherever it first appears.

export const SOURCE_TAIL = /\s?[（(][^（()）]*(?:[（(][^（()）]*[）)][^（()）]*)*[，,]\s?\d{4}[）)]$/;

/**
 * Two tools often quote the same sentence (assess_risk and search_knowledge read the same
 * red-flag document): each sentence is kept once, where it first appears; a line left with
 * only its source tail is dropped.
 */
export function dedupeSentences(blocks: readonly string[]): string[] {
  const said = new Set<string>();
  const key = (x: string) => x.toLowerCase().replace(/[\s，,。.！!？?；;：:（）()「」“”"'、\-[\]]/g, '');
  return blocks
    .map((block) =>
      block
        .split('\n')
        .map((line) => {
          const tail = SOURCE_TAIL.exec(line)?.[0] ?? '';
          const body = tail ? line.slice(0, line.length - tail.length) : line;
          const kept = body.split(/(?<=[。！？!?；;])|(?<=[.])\s+(?=[A-Z0-9"“(])/).filter((x) => {
            const k = key(x);
            if (k.length < 6) return x.trim().length > 0;
            if (said.has(k)) return false;
            said.add(k);
            return true;
          });
          return kept.some((x) => key(x).length >= 6) ? `${kept.join(/[\u3400-\u9fff]/.test(body) ? '' : ' ').replace(/ {2,}/g, ' ')}${tail}` : '';
        })
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
}
