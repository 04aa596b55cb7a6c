import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConfigError,
  ModelBadResponseError,
  ModelRateLimitedError,
  ModelUnavailableError,
} from '@medagent/contracts';
import { OpenAIEmbedder } from './openai-embedder';

/** A local OpenAI-compatible /v1/embeddings endpoint (what TEI, vLLM and Ollama expose). */
interface Call {
  path: string;
  auth: string | undefined;
  body: { model: string; input: string[]; encoding_format?: string; dimensions?: number };
}

async function server(
  handler: (c: Call) => { status: number; body: unknown; headers?: Record<string, string> },
) {
  const calls: Call[] = [];
  const srv = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const call: Call = {
        path: req.url ?? '',
        auth: req.headers.authorization,
        body: JSON.parse(raw) as Call['body'],
      };
      calls.push(call);
      const out = handler(call);
      res.writeHead(out.status, { 'content-type': 'application/json', ...out.headers });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/v1`;
  return { url, calls, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

/** Deterministic fake model: vector = [length, count of "a", 1]. Returned in reverse order on purpose. */
const fake = (c: Call) => ({
  status: 200,
  body: {
    object: 'list',
    model: c.body.model,
    data: c.body.input
      .map((t, index) => ({
        object: 'embedding',
        index,
        embedding: [t.length, (t.match(/a/g) ?? []).length, 1],
      }))
      .reverse(),
    usage: { prompt_tokens: 1, total_tokens: 1 },
  },
});

describe('OpenAIEmbedder (real openai SDK against a local server)', () => {
  it('batches, asks for floats, restores input order and L2-normalises', async () => {
    const s = await server(fake);
    try {
      const e = new OpenAIEmbedder({
        baseURL: s.url,
        model: 'bge-m3',
        dim: 3,
        batchSize: 2,
        apiKey: 'k-test',
      });
      const out = await e.embed(['aaa', 'b', 'ab', '']);
      expect(s.calls.map((c) => [c.path, c.body.input])).toEqual([
        ['/v1/embeddings', ['aaa', 'b']],
        ['/v1/embeddings', ['ab', ' ']],
      ]);
      expect(s.calls[0]!.body).toMatchObject({ model: 'bge-m3', encoding_format: 'float' });
      expect(s.calls[0]!.body.dimensions).toBeUndefined();
      expect(s.calls[0]!.auth).toBe('Bearer k-test');
      const n = Math.hypot(3, 3, 1);
      expect(Array.from(out[0]!)).toEqual([3 / n, 3 / n, 1 / n].map(Math.fround));
      expect(out).toHaveLength(4);
      for (const v of out) expect(Math.hypot(...v)).toBeCloseTo(1, 6);
      expect(e.id).toBe(`openai:bge-m3:d3@${s.url}`);
    } finally {
      await s.close();
    }
  });

  it('sends `dimensions` only when asked', async () => {
    const s = await server(fake);
    try {
      await new OpenAIEmbedder({
        baseURL: s.url,
        model: 'text-embedding-3-small',
        dim: 3,
        sendDimensions: true,
      }).embed(['x']);
      expect(s.calls[0]!.body.dimensions).toBe(3);
    } finally {
      await s.close();
    }
  });

  it('rejects vectors of the wrong size or count', async () => {
    const s = await server((c) => ({
      status: 200,
      body: {
        object: 'list',
        model: 'm',
        data: c.body.input.map((_, index) => ({ object: 'embedding', index, embedding: [1, 2] })),
      },
    }));
    try {
      await expect(
        new OpenAIEmbedder({ baseURL: s.url, model: 'm', dim: 3 }).embed(['x']),
      ).rejects.toBeInstanceOf(ModelBadResponseError);
    } finally {
      await s.close();
    }
    const s2 = await server(() => ({ status: 200, body: { object: 'list', model: 'm', data: [] } }));
    try {
      await expect(new OpenAIEmbedder({ baseURL: s2.url, model: 'm', dim: 3 }).embed(['x'])).rejects.toThrow(
        /0 embeddings for 1 inputs/,
      );
    } finally {
      await s2.close();
    }
  });

  it('maps 429 (with Retry-After), 5xx, 401 and connection failures to typed errors', async () => {
    const s = await server((c) =>
      c.body.model === 'limited'
        ? { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '7' } }
        : c.body.model === 'broken'
          ? { status: 503, body: { error: { message: 'loading' } } }
          : { status: 401, body: { error: { message: 'bad key' } } },
    );
    try {
      const opts = { baseURL: s.url, dim: 3, maxRetries: 0 };
      const limited = await new OpenAIEmbedder({ ...opts, model: 'limited' })
        .embed(['x'])
        .catch((e: unknown) => e);
      expect(limited).toBeInstanceOf(ModelRateLimitedError);
      expect(limited).toMatchObject({ retryable: true, retryAfterMs: 7000 });
      await expect(new OpenAIEmbedder({ ...opts, model: 'broken' }).embed(['x'])).rejects.toMatchObject({
        code: 'MODEL_UNAVAILABLE',
        retryable: true,
      });
      await expect(new OpenAIEmbedder({ ...opts, model: 'other' }).embed(['x'])).rejects.toBeInstanceOf(
        ConfigError,
      );
    } finally {
      await s.close();
    }
    await expect(
      new OpenAIEmbedder({
        baseURL: 'http://127.0.0.1:9/v1',
        model: 'm',
        dim: 3,
        maxRetries: 0,
        timeoutMs: 2000,
      }).embed(['x']),
    ).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('validates its configuration', () => {
    expect(() => new OpenAIEmbedder({ model: '', dim: 3 })).toThrow(ConfigError);
    expect(() => new OpenAIEmbedder({ model: 'm', dim: 0 })).toThrow(ConfigError);
  });
});
