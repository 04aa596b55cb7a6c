import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import { QUERY_SCHEMA_PROP, hitToEvidence, noCoverageSummary, t } from '../common';
import { passagesFor } from '../compose/passages';
import { KnowledgeService } from '../knowledge.service';

interface Input {
  query: string;
  k?: number;
}

export interface GuidelineAnswer {
  doc_id: string;
  guideline: string;
  issuer: string;
  year: number;
  recommendations: string[];
}

function asText(r: string | Record<string, unknown>): string {
  return typeof r === 'string' ? r : Object.values(r).filter((v) => typeof v === 'string').join(' ');
}

@Injectable()
export class ClinicalGuidelineSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'clinical_guideline',
    version: '1.0.0',
    description: 'Finds clinical guideline summaries (ADA, 中国2型糖尿病防治指南, ESC/ESH, GOLD, GINA, …) and returns their recommendations with issuer and year.',
    input_schema: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: { query: QUERY_SCHEMA_PROP, k: { type: 'integer', minimum: 1, maximum: 5, default: 3 } },
    },
    output_schema: { type: 'object', properties: { guidelines: { type: 'array' } } },
    auth_scope: 'read_only',
    timeout_ms: 3000,
    rate_limit: { per_minute: 300 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<{ guidelines: GuidelineAnswer[] }>> {
    const r = await this.kb.evidence(input.query, input.k ?? 3, { doc_type: ['guideline'], lang: ctx.lang });
    const hits = r.hits;
    const guidelines: GuidelineAnswer[] = [];
    for (const h of hits) {
      const g = this.kb.doc(h.doc_id)?.guideline;
      if (!g) continue;
      guidelines.push({
        doc_id: h.doc_id,
        guideline: g.name,
        issuer: g.issuer,
        year: g.year,
        recommendations: g.recommendations.map(asText).filter(Boolean).slice(0, 4),
      });
    }
    // Whole recommendations and sentences of the guideline documents that answer the question.
    const docText = (id: string) => {
      const d = this.kb.doc(id);
      if (!d) return undefined;
      const recs = (d.guideline?.recommendations ?? []).map(asText).filter(Boolean).map((r) => (/[。.!?！？]$/.test(r) ? r : `${r}${d.lang === 'zh' ? '。' : '.'}`));
      return { ...d, text: `${recs.join('\n')}\n${d.text}` };
    };
    const passages = passagesFor(input.query, 'guideline', hits, docText, ctx.lang, { max: 7, maxChars: 700 });
    const line = (p: (typeof passages)[number]) => {
      const g = this.kb.doc(p.hit.doc_id)?.guideline;
      const name = g?.name ?? p.hit.title;
      const by = `${p.hit.source.name}，${p.hit.source.year}`;
      return ctx.lang === 'zh'
        ? `《${name.replace(/^《|》$/g, '')}》：${p.sentences.join('')}（${by}）`
        : `${name}: ${p.sentences.join(' ')} (${by.replace('，', ', ')})`;
    };
    const summary = passages.length
      ? passages.map(line).join('\n')
      : r.coverage === 'none'
        ? noCoverageSummary(ctx.lang, r.main?.label)
        : t(ctx.lang, '没有找到与该问题直接相关的指南摘要；请向医生了解适用的最新指南。', 'No guideline summary matches this question; ask your doctor which current guideline applies.');
    return {
      output: { guidelines },
      evidence: passages.map((p) => ({ ...hitToEvidence(p.hit), year: this.kb.doc(p.hit.doc_id)?.guideline?.year ?? p.hit.source.year })),
      summary,
    };
  }
}

@Module({ providers: [ClinicalGuidelineSkill], exports: [ClinicalGuidelineSkill] })
export class ClinicalGuidelineSkillModule {}
