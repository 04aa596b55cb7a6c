import { CLASSIC_FUSION, calibrateFusion, firstSentence, pseudoQueries, type ListsForQuery } from './calibrate';
import { EmbeddedRetriever } from './embedded';
import type { KnowledgeDocument } from './types';

const doc = (i: number, title: string, text: string): KnowledgeDocument => ({
  id: `d${String(i).padStart(3, '0')}`,
  lang: 'en',
  doc_type: 'condition',
  title,
  text,
  topics: ['t'],
  source: { name: 's', year: 2024 },
  kb_version: 'v',
});

/**
 * 40 diseases × 3 sections whose bodies mention another section's word more often than their
 * own: only the title says which section a document is, as in MedQuAD ("X — symptoms").
 */
function sectionCorpus(): KnowledgeDocument[] {
  const sections = ['symptoms', 'treatment', 'outlook'];
  const out: KnowledgeDocument[] = [];
  for (let d = 0; d < 40; d++)
    sections.forEach((s, j) =>
      out.push(
        doc(
          d * 3 + j,
          `disease${d} ${s}`,
          // The body keeps talking about the *next* section, as long answers often do.
          `Disease${d} affects the organ${d % 7}. ${Array(4).fill(sections[(j + 1) % 3]).join(' and ')} of disease${d} are discussed with a doctor.`,
        ),
      ),
    );
  return out;
}

describe('pseudo-queries', () => {
  it('alternate titles and first sentences of sampled documents, deterministically', () => {
    const docs = sectionCorpus();
    const a = pseudoQueries(docs, 10);
    expect(a).toEqual(pseudoQueries(docs, 10));
    expect(a).toHaveLength(10);
    expect(a[0]?.query).toBe(docs[a[0]?.doc as number]?.title);
    expect(a[1]?.query).toBe(firstSentence(docs[a[1]?.doc as number]?.text ?? ''));
    expect(pseudoQueries(docs.slice(0, 10))).toEqual([]);
  });

  it('cuts a first sentence to query length', () => {
    expect(firstSentence('One two three four five six seven eight nine ten eleven twelve thirteen. Next.')).toBe(
      'One two three four five six seven eight nine ten eleven twelve',
    );
    expect(firstSentence('第一句话。第二句话。')).toBe('第一句话。');
  });
});

describe('calibrateFusion', () => {
  const lists = (bm25: number[], title: number[], dense: number[]): ListsForQuery => ({ bm25, title, dense, denseLocal: dense });

  it('keeps classic RRF when nothing is clearly better', () => {
    const ls = [lists([0, 1], [0, 1], [0, 1]), lists([1, 0], [1, 0], [1, 0])];
    const cal = calibrateFusion([{ doc: 0 }, { doc: 1 }], ls, true);
    expect(cal.reason).toBe('classic');
    expect({ k: cal.k, weights: cal.weights }).toEqual({ k: CLASSIC_FUSION.k, weights: CLASSIC_FUSION.weights });
  });

  it('moves off classic RRF when one list is clearly stronger, and never scores below a part', () => {
    // dense is always wrong at rank 1; bm25 always right.
    // bm25 is always right at rank 1; dense ranks bm25's wrong second hit first and misses the answer.
    const ls = Array.from({ length: 20 }, (_, i) => lists([i, 100 + i], [], [100 + i, 300 + i]));
    const cal = calibrateFusion(Array.from({ length: 20 }, (_, i) => ({ doc: i })), ls, true);
    expect(cal.reason).not.toBe('classic');
    expect(cal.ndcg.chosen).toBeGreaterThanOrEqual(Math.max(cal.ndcg.bm25, cal.ndcg.dense, cal.ndcg.title));
    expect(cal.ndcg.chosen).toBeGreaterThan(cal.ndcg.classic);
  });
});

describe('EmbeddedRetriever calibration', () => {
  it('learns from the corpus that titles separate sections, and the hybrid then beats BM25', async () => {
    const docs = sectionCorpus();
    const r = new EmbeddedRetriever({ persist: false });
    await r.ingest(docs);
    const cal = await r.calibration();
    expect(cal?.weights.title).toBeGreaterThan(0);
    // Held-out style queries (not titles): "what is the treatment for diseaseN".
    let hybrid = 0;
    let bm25 = 0;
    for (let d = 0; d < 40; d += 3) {
      const q = `what is the treatment for disease${d}`;
      const want = `d${String(d * 3 + 1).padStart(3, '0')}`;
      if ((await r.search(q, { k: 1, mode: 'hybrid' }))[0]?.doc_id === want) hybrid++;
      if ((await r.search(q, { k: 1, mode: 'bm25' }))[0]?.doc_id === want) bm25++;
    }
    expect(hybrid).toBeGreaterThan(bm25);
  });

  it('uses explicit fusion options instead of calibrating', async () => {
    const r = new EmbeddedRetriever({ persist: false, rrf: { k: 60, weights: { bm25: 1, dense: 1 } } });
    await r.ingest(sectionCorpus());
    expect(await r.calibration()).toBeUndefined();
  });
});
