import OpenAI from 'openai';
import {
  ConfigError,
  MedagentError,
  ModelBadResponseError,
  ModelRateLimitedError,
  ModelUnavailableError,
} from '@medagent/contracts';
import { l2normalize } from './dense';
import type { Embedder } from './types';

export interface OpenAIEmbedderOptions {
  /** Any OpenAI-compatible `/v1` endpoint: OpenAI, TEI, vLLM, Ollama (`http://127.0.0.1:11434/v1`). */
  baseURL?: string;
  /** Local servers usually need none; the SDK still wants a string. */
  apiKey?: string;
  /** e.g. `BAAI/bge-m3` (1024 dimensions). */
  model: string;
  /** Declared dimension; every returned vector is checked against it. */
  dim: number;
  /** Inputs per request. Default 64 (TEI's default max batch is 32–512 depending on the model). */
  batchSize?: number;
  /** Send `dimensions` (only models that support shortening, e.g. text-embedding-3-*). */
  sendDimensions?: boolean;
  timeoutMs?: number;
  /** The SDK's own retries (429 with Retry-After, 5xx, connection errors). Default 2. */
  maxRetries?: number;
  /** Inject a client (tests, shared connection pools). */
  client?: OpenAI;
}

/** Embeddings over the `openai` SDK's POST /embeddings; vectors returned L2-normalised in input order. */
export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly dim: number;
  private readonly client: OpenAI;
  private readonly batchSize: number;

  constructor(private readonly opts: OpenAIEmbedderOptions) {
    if (!opts.model) throw new ConfigError('OpenAIEmbedder needs a model name');
    if (!Number.isInteger(opts.dim) || opts.dim < 1)
      throw new ConfigError(`OpenAIEmbedder dim must be a positive integer, got ${opts.dim}`);
    this.dim = opts.dim;
    this.batchSize = Math.max(1, opts.batchSize ?? 64);
    this.client =
      opts.client ??
      new OpenAI({
        apiKey: opts.apiKey ?? process.env['OPENAI_API_KEY'] ?? 'not-needed',
        ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
        timeout: opts.timeoutMs ?? 30_000,
        maxRetries: opts.maxRetries ?? 2,
      });
    // The id keys persisted vectors: a different model, size or server means re-embedding.
    this.id = `openai:${opts.model}:d${opts.dim}@${opts.baseURL ?? 'api.openai.com'}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) {
      out.push(...(await this.batch(texts.slice(i, i + this.batchSize))));
    }
    return out;
  }

  private async batch(input: string[]): Promise<Float32Array[]> {
    let res: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      res = await this.client.embeddings.create({
        model: this.opts.model,
        // Empty strings are rejected by several servers; a space embeds as "nothing".
        input: input.map((t) => (t.trim() === '' ? ' ' : t)),
        // TEI and Ollama do not implement base64, the SDK's default.
        encoding_format: 'float',
        ...(this.opts.sendDimensions ? { dimensions: this.dim } : {}),
      });
    } catch (e) {
      throw mapEmbeddingError(e, this.opts.model);
    }
    const data = Array.isArray(res?.data) ? [...res.data] : [];
    if (data.length !== input.length) {
      throw new ModelBadResponseError(
        `${this.opts.model}: ${data.length} embeddings for ${input.length} inputs`,
      );
    }
    // The API does not promise response order; `index` does.
    data.sort((a, b) => a.index - b.index);
    return data.map((d, i) => {
      const v = d.embedding as unknown;
      if (
        d.index !== i ||
        !Array.isArray(v) ||
        v.length !== this.dim ||
        v.some((x) => typeof x !== 'number' || !Number.isFinite(x))
      ) {
        throw new ModelBadResponseError(
          `${this.opts.model}: embedding ${i} is not a finite ${this.dim}-dimensional vector`,
        );
      }
      return l2normalize(Float32Array.from(v as number[]));
    });
  }
}

function mapEmbeddingError(e: unknown, model: string): MedagentError {
  if (e instanceof MedagentError) return e;
  if (e instanceof OpenAI.APIConnectionError)
    return new ModelUnavailableError(`${model}: embeddings endpoint unreachable: ${e.message}`, { cause: e });
  if (e instanceof OpenAI.APIError) {
    const status = e.status ?? 0;
    if (status === 429) {
      const ra = Number(e.headers?.get('retry-after'));
      return new ModelRateLimitedError(`${model}: embeddings rate limited`, {
        cause: e,
        ...(Number.isFinite(ra) && ra > 0 ? { retryAfterMs: ra * 1000 } : {}),
      });
    }
    if (status >= 500)
      return new ModelUnavailableError(`${model}: embeddings server error ${status}`, { cause: e });
    if (status === 401 || status === 403 || status === 404)
      return new ConfigError(`${model}: embeddings request refused (${status}): ${e.message}`, { cause: e });
    return new ModelBadResponseError(`${model}: embeddings request failed (${status}): ${e.message}`, {
      cause: e,
    });
  }
  return new ModelUnavailableError(
    `${model}: embeddings failed: ${e instanceof Error ? e.message : String(e)}`,
    { cause: e },
  );
}
