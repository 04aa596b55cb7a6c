import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { ConfigError, ModelBadResponseError, type MedagentError } from '@medagent/contracts';
import { sleep } from '../loop/abort';
import type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatToolCall,
  FinishReason,
} from './chat-model';
import { backoffDelay, mapModelError } from './retry';
import { countMessageTokens, countTokens } from './tokens';

export interface OpenAIChatModelOptions {
  /** Any OpenAI-compatible endpoint, e.g. `http://127.0.0.1:8000/v1`. */
  baseURL?: string;
  apiKey: string;
  model: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Our retries (the SDK's own are disabled so delays and error mapping are ours). */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A server asking for a longer wait than this is not retried here; the error carries retryAfterMs. */
  maxRetryAfterMs?: number;
  temperature?: number;
  random?: () => number;
}

export class OpenAIChatModel implements ChatModel {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(private readonly opts: OpenAIChatModelOptions) {
    if (!opts.model) throw new ConfigError('OpenAIChatModel needs a model name');
    this.name = opts.model;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.client = new OpenAI({
      apiKey: opts.apiKey,
      ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
      timeout: this.timeoutMs,
      maxRetries: 0,
    });
  }

  async complete(req: ChatRequest): Promise<ChatResponse> {
    const maxRetries = this.opts.maxRetries ?? 2;
    let last: MedagentError | undefined;
    for (let attempt = 0; attempt <= maxRetries; attempt++) {
      if (attempt > 0 && last) {
        const wait =
          last.retryAfterMs ??
          backoffDelay(
            attempt - 1,
            this.opts.backoffBaseMs ?? 500,
            this.opts.backoffMaxMs ?? 8_000,
            this.opts.random,
          );
        await sleep(wait, req.signal);
      }
      const started = Date.now();
      try {
        return await this.once(req);
      } catch (e) {
        last = mapModelError(e, this.name, { elapsedMs: Date.now() - started, timeoutMs: this.timeoutMs });
        if (req.signal?.aborted || !last.retryable || attempt === maxRetries) throw last;
        if (last.retryAfterMs !== undefined && last.retryAfterMs > (this.opts.maxRetryAfterMs ?? 30_000))
          throw last;
      }
    }
    throw last ?? new ModelBadResponseError(`${this.name}: no attempt made`);
  }

  private async once(req: ChatRequest): Promise<ChatResponse> {
    const completion = await this.client.chat.completions.create(
      {
        model: this.opts.model,
        messages: req.messages.map(toOpenAIMessage),
        ...(req.tools.length > 0 ? { tools: req.tools as unknown as ChatCompletionTool[] } : {}),
        ...(req.maxTokens !== undefined ? { max_tokens: req.maxTokens } : {}),
        ...(this.opts.temperature !== undefined ? { temperature: this.opts.temperature } : {}),
      },
      req.signal ? { signal: req.signal } : undefined,
    );
    const choice = completion.choices[0];
    if (!choice) throw new ModelBadResponseError(`${this.name}: response has no choices`);
    const tool_calls: ChatToolCall[] = (choice.message.tool_calls ?? []).flatMap((c) =>
      c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
    );
    const finish = (choice.finish_reason ?? 'stop') as FinishReason;
    const refusal = choice.message.refusal ?? (finish === 'content_filter' ? 'content_filter' : null);
    // Some compatible servers omit usage; count with the tokenizer rather than report zero.
    const usage = completion.usage
      ? {
          prompt_tokens: completion.usage.prompt_tokens,
          completion_tokens: completion.usage.completion_tokens,
        }
      : {
          prompt_tokens: countMessageTokens(req.messages, req.tools),
          completion_tokens: countTokens(
            (choice.message.content ?? '') + tool_calls.map((c) => c.name + c.arguments).join(''),
          ),
        };
    return {
      message: { content: choice.message.content ?? null, tool_calls, refusal },
      usage,
      finish_reason: finish,
    };
  }
}

function toOpenAIMessage(m: ChatMessage): ChatCompletionMessageParam {
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, content: m.content };
    case 'tool':
      return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
    case 'assistant':
      return {
        role: 'assistant',
        content: m.content,
        ...(m.tool_calls && m.tool_calls.length > 0
          ? {
              tool_calls: m.tool_calls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
  }
}
