import type { SkillResult } from '@medagent/contracts';

/**
 * Results of side-effecting calls keyed by their idempotency key, so a retried task
 * replays the recorded result instead of repeating the effect. Durable implementations
 * (e.g. a JetStream KV bucket) live with the worker runtime.
 */
export interface EffectLog {
  get(key: string): Promise<SkillResult | undefined>;
  put(key: string, result: SkillResult): Promise<void>;
}

export class InMemoryEffectLog implements EffectLog {
  private readonly entries = new Map<string, SkillResult>();

  get(key: string): Promise<SkillResult | undefined> {
    const hit = this.entries.get(key);
    return Promise.resolve(hit === undefined ? undefined : structuredClone(hit));
  }

  put(key: string, result: SkillResult): Promise<void> {
    this.entries.set(key, structuredClone(result));
    return Promise.resolve();
  }

  get size(): number {
    return this.entries.size;
  }
}
