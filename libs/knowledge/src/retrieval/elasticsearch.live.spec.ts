/**
 * Live Elasticsearch suite. It runs only when ELASTICSEARCH_URL is set (e.g.
 * ELASTICSEARCH_URL=http://localhost:9200, optional ELASTICSEARCH_API_KEY); without it the
 * suite is skipped with describe.skip, the one sanctioned skip in this lib, because no
 * Elasticsearch can run on the build machines (see STACK-NOTES.md). The request/response
 * contract is covered without a cluster by elasticsearch.spec.ts.
 */
import { Client } from '@elastic/elasticsearch';
import { ElasticsearchRetriever } from './elasticsearch';
import { LsaEmbedder } from './lsa';
import { smallCorpus } from './testing/fixtures';

const url = process.env['ELASTICSEARCH_URL'];
const apiKey = process.env['ELASTICSEARCH_API_KEY'];
const live = url ? describe : describe.skip;

live('ElasticsearchRetriever against a live cluster', () => {
  const index = `medagent-test-${process.pid}-${Date.now()}`;
  const client = new Client({
    node: url ?? 'http://localhost:9200',
    ...(apiKey ? { auth: { apiKey } } : {}),
  });
  const embedder = new LsaEmbedder({ dim: 8, minDf: 1 });
  const retriever = new ElasticsearchRetriever({ client, index, embedder, replicas: 0 });

  beforeAll(async () => {
    await retriever.ingest(smallCorpus());
  }, 60_000);

  afterAll(async () => {
    await client.indices.delete({ index, ignore_unavailable: true });
    await client.indices.deleteIndexTemplate({ name: `${index}-template` }).catch(() => undefined);
    await client.close();
  });

  it('indexes every document', async () => {
    expect((await retriever.stats()).docs).toBe(smallCorpus().length);
  });

  it('finds Chinese text through the cjk analyzer', async () => {
    const hits = await retriever.search('餐后血糖', { mode: 'bm25', k: 3, filters: { lang: 'zh' } });
    expect(hits[0]?.lang).toBe('zh');
    expect(hits.map((h) => h.doc_id)).toEqual(expect.arrayContaining(['zh-dm-2']));
  });

  it('finds English text through the english analyzer (stemming)', async () => {
    const hits = await retriever.search('diagnosing diabetes', { mode: 'bm25', k: 3 });
    expect(hits.map((h) => h.doc_id)).toContain('en-dm-1');
  });

  it('runs kNN with filters', async () => {
    const hits = await retriever.search('asthma wheeze', {
      mode: 'dense',
      k: 2,
      filters: { doc_type: ['condition'] },
    });
    expect(hits.every((h) => h.doc_type === 'condition')).toBe(true);
  });

  it('fuses hybrid results in the engine or, on a Basic licence, client-side', async () => {
    const hits = await retriever.search('metformin side effects', { k: 3 });
    expect(hits[0]?.doc_id).toBe('en-dm-2');
    expect(['engine', 'client']).toContain(retriever.fusion);
  });
});
