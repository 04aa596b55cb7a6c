import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny stand-in for an Elasticsearch node: records every request the real
 * @elastic/elasticsearch client sends and answers with canned ES 9 responses. It sets the
 * `x-elastic-product` header the client insists on, so the client runs its normal code path.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  /** JSON body, or for NDJSON endpoints (_bulk) the array of parsed lines. */
  body: unknown;
}

export interface EsReply {
  status: number;
  body: unknown;
}

export interface EsMock {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startEsMock(reply: (req: RecordedRequest) => EsReply): Promise<EsMock> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [p, q] = (req.url ?? '/').split('?');
      let body: unknown = undefined;
      if (raw) {
        body = (req.headers['content-type'] ?? '').includes('x-ndjson')
          ? raw
              .split('\n')
              .filter((l) => l.trim())
              .map((l) => JSON.parse(l) as unknown)
          : (JSON.parse(raw) as unknown);
      }
      const rec = { method: req.method ?? 'GET', path: p ?? '/', query: q ?? '', body };
      requests.push(rec);
      const out = reply(rec);
      res.writeHead(out.status, {
        'content-type': 'application/vnd.elasticsearch+json;compatible-with=9',
        'x-elastic-product': 'Elasticsearch',
      });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Responses in the shape Elasticsearch 9 returns them (error bodies as reported by real clusters). */
export const ES_RESPONSES = {
  acknowledged: { acknowledged: true },
  created: (index: string) => ({ acknowledged: true, shards_acknowledged: true, index }),
  alreadyExists: (index: string) => ({
    error: {
      root_cause: [
        { type: 'resource_already_exists_exception', reason: `index [${index}/abc] already exists`, index },
      ],
      type: 'resource_already_exists_exception',
      reason: `index [${index}/abc] already exists`,
      index,
    },
    status: 400,
  }),
  rrfLicence: {
    error: {
      root_cause: [
        {
          type: 'security_exception',
          reason: 'current license is non-compliant for [Reciprocal Rank Fusion (RRF)]',
          'license.expired.feature': 'Reciprocal Rank Fusion (RRF)',
        },
      ],
      type: 'security_exception',
      reason: 'current license is non-compliant for [Reciprocal Rank Fusion (RRF)]',
      'license.expired.feature': 'Reciprocal Rank Fusion (RRF)',
    },
    status: 403,
  },
  unknownRetriever: {
    error: {
      root_cause: [
        {
          type: 'parsing_exception',
          reason: 'Unknown key for a START_OBJECT in [retriever].',
          line: 1,
          col: 13,
        },
      ],
      type: 'parsing_exception',
      reason: 'Unknown key for a START_OBJECT in [retriever].',
      line: 1,
      col: 13,
    },
    status: 400,
  },
  badQuery: {
    error: {
      root_cause: [
        {
          type: 'query_shard_exception',
          reason: 'failed to create query: field [embedding] has 3 dimensions, query vector has 4',
        },
      ],
      type: 'search_phase_execution_exception',
      reason: 'all shards failed',
    },
    status: 400,
  },
  unavailable: {
    error: {
      root_cause: [],
      type: 'cluster_block_exception',
      reason: 'blocked by: [SERVICE_UNAVAILABLE/2/no master];',
    },
    status: 503,
  },
  count: (n: number) => ({ count: n, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 } }),
  bulk: (ids: string[], failId?: string) => ({
    took: 4,
    errors: failId !== undefined,
    items: ids.map((id) =>
      id === failId
        ? {
            index: {
              _index: 'medagent-kb',
              _id: id,
              status: 400,
              error: { type: 'document_parsing_exception', reason: '[1:2] failed to parse field [lang]' },
            },
          }
        : {
            index: {
              _index: 'medagent-kb',
              _id: id,
              _version: 1,
              result: 'created',
              status: 201,
              _seq_no: 0,
              _primary_term: 1,
              _shards: { total: 1, successful: 1, failed: 0 },
            },
          },
    ),
  }),
  hits: (
    docs: Array<{ _id: string; _score: number; _source: unknown; highlight?: Record<string, string[]> }>,
  ) => ({
    took: 2,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: {
      total: { value: docs.length, relation: 'eq' },
      max_score: docs[0]?._score ?? null,
      hits: docs.map((d) => ({ _index: 'medagent-kb', ...d })),
    },
  }),
  kbVersions: (versions: string[]) => ({
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: { total: { value: 12, relation: 'eq' }, max_score: null, hits: [] },
    aggregations: {
      v: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 0,
        buckets: versions.map((key) => ({ key, doc_count: 6 })),
      },
    },
  }),
};
