import { Client } from '@elastic/elasticsearch';
import { ConfigError, ContractViolationError } from '@medagent/contracts';
import { ElasticsearchRetriever } from './elasticsearch';
import { RetrievalBackendError } from './errors';
import {
  ES_RESPONSES as R,
  startEsMock,
  type EsMock,
  type EsReply,
  type RecordedRequest,
} from './testing/es-mock';
import { smallCorpus } from './testing/fixtures';
import type { Embedder, KnowledgeDocument } from './types';

/**
 * Request/response contract tests: the real @elastic/elasticsearch client talks to a local
 * recording server. Request bodies are snapshotted; responses follow the ES 9 wire format.
 */
const toy: Embedder = {
  id: 'toy/3',
  dim: 3,
  embed: (texts) =>
    Promise.resolve(texts.map((t) => Float32Array.from([t.length % 7, /糖|diabet/i.test(t) ? 1 : 0, 0.5]))),
};

const docs = smallCorpus().slice(5, 8);
const src = (id: string): KnowledgeDocument => smallCorpus().find((d) => d.id === id)!;
const hit = (id: string, score: number, highlight?: string) => ({
  _id: id,
  _score: score,
  _source: src(id),
  ...(highlight ? { highlight: { 'text.en': [highlight] } } : {}),
});

type Scenario = 'engine' | 'licence' | 'old' | 'bad' | 'down';

function esFor(scenario: { hybrid: Scenario }) {
  return (req: RecordedRequest): EsReply => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.path.startsWith('/_index_template/')) return { status: 200, body: R.acknowledged };
    if (req.method === 'PUT' && req.path === '/medagent-kb')
      return { status: 200, body: R.created('medagent-kb') };
    if (req.path === '/_bulk') {
      const ids = (req.body as Array<{ index?: { _id: string } }>).flatMap((l) =>
        l.index ? [l.index._id] : [],
      );
      return { status: 200, body: R.bulk(ids, ids.includes('bad') ? 'bad' : undefined) };
    }
    if (req.path.endsWith('/_count')) return { status: 200, body: R.count(12) };
    if (body['aggs']) return { status: 200, body: R.kbVersions(['test-1', 'test-2']) };
    if (body['retriever']) {
      if (scenario.hybrid === 'licence') return { status: 403, body: R.rrfLicence };
      if (scenario.hybrid === 'old') return { status: 400, body: R.unknownRetriever };
      if (scenario.hybrid === 'bad') return { status: 400, body: R.badQuery };
      if (scenario.hybrid === 'down') return { status: 503, body: R.unavailable };
      return {
        status: 200,
        body: R.hits([hit('en-dm-2', 0.0325, 'Metformin lowers blood glucose'), hit('en-dm-1', 0.0161)]),
      };
    }
    if (body['knn']) return { status: 200, body: R.hits([hit('en-dm-1', 0.93), hit('en-dm-2', 0.91)]) };
    return {
      status: 200,
      body: R.hits([
        hit('en-dm-2', 7.1, 'Metformin lowers blood glucose'),
        hit('en-hypo', 3.2, 'Blood glucose below 3.9 mmol/L is low.'),
      ]),
    };
  };
}

