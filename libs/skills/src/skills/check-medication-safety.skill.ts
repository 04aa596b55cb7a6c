import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import { checkMedicationSafety, type MedicationSafetyResult } from '@medagent/knowledge';
import { QUERY_SCHEMA_PROP } from '../common';

interface Input {
  text: string;
  drugs?: string[];
  conditions?: string[];
  allergies?: string[];
  foods?: string[];
}

const list = { type: 'array', items: { type: 'string', minLength: 1, maxLength: 80 }, maxItems: 20 } as const;

/**
 * One graph, a view per worker: the conflicts, and the wording, are those this role must
 * see. Any HIGH conflict in view makes the verdict `blocked`; unknown entities are named
 * as blind spots.
 */
@Injectable()
export class CheckMedicationSafetySkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'check_medication_safety',
    version: '1.0.0',
    description: 'Checks drugs, conditions, foods and allergies for interactions, contraindications and cross-allergies (Chinese and English names, brands).',
    input_schema: {
      type: 'object',
      required: ['text'],
      additionalProperties: false,
      properties: { text: QUERY_SCHEMA_PROP, drugs: list, conditions: list, allergies: list, foods: list },
    },
    output_schema: { type: 'object', properties: { verdict: { type: 'string', enum: ['blocked', 'caution', 'ok'] } } },
    auth_scope: 'read_only',
    timeout_ms: 2000,
    rate_limit: { per_minute: 600 },
    idempotent: true,
  };

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<MedicationSafetyResult>> {
    const r = checkMedicationSafety(
      {
        text: input.text,
        lang: ctx.lang,
        ...(input.drugs ? { drugs: input.drugs } : {}),
        ...(input.conditions ? { conditions: input.conditions } : {}),
        ...(input.allergies ? { allergies: input.allergies } : {}),
        ...(input.foods ? { foods: input.foods } : {}),
      },
      ctx.role,
    );
    return {
      output: r,
      evidence: r.conflicts.map((c) => ({
        source_id: `medgraph:${c.edge_id}`,
        title: `${c.between[0]} × ${c.between[1]} (${c.severity})`,
        snippet: `${c.mechanism} ${c.recommendation}`.slice(0, 500),
        score: c.severity === 'HIGH' ? 1 : c.severity === 'MEDIUM' ? 0.6 : 0.3,
        kb_version: 'medgraph-2026.11',
        source_name: c.source.name,
        ...(c.source.year ? { year: c.source.year } : {}),
      })),
      summary: r.text,
    };
  }
}

@Module({ providers: [CheckMedicationSafetySkill], exports: [CheckMedicationSafetySkill] })
export class CheckMedicationSafetySkillModule {}
