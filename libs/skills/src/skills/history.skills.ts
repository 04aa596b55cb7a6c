import { Inject, Injectable, Module } from '@nestjs/common';
import type { JsonSchema, Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import { MEMORY, memoryOwner, type MemoryStore, type Turn } from '@medagent/memory';
import { QUERY_SCHEMA_PROP, bigramDice, clip, t } from '../common';

interface Input {
  query: string;
  limit?: number;
}

const schema: JsonSchema = {
  type: 'object',
  required: ['query'],
  additionalProperties: false,
  properties: { query: { ...QUERY_SCHEMA_PROP }, limit: { type: 'integer', minimum: 1, maximum: 10, default: 3 } },
};

function line(turn: Turn): string {
  return `${turn.at.slice(0, 10)}：${clip(turn.question, 80)} → ${clip(turn.answer_digest, 100)}`;
}

/** Reads only `ctx.user_id`'s own history: the store's keys make another user's unreachable. */
abstract class OwnHistorySkill implements Skill<Input> {
  abstract readonly definition: SkillDefinition;
  constructor(protected readonly memory: MemoryStore) {}

  protected abstract rank(turns: Turn[], query: string, ctx: SkillContext): { turn: Turn; score: number }[];

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<{ turns: { turn: Turn; score: number }[]; degraded: boolean }>> {
    const { turns, degraded } = await this.memory.history(memoryOwner(ctx.tenant_id, ctx.user_id), 50);
    const own = turns.filter((x) => x.request_id !== ctx.request_id);
    const ranked = this.rank(own, input.query, ctx).slice(0, input.limit ?? 3);
    return {
      output: { turns: ranked, degraded },
      evidence: [],
      summary: ranked.length
        ? ranked.map((r) => line(r.turn)).join('\n')
        : t(ctx.lang, '没有找到您以往的相关咨询记录。', 'No related earlier consultations found for you.'),
    };
  }
}

const base = {
  version: '1.0.0',
  input_schema: schema,
  output_schema: { type: 'object', properties: { turns: { type: 'array' } } },
  auth_scope: 'read_only' as const,
  timeout_ms: 2000,
  rate_limit: { per_minute: 300 },
  idempotent: true,
};

@Injectable()
export class SearchHistorySkill extends OwnHistorySkill {
  readonly definition: SkillDefinition = {
    ...base,
    name: 'search_history',
    description: "The user's own recent consultations (newest first), optionally matching a query.",
  };
  constructor(@Inject(MEMORY) memory: MemoryStore) {
    super(memory);
  }
  protected rank(turns: Turn[], query: string): { turn: Turn; score: number }[] {
    return turns.map((turn) => ({ turn, score: bigramDice(query, turn.question) }));
  }
}

@Injectable()
export class SearchSimilarCasesSkill extends OwnHistorySkill {
  readonly definition: SkillDefinition = {
    ...base,
    name: 'search_similar_cases',
    description: "The user's own earlier consultations most similar to this question (never other users').",
  };
  constructor(@Inject(MEMORY) memory: MemoryStore) {
    super(memory);
  }
  protected rank(turns: Turn[], query: string): { turn: Turn; score: number }[] {
    return turns
      .map((turn) => ({ turn, score: bigramDice(query, turn.question) }))
      .filter((r) => r.score >= 0.15)
      .sort((a, b) => b.score - a.score);
  }
}

@Module({ providers: [SearchHistorySkill], exports: [SearchHistorySkill] })
export class SearchHistorySkillModule {}

@Module({ providers: [SearchSimilarCasesSkill], exports: [SearchSimilarCasesSkill] })
export class SearchSimilarCasesSkillModule {}
