import type { ChatModel, ChatRequest, ChatResponse } from '@medagent/agent';
import { ConfigError } from '@medagent/contracts';
import type { ModelOverrides } from '@medagent/runtime';

/** The bench-only variable: per-call latency of the fake model in benchmark service processes. */
export const FAKE_MODEL_LATENCY_ENV = 'MEDAGENT_FAKE_MODEL_LATENCY_MS';

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

/** The fake model for every role (lead plans and synthesises through it too, as with `openai`). */
export function fakeModels(latencyMs: number): Required<ModelOverrides> {
  const model = new FixedLatencyModel(latencyMs);
  return { workerModel: model, leadModel: model };
}

/** MEDAGENT_FAKE_MODEL_LATENCY_MS (default 0, at most 60 000), for `medagent bench serve`. */
export function fakeModelLatencyFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[FAKE_MODEL_LATENCY_ENV];
  if (raw === undefined || raw === '') return 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) throw new ConfigError(`invalid configuration: ${FAKE_MODEL_LATENCY_ENV}: an integer from 0 to 60000, got ${raw}`);
  return ms;
}
