import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import type { Hit } from '@medagent/knowledge';
import { QUERY_SCHEMA_PROP, hitToEvidence, noCoverageSummary, t } from '../common';
import { readMeasurements } from '@medagent/safety';
import { passageLine, passagesFor } from '../compose/passages';
import { KnowledgeService } from '../knowledge.service';

interface Input {
  query: string;
  k?: number;
  doc_type?: 'condition' | 'lifestyle' | 'red_flag' | 'guideline' | 'medication' | 'test';
}

@Injectable()
export class SearchKnowledgeSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'search_knowledge',
    version: '1.0.0',
    description: 'Concept-aware hybrid search of the medical knowledge base: passages that share a medical concept with the question, with sources; says so when the KB has nothing on it.',
    input_schema: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: {
        query: QUERY_SCHEMA_PROP,
        k: { type: 'integer', minimum: 1, maximum: 8, default: 4 },
        doc_type: { type: 'string', enum: ['condition', 'lifestyle', 'red_flag', 'guideline', 'medication', 'test'] },
      },
    },
    output_schema: { type: 'object', properties: { hits: { type: 'array' }, coverage: { type: 'string', enum: ['covered', 'partial', 'elsewhere', 'none', 'no_concept'] } } },
    auth_scope: 'read_only',
    timeout_ms: 3000,
    rate_limit: { per_minute: 600 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<{ hits: Hit[]; coverage: string }>> {
    const k = input.k ?? 4;
    const r = await this.kb.evidence(input.query, k, { lang: ctx.lang, ...(input.doc_type ? { doc_type: [input.doc_type] } : {}) });
    const hits = r.hits;
    // Whole sentences that answer the question (the triage role reads them for risk and
    // what to do now); only the documents quoted are cited.
    const intent = ctx.role === 'triage' ? 'risk' : ctx.role === 'research' ? 'guideline' : 'knowledge';
    const passages = passagesFor(input.query, intent, hits, (id) => this.kb.doc(id), ctx.lang, { max: 10, maxChars: 900 });
    // The user's own numbers first, read against the bands the guidelines state.
    const readings = readMeasurements(input.query).map((m) => (ctx.lang === 'zh' ? `${m.sentence_zh}。` : `${m.sentence_en}.`));
    const empty =
      r.coverage === 'none' || r.coverage === 'no_concept'
        ? noCoverageSummary(ctx.lang, r.main?.label)
        : t(ctx.lang, '知识库中没有找到与该问题直接相关的内容；请咨询医生或药师。', 'The knowledge base has nothing directly on this question; please ask a doctor or pharmacist.');
    return {
      output: { hits, coverage: r.coverage },
      evidence: passages.map((p) => hitToEvidence(p.hit)),
      summary: passages.length || readings.length ? [...readings, ...passages.map((p) => passageLine(p, ctx.lang))].join('\n') : empty,
    };
  }
}

@Module({ providers: [SearchKnowledgeSkill], exports: [SearchKnowledgeSkill] })
export class SearchKnowledgeSkillModule {}
