import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillEvidence, SkillResult } from '@medagent/contracts';
import type { IcdMatch } from '@medagent/knowledge';
import { QUERY_SCHEMA_PROP, t } from '../common';
import { KnowledgeService } from '../knowledge.service';

interface Input {
  query: string;
  limit?: number;
}

const ICD_SOURCE = { name: 'ICD-10 国家临床版中文名称 (icd10-cn, MIT)', version: 'icd10-cn' };

@Injectable()
export class DiseaseCodeSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'disease_code',
    version: '1.0.0',
    description: 'ICD-10 codes for conditions named in Chinese or English (aliases, typos, fuzzy match); classification only, not a diagnosis.',
    input_schema: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: { query: QUERY_SCHEMA_PROP, limit: { type: 'integer', minimum: 1, maximum: 10, default: 5 } },
    },
    output_schema: { type: 'object', properties: { codes: { type: 'array' } } },
    auth_scope: 'read_only',
    timeout_ms: 2000,
    rate_limit: { per_minute: 600 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<{ codes: IcdMatch[] }>> {
    const limit = input.limit ?? 5;
    // Conditions mentioned in a sentence first; a bare term falls through to lookup.
    const mentioned = this.kb.icd.extractFromText(input.query).filter((m) => !m.negated);
    const seen = new Set<string>();
    const codes: IcdMatch[] = [];
    for (const m of mentioned) {
      for (const hit of this.kb.icd.lookup(m.matched, { lang: ctx.lang, limit: 2 })) {
        if (seen.has(hit.code)) continue;
        seen.add(hit.code);
        codes.push(hit);
      }
    }
    if (codes.length === 0) codes.push(...this.kb.icd.lookup(input.query, { lang: ctx.lang, limit }));
    const top = codes.slice(0, limit);
    const evidence: SkillEvidence[] = top.map((c) => ({
      source_id: `icd10:${c.code}`,
      title: `${c.code} ${ctx.lang === 'zh' ? c.name_zh : c.name_en || c.name_zh}`,
      snippet: `${c.name_zh}${c.name_en ? ` / ${c.name_en}` : ''}（${c.matched_by}）`,
      score: c.score,
      kb_version: ICD_SOURCE.version,
      source_name: ICD_SOURCE.name,
    }));
    const summary = top.length
      ? t(ctx.lang, 'ICD-10 编码（仅用于分类，不代表诊断）：', 'ICD-10 codes (classification only, not a diagnosis): ') +
        top.map((c) => `${c.code} ${ctx.lang === 'zh' ? c.name_zh : c.name_en || c.name_zh}`).join('；')
      : t(ctx.lang, '未能匹配到ICD-10编码。', 'No ICD-10 code matched.');
    return { output: { codes: top }, evidence, summary };
  }
}

@Module({ providers: [DiseaseCodeSkill], exports: [DiseaseCodeSkill] })
export class DiseaseCodeSkillModule {}
