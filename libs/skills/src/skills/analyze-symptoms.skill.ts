import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillEvidence, SkillResult } from '@medagent/contracts';
import { analyzeSymptoms } from '@medagent/knowledge';
import { QUERY_SCHEMA_PROP, hitToEvidence, t } from '../common';
import { KnowledgeService } from '../knowledge.service';

interface Input {
  text: string;
  age?: number;
}

type Analysis = ReturnType<typeof analyzeSymptoms>;

@Injectable()
export class AnalyzeSymptomsSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'analyze_symptoms',
    version: '1.0.0',
    description: 'Symptoms in the text → candidate conditions with reasons and the tests a doctor may consider (not a diagnosis).',
    input_schema: {
      type: 'object',
      required: ['text'],
      additionalProperties: false,
      properties: { text: QUERY_SCHEMA_PROP, age: { type: 'integer', minimum: 0, maximum: 120 } },
    },
    output_schema: { type: 'object', properties: { candidates: { type: 'array' } } },
    auth_scope: 'read_only',
    timeout_ms: 2000,
    rate_limit: { per_minute: 600 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<Analysis>> {
    const a = analyzeSymptoms(input.text, { lang: ctx.lang, limit: 4, ...(input.age !== undefined ? { age: input.age } : {}) });
    const kgEvidence: SkillEvidence[] = a.candidates.map((c) => ({
      source_id: `symptoms:${c.condition_id}`,
      title: c.name,
      snippet: c.reasons.join(' ').slice(0, 400),
      score: Math.round(c.score * 1000) / 1000,
      kb_version: 'symptoms-2026.11',
      source_name: c.source,
    }));
    const top = a.candidates[0];
    const kbHits = top ? await this.kb.focusedSearch(`${top.name} ${input.text}`, 2, { lang: ctx.lang }) : [];
    const present = a.symptoms.filter((s) => !s.negated).map((s) => s.canonical);
    const summary = a.candidates.length
      ? t(ctx.lang, `识别到的症状：${present.join('、') || '无'}。可能相关的情况（需医生评估）：`, `Symptoms found: ${present.join(', ') || 'none'}. Possibly related (needs a clinician): `) +
        a.candidates
          .map((c) => `${c.name}（${c.reasons[0] ?? ''}${c.suggested_tests.length ? t(ctx.lang, `；可考虑检查：${c.suggested_tests.join('、')}`, `; tests to consider: ${c.suggested_tests.join(', ')}`) : ''}）`)
          .join('；')
      : t(ctx.lang, '未能从描述中识别出明确的症状。', 'No clear symptom could be recognised in the description.');
    return { output: a, evidence: [...kgEvidence, ...kbHits.map(hitToEvidence)], summary };
  }
}

@Module({ providers: [AnalyzeSymptomsSkill], exports: [AnalyzeSymptomsSkill] })
export class AnalyzeSymptomsSkillModule {}
