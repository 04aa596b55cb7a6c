import { OfflineChatModel, OpenAIChatModel, type ChatModel } from '@medagent/agent';
import type { RuntimeConfig } from './config';

/**
 * One chat port per role: the model is chosen per role by configuration, offline by default.
 * Production configuration knows `offline` and `openai` only; the benchmarks' fixed-latency
 * fake model lives in libs/bench and is injected through `serve(…, models)`.
 */
export function chatModelFor(role: 'lead' | 'worker', cfg: RuntimeConfig): ChatModel {
  if (cfg.model === 'offline') return new OfflineChatModel();
  return new OpenAIChatModel({
    apiKey: cfg.openaiApiKey ?? '',
    model: role === 'lead' ? cfg.modelLead : cfg.modelWorker,
    timeoutMs: cfg.modelTimeoutMs,
    ...(cfg.openaiBaseUrl ? { baseURL: cfg.openaiBaseUrl } : {}),
  });
}
