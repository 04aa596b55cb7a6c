import { OfflineChatModel, OpenAIChatModel, type ChatModel, type ChatRequest, type ChatResponse } from '@medagent/agent';
import type { RuntimeConfig } from './config';

/** One chat port per role: the model is chosen per role by configuration, offline by default. */
/**
 * Answers after a fixed delay without calling tools: what the orchestration benchmark uses
 * so the measured time is the runtime's own (bus, state, planning, synthesis), not skills.
 */
export class FixedLatencyModel implements ChatModel {
  readonly name: string;
  constructor(private readonly latencyMs: number) {
    this.name = `fake-${latencyMs}ms`;
  }
  async complete(req: ChatRequest): Promise<ChatResponse> {
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    const user = req.messages.find((m) => m.role === 'user');
    const words = typeof user?.content === 'string' ? user.content.length : 0;
    return {
      message: { content: `answer (${words} chars of instruction read)`, tool_calls: [] },
      usage: { prompt_tokens: 0, completion_tokens: 0 },
      finish_reason: 'stop',
    };
  }
}

export function chatModelFor(role: 'lead' | 'worker', cfg: RuntimeConfig): ChatModel {
  if (cfg.model === 'offline') return new OfflineChatModel();
  if (cfg.model === 'fake') return new FixedLatencyModel(cfg.fakeModelLatencyMs);
  return new OpenAIChatModel({
    apiKey: cfg.openaiApiKey ?? '',
    model: role === 'lead' ? cfg.modelLead : cfg.modelWorker,
    timeoutMs: cfg.modelTimeoutMs,
    ...(cfg.openaiBaseUrl ? { baseURL: cfg.openaiBaseUrl } : {}),
  });
}
