import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import type { Hit } from '@medagent/knowledge';
import { QUERY_SCHEMA_PROP, hitToEvidence, noCoverageSummary, t, topicsIn } from '../common';
import { KnowledgeService } from '../knowledge.service';
import { passageLine, passagesFor } from '../compose/passages';

interface Input {
  query: string;
  max_queries?: number;
}

export interface EvidenceRow {
  doc_id: string;
  title: string;
  source: string;
  year: number;
  doc_type: string;
  best_score: number;
  found_by: string[];
}

/**
 * Multi-step research: expand the question (cross-language condition names from ICD,
 * topic-specific angles), run several searches, de-duplicate, and return an evidence table.
 */
@Injectable()
export class DeepResearchSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'deep_research',
    version: '1.0.0',
    description: 'Multi-query research over the knowledge base: query expansion, several searches, de-duplication and an evidence table.',
    input_schema: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: { query: QUERY_SCHEMA_PROP, max_queries: { type: 'integer', minimum: 1, maximum: 6, default: 4 } },
    },
    output_schema: { type: 'object', properties: { queries: { type: 'array' }, table: { type: 'array' } } },
    auth_scope: 'read_only',
    timeout_ms: 5000,
    rate_limit: { per_minute: 120 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  expand(query: string, lang: 'zh' | 'en', max: number): string[] {
    const out = [query];
    for (const m of this.kb.icd.extractFromText(query).filter((x) => !x.negated).slice(0, 2)) {
      const [c] = this.kb.icd.lookup(m.matched, { limit: 1 });
      if (!c) continue;
      out.push(lang === 'zh' ? `${c.name_zh} 研究证据 治疗` : `${c.name_en || c.name_zh} evidence treatment trial`);
      if (c.name_en) out.push(`${c.name_en} guideline recommendation`);
    }
    for (const topic of topicsIn(query).slice(0, 2)) out.push(`${topic.replace(/_/g, ' ')} ${lang === 'zh' ? '指南 证据' : 'evidence guideline'}`);
    return [...new Set(out)].slice(0, max);
  }

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<{ queries: string[]; table: EvidenceRow[] }>> {
    const queries = this.expand(input.query, ctx.lang, input.max_queries ?? 4);
    const rows = new Map<string, EvidenceRow>();
    const hitsById = new Map<string, Hit>();
    let none: { label: string | undefined } | undefined;
    for (const [i, q] of queries.entries()) {
      if (ctx.signal.aborted) break;
      // Every angle's evidence must share a concept with the original question.
      const r = await this.kb.evidence(q, 5, {}, input.query);
      if (i === 0 && r.coverage === 'none') {
        none = { label: r.main?.label };
        break;
      }
      for (const h of r.hits) {
        const row = rows.get(h.doc_id);
        if (row) {
          row.best_score = Math.max(row.best_score, h.score);
          if (!row.found_by.includes(q)) row.found_by.push(q);
        } else {
          rows.set(h.doc_id, { doc_id: h.doc_id, title: h.title, source: h.source.name, year: h.source.year, doc_type: h.doc_type, best_score: h.score, found_by: [q] });
          hitsById.set(h.doc_id, h);
        }
      }
    }
    // Documents several angles agree on first, then by score.
    const table = [...rows.values()].sort((a, b) => b.found_by.length - a.found_by.length || b.best_score - a.best_score).slice(0, 8);
    // The answer quotes whole sentences from the documents on the question's concepts; the
    // table stays in the output for a reader who wants every angle searched.
    const ranked = table.map((r) => hitsById.get(r.doc_id)).filter((h): h is Hit => h !== undefined);
    const passages = passagesFor(input.query, 'guideline', ranked, (id) => this.kb.doc(id), ctx.lang, { max: 7, maxChars: 700 });
    const summary = passages.length
      ? passages.map((p) => passageLine(p, ctx.lang)).join('\n')
      : none
        ? noCoverageSummary(ctx.lang, none.label)
        : t(ctx.lang, '知识库中没有找到与该问题直接相关的研究证据；请向医生了解。', 'The knowledge base has no research evidence directly on this question; please ask a clinician.');
    return {
      output: { queries, table },
      evidence: passages.map((p) => hitToEvidence(p.hit)),
      summary,
    };
  }
}

@Module({ providers: [DeepResearchSkill], exports: [DeepResearchSkill] })
export class DeepResearchSkillModule {}
