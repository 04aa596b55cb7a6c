import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted HTTP answer: status, headers, JSON body, and an optional delay before it. */
export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  delayMs?: number;
}

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
  /** ms since epoch when the request arrived; tests measure retry delays with it. */
  at: number;
}

type Usage = { prompt_tokens: number; completion_tokens: number };

function completion(message: Record<string, unknown>, finish: string, usage: Usage): Record<string, unknown> {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 10)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'scripted',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', refusal: null, ...message },
        finish_reason: finish,
        logprobs: null,
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

const USAGE: Usage = { prompt_tokens: 120, completion_tokens: 30 };

/** Builders for the usual replies. */
export const reply = {
  toolCalls(
    calls: { name: string; args: Record<string, unknown> | string; id?: string }[],
    usage: Usage = USAGE,
  ): ScriptedReply {
    const tool_calls = calls.map((c, i) => ({
      id: c.id ?? `call_${i}_${Math.random().toString(36).slice(2, 8)}`,
      type: 'function',
      function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) },
    }));
    return { body: completion({ content: null, tool_calls }, 'tool_calls', usage) };
  },
  text(content: string, usage: Usage = USAGE, finish = 'stop'): ScriptedReply {
    return { body: completion({ content }, finish, usage) };
  },
  refusal(reason: string, usage: Usage = USAGE): ScriptedReply {
    return { body: completion({ content: null, refusal: reason }, 'stop', usage) };
  },
  contentFilter(usage: Usage = USAGE): ScriptedReply {
    return { body: completion({ content: null }, 'content_filter', usage) };
  },
  error(
    status: number,
    message: string,
    headers: Record<string, string> = {},
    code: string | null = null,
  ): ScriptedReply {
    return { status, headers, body: { error: { message, type: 'scripted_error', param: null, code } } };
  },
};

/** Deterministic unit vector per text, so embeddings are stable across runs. */
function embed(text: string, dims: number): number[] {
  const h = createHash('sha256').update(text).digest();
  const v = Array.from({ length: dims }, (_, i) => ((h[i % h.length] ?? 0) - 127.5) / 127.5);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/**
 * A local OpenAI-compatible server for tests through the real SDK: `POST /v1/chat/completions`
 * answers from a queue of scripted replies (status codes, headers, delays); `/v1/embeddings`
 * answers from its own queue or with deterministic vectors.
 */
export class ScriptedOpenAIServer {
  readonly requests: RecordedRequest[] = [];
  private readonly chat: ScriptedReply[] = [];
  private readonly embeddings: ScriptedReply[] = [];
  private server: Server | undefined;
  private port = 0;

  constructor(private readonly embeddingDims = 8) {}

  enqueue(...replies: ScriptedReply[]): this {
    this.chat.push(...replies);
    return this;
  }

  enqueueEmbedding(...replies: ScriptedReply[]): this {
    this.embeddings.push(...replies);
    return this;
  }

  get pending(): number {
    return this.chat.length;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this.baseURL;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      body = {};
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    this.requests.push({ path, body, at: Date.now() });

    let scripted: ScriptedReply | undefined;
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      scripted = this.chat.shift() ?? reply.error(400, 'scripted server: no chat reply queued');
    } else if (req.method === 'POST' && path === '/v1/embeddings') {
      scripted = this.embeddings.shift() ?? { body: this.defaultEmbeddings(body) };
    } else {
      scripted = reply.error(404, `scripted server: no route ${req.method ?? ''} ${path}`);
    }
    if (scripted.delayMs) {
      const closed = await delayUnlessClosed(res, scripted.delayMs);
      if (closed) return;
    }
    if (res.destroyed) return;
    res.writeHead(scripted.status ?? 200, { 'content-type': 'application/json', ...scripted.headers });
    res.end(JSON.stringify(scripted.body ?? {}));
  }

  private defaultEmbeddings(body: Record<string, unknown>): Record<string, unknown> {
    const raw = body['input'];
    const inputs = (Array.isArray(raw) ? raw : [raw]).map((x) => String(x));
    const base64 = body['encoding_format'] === 'base64';
    const data = inputs.map((text, index) => {
      const v = embed(text, this.embeddingDims);
      const embedding = base64 ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v;
      return { object: 'embedding', index, embedding };
    });
    const tokens = inputs.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    return {
      object: 'list',
      data,
      model: String(body['model'] ?? 'scripted-embed'),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };
  }
}

/** Waits `ms`; true if the client went away first (e.g. its timeout fired). */
function delayUnlessClosed(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(false);
    }, ms);
    res.once('close', onClose);
  });
}