describe('ElasticsearchRetriever (recorded request/response contract)', () => {
  let es: EsMock;
  let client: Client;
  const scenario: { hybrid: Scenario } = { hybrid: 'engine' };

  beforeEach(async () => {
    scenario.hybrid = 'engine';
    es = await startEsMock(esFor(scenario));
    client = new Client({ node: es.url, maxRetries: 0 });
  });
  afterEach(async () => {
    await client.close();
    await es.close();
  });

  const searches = () => es.requests.filter((r) => r.path === '/medagent-kb/_search');

  it('creates the index template (cjk/english multi-fields, int8_hnsw dense_vector) and bulk-ingests', async () => {
    const r = new ElasticsearchRetriever({ client, embedder: toy });
    expect(await r.ingest(docs)).toEqual({ received: 3, total: 12 });
    expect(es.requests.map((q) => `${q.method} ${q.path}${q.query ? `?${q.query}` : ''}`)).toEqual([
      'PUT /_index_template/medagent-kb-template',
      'PUT /medagent-kb',
      'POST /_bulk?refresh=wait_for',
      'GET /medagent-kb/_count',
    ]);
    expect(es.requests[0]!.body).toMatchSnapshot('index template');
    expect(es.requests[2]!.body).toMatchSnapshot('bulk body');
  });

  it('treats an existing index as ready and reports rejected documents', async () => {
    const es2 = await startEsMock((req) =>
      req.method === 'PUT' && req.path === '/medagent-kb'
        ? { status: 400, body: R.alreadyExists('medagent-kb') }
        : esFor(scenario)(req),
    );
    const c2 = new Client({ node: es2.url, maxRetries: 0 });
    try {
      const r = new ElasticsearchRetriever({ client: c2, embedder: toy });
      await expect(r.ingest([{ ...docs[0]!, id: 'bad' }])).rejects.toMatchObject({
        name: 'RetrievalBackendError',
        details: [{ path: 'bad', message: expect.stringContaining('document_parsing_exception') as unknown }],
      });
    } finally {
      await c2.close();
      await es2.close();
    }
  });

  it('sends BM25 and kNN queries with filters, and maps hits to provenance', async () => {
    const r = new ElasticsearchRetriever({ client, embedder: toy });
    const filters = {
      lang: 'en' as const,
      doc_type: ['medication', 'condition'],
      topics: ['diabetes'],
      kb_version: 'test-1',
    };
    const lexical = await r.search('metformin nausea', { mode: 'bm25', k: 5, filters });
    expect(lexical[0]).toEqual({
      doc_id: 'en-dm-2',
      title: 'Metformin: first-line diabetes medicine',
      snippet: 'Metformin lowers blood glucose',
      score: 7.1,
      rank: 1,
      source: { name: 'Label text', year: 2023, url: 'https://example.org/metformin' },
      kb_version: 'test-1',
      lang: 'en',
      doc_type: 'medication',
      matched_by: ['bm25'],
    });
    const dense = await r.search('metformin nausea', { mode: 'dense', k: 5, filters });
    expect(dense.map((h) => [h.doc_id, h.matched_by])).toEqual([
      ['en-dm-1', ['dense']],
      ['en-dm-2', ['dense']],
    ]);
    // A dense hit without a lexical highlight still gets a snippet (the document opening).
    expect(dense[0]!.snippet.startsWith('Diabetes is diagnosed')).toBe(true);
    expect(searches()[0]!.body).toMatchSnapshot('bm25 search');
    expect(searches()[1]!.body).toMatchSnapshot('knn search');
  });

  it('fuses in the engine with the rrf retriever when the licence allows', async () => {
    const r = new ElasticsearchRetriever({
      client,
      embedder: toy,
      rrf: { rankConstant: 60, rankWindowSize: 50 },
    });
    const hits = await r.search('metformin', { k: 2, filters: { lang: 'en' } });
    expect(hits.map((h) => [h.doc_id, h.score, h.matched_by])).toEqual([
      ['en-dm-2', 0.0325, ['bm25']],
      ['en-dm-1', 0.0161, ['dense']],
    ]);
    expect(r.fusion).toBe('engine');
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.body).toMatchSnapshot('hybrid rrf retriever');
  });

  it('sends per-retriever weights only when they are not 1', async () => {
    const r = new ElasticsearchRetriever({
      client,
      embedder: toy,
      rrf: { weights: { bm25: 1, dense: 0.5 } },
    });
    await r.search('metformin', { k: 2 });
    const rrf = (searches()[0]!.body as { retriever: { rrf: { retrievers: unknown[] } } }).retriever.rrf;
    expect(rrf.retrievers).toEqual([
      expect.objectContaining({ weight: 1 }),
      expect.objectContaining({ weight: 0.5 }),
    ]);
  });

  it.each([
    ['403 licence (Basic)', 'licence'],
    ['400 unknown retriever (old cluster)', 'old'],
  ] as const)('falls back to client-side RRF on %s and remembers it per client', async (_label, kind) => {
    scenario.hybrid = kind;
    const r = new ElasticsearchRetriever({ client, embedder: toy, rrf: { rankWindowSize: 20 } });
    const hits = await r.search('metformin', { k: 3 });
    // bm25: [en-dm-2, en-hypo], knn: [en-dm-1, en-dm-2] → en-dm-2 = 1/61 + 1/62 first.
    expect(hits.map((h) => [h.doc_id, h.matched_by])).toEqual([
      ['en-dm-2', ['bm25', 'dense']],
      ['en-dm-1', ['dense']],
      ['en-hypo', ['bm25']],
    ]);
    expect(hits[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(r.fusion).toBe('client');
    const afterFirst = searches().map(
      (s) => Object.keys(s.body as object).filter((k) => ['retriever', 'query', 'knn'].includes(k))[0],
    );
    expect(afterFirst).toEqual(['retriever', 'query', 'knn']);
    expect(searches()[1]!.body).toMatchSnapshot('fallback bm25 leg');
    expect(searches()[2]!.body).toMatchSnapshot('fallback knn leg');

    // A second retriever on the same client goes straight to two searches.
    const again = new ElasticsearchRetriever({ client, embedder: toy, rrf: { rankWindowSize: 20 } });
    await again.search('metformin', { k: 3 });
    expect(
      searches()
        .slice(3)
        .map((s) => Object.keys(s.body as object).find((k) => ['retriever', 'query', 'knn'].includes(k))),
    ).toEqual(['query', 'knn']);
  });

  it('does not fall back on other errors and maps them to typed, correctly retryable errors', async () => {
    scenario.hybrid = 'bad';
    const r = new ElasticsearchRetriever({ client, embedder: toy });
    await expect(r.search('metformin')).rejects.toMatchObject({
      name: 'RetrievalBackendError',
      retryable: false,
      code: 'TOOL_FAILED',
    });
    expect(r.fusion).toBeUndefined();
    scenario.hybrid = 'down';
    await expect(r.search('metformin')).rejects.toMatchObject({ retryable: true });
    const unreachable = new Client({ node: 'http://127.0.0.1:9', maxRetries: 0, requestTimeout: 2000 });
    const r2 = new ElasticsearchRetriever({ client: unreachable, embedder: toy });
    const err = await r2.search('x', { mode: 'bm25' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetrievalBackendError);
    expect((err as RetrievalBackendError).retryable).toBe(true);
    await unreachable.close();
  });

  it('reports stats from the index', async () => {
    const r = new ElasticsearchRetriever({ client, embedder: toy });
    expect(await r.stats()).toEqual({
      backend: 'elasticsearch',
      docs: 12,
      modes: ['bm25', 'dense', 'hybrid'],
      embedder: 'toy/3',
      kb_versions: ['test-1', 'test-2'],
    });
  });

  it('validates configuration and input before calling the cluster', async () => {
    expect(() => new ElasticsearchRetriever({})).toThrow(ConfigError);
    const bm25Only = new ElasticsearchRetriever({ client });
    await expect(bm25Only.search('x', { mode: 'hybrid' })).rejects.toBeInstanceOf(ConfigError);
    await expect(bm25Only.search('x', { k: -1 })).rejects.toBeInstanceOf(ContractViolationError);
    expect(es.requests).toHaveLength(0);
  });

  it('without an embedder builds a BM25-only index (no dense_vector field, no vectors)', async () => {
    const r = new ElasticsearchRetriever({ client });
    await r.ingest(docs.slice(0, 1));
    const template = es.requests[0]!.body as {
      template: { mappings: { properties: Record<string, unknown> } };
    };
    expect(template.template.mappings.properties['embedding']).toBeUndefined();
    expect((es.requests[2]!.body as object[])[1]).not.toHaveProperty('embedding');
    expect((await r.search('metformin'))[0]?.matched_by).toEqual(['bm25']);
  });
});
