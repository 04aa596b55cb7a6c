import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConfigError, ContractViolationError } from '@medagent/contracts';
import { EmbeddedRetriever } from './embedded';
import { smallCorpus } from './testing/fixtures';
import type { Embedder, KnowledgeDocument } from './types';

const lsa = { dim: 8, minDf: 1 };

describe('EmbeddedRetriever', () => {
  let root: string;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'medagent-retrieval-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function make(docs: KnowledgeDocument[] = smallCorpus(), opts = {}) {
    const r = new EmbeddedRetriever({ indexRoot: root, lsa, ...opts });
    await r.ingest(docs);
    return r;
  }

  it('returns hits with full provenance in every mode', async () => {
    const r = await make();
    for (const mode of ['bm25', 'dense', 'hybrid'] as const) {
      const hits = await r.search('metformin side effects', { mode, k: 3 });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits[0]).toMatchObject({
        doc_id: 'en-dm-2',
        title: 'Metformin: first-line diabetes medicine',
        rank: 1,
        source: { name: 'Label text', year: 2023, url: 'https://example.org/metformin' },
        kb_version: 'test-1',
        lang: 'en',
        doc_type: 'medication',
      });
      expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
      for (const h of hits) expect(h.snippet.length).toBeLessThanOrEqual(240);
      expect(hits[0]!.matched_by).toEqual(mode === 'hybrid' ? ['bm25', 'dense'] : [mode]);
    }
  });

  it('answers a Chinese question through bigrams and picks the matching passage', async () => {
    const r = await make();
    const [top] = await r.search('饭后血糖高还头晕', { mode: 'bm25', filters: { lang: 'zh' } });
    expect(['zh-dm-1', 'zh-dm-2', 'zh-hypo']).toContain(top?.doc_id);
    const long = smallCorpus()[0]!;
    long.id = 'zh-long';
    long.text = `${'与本问题无关的内容。'.repeat(40)}餐后两小时血糖≥11.1 mmol/L也可诊断。${'其他无关内容。'.repeat(40)}`;
    const r2 = await make([long]);
    const [hit] = await r2.search('餐后两小时血糖', { mode: 'bm25' });
    expect(hit?.snippet).toContain('餐后两小时血糖≥11.1');
    expect(hit!.snippet.length).toBeLessThanOrEqual(240);
  });

  it('applies lang, doc_type, topics and kb_version filters in every mode', async () => {
    const r = await make();
    for (const mode of ['bm25', 'dense', 'hybrid'] as const) {
      const zh = await r.search('血糖 glucose', { mode, k: 20, filters: { lang: 'zh' } });
      expect(zh.length).toBeGreaterThan(0);
      expect(zh.every((h) => h.lang === 'zh')).toBe(true);
      const meds = await r.search('diabetes', { mode, k: 20, filters: { doc_type: ['medication'] } });
      expect(meds.map((h) => h.doc_id)).toEqual(['en-dm-2']);
      const flags = await r.search('low blood sugar 低血糖', {
        mode,
        k: 20,
        filters: { topics: ['red_flags', 'gout'] },
      });
      expect(flags.map((h) => h.doc_id)).toEqual(expect.arrayContaining(['zh-hypo', 'en-hypo']));
      expect(flags.every((h) => ['zh-hypo', 'en-hypo', 'en-gout'].includes(h.doc_id))).toBe(true);
      const v2 = await r.search('blood pressure', { mode, k: 20, filters: { kb_version: 'test-2' } });
      expect(v2.map((h) => h.doc_id)).toEqual(['en-htn']);
    }
  });

  it('persists the index and loads it after a restart instead of rebuilding', async () => {
    const first = await make();
    const before = await first.search('asthma wheeze at night', { k: 5 });
    expect((await first.stats()).index?.state).toBe('built');
    const files = fs.readdirSync(path.join(root, 'default'));
    expect(files).toHaveLength(1);
    expect(fs.readdirSync(path.join(root, 'default', files[0]!)).sort()).toEqual(
      [
        'doclen.f32',
        'lsa.components.f32',
        'lsa.idf.f32',
        'lsa.sigma.f32',
        'lsa.terms.json',
        'manifest.json',
        'postings.docs.u32',
        'postings.offsets.u32',
        'postings.tfs.f32',
        'terms.json',
        'vectors.f32',
      ].sort(),
    );

    const second = await make([...smallCorpus()].reverse());
    expect(await second.search('asthma wheeze at night', { k: 5 })).toEqual(before);
    const stats = await second.stats();
    expect(stats.index).toMatchObject({ state: 'loaded', key: files[0] });
    expect(stats.index?.bytes).toBeGreaterThan(0);

    // Different text → different key → a fresh build next to the old one.
    const changed = smallCorpus();
    changed[0]!.text += ' 新增内容';
    const third = await make(changed);
    await third.search('x');
    expect((await third.stats()).index?.state).toBe('built');
    expect(fs.readdirSync(path.join(root, 'default'))).toHaveLength(2);
  });

  it('rebuilds when a persisted index is damaged', async () => {
    await (await make()).search('gout');
    const dir = path.join(root, 'default', fs.readdirSync(path.join(root, 'default'))[0]!);
    fs.writeFileSync(path.join(dir, 'vectors.f32'), Buffer.alloc(12));
    const r = await make();
    expect((await r.search('gout', { k: 1 }))[0]?.doc_id).toBe('en-gout');
    expect((await r.stats()).index?.state).toBe('built');
  });

  it('ingest upserts by id and invalidates the index', async () => {
    const r = await make();
    expect((await r.search('caffeine', { mode: 'bm25' }))[0]?.doc_id).toBe('en-sleep');
    const updated = { ...smallCorpus()[11]!, text: 'Keep a regular sleep schedule.' };
    expect(await r.ingest([updated])).toEqual({ received: 1, total: 12 });
    expect(await r.search('caffeine', { mode: 'bm25' })).toEqual([]);
  });

  it('uses any Embedder port for the dense side', async () => {
    // Two-dimensional "embedder": diabetes-ness and breathing-ness, enough to check the plumbing.
    const toy: Embedder = {
      id: 'toy/1',
      dim: 2,
      embed: (texts) =>
        Promise.resolve(
          texts.map((t) =>
            Float32Array.from([
              /diabet|糖尿|glucose|血糖/i.test(t) ? 1 : 0.01,
              /asthma|哮喘|wheeze/i.test(t) ? 1 : 0.01,
            ]),
          ),
        ),
    };
    const r = await make(smallCorpus(), { embedder: toy, persist: false });
    const hits = await r.search('wheeze', { mode: 'dense', k: 2 });
    expect(new Set(hits.map((h) => h.doc_id))).toEqual(new Set(['zh-asthma', 'en-asthma']));
    expect((await r.stats()).embedder).toBe('toy/1');
  });

  it('rejects bad input with typed errors', async () => {
    const r = await make();
    await expect(r.search('x', { k: 0 })).rejects.toBeInstanceOf(ContractViolationError);
    await expect(r.search('x', { mode: 'fuzzy' as never })).rejects.toBeInstanceOf(ContractViolationError);
    await expect(r.ingest([{ id: 'x', lang: 'fr' } as never])).rejects.toMatchObject({
      code: 'CONTRACT_VIOLATION',
      details: expect.arrayContaining([expect.objectContaining({ path: 'docs[0].lang' })]) as unknown,
    });
    const noDense = await make(smallCorpus(), { embedder: null });
    await expect(noDense.search('x', { mode: 'dense' })).rejects.toBeInstanceOf(ConfigError);
    expect((await noDense.search('gout'))[0]?.matched_by).toEqual(['bm25']);
    expect(() => new EmbeddedRetriever({ name: '../escape' })).toThrow(ConfigError);
  });

  it('returns no hits for an empty corpus or a query with no known terms', async () => {
    const empty = new EmbeddedRetriever({ indexRoot: root, lsa });
    expect(await empty.search('anything')).toEqual([]);
    const r = await make();
    expect(await r.search('qqqq', { mode: 'bm25' })).toEqual([]);
    expect(await r.search('qqqq', { mode: 'dense' })).toEqual([]);
  });
});
