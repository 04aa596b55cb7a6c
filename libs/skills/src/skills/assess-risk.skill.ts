import { Injectable, Module } from '@nestjs/common';
import type { RiskLevel, Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import { assessRisk, type RiskAssessment } from '@medagent/safety';
import { QUERY_SCHEMA_PROP, hitToEvidence, t } from '../common';
import { passageLine, passagesFor } from '../compose/passages';
import { KnowledgeService } from '../knowledge.service';

interface Input {
  text: string;
  age?: number;
}

const LEVEL_ZH: Record<RiskLevel, string> = { emergency: '紧急', urgent: '尽快就医', routine: '常规', self_care: '可自我观察' };

@Injectable()
export class AssessRiskSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'assess_risk',
    version: '1.0.0',
    description: 'Structured risk level (emergency / urgent / routine / self_care) with reasons, reading red-flag families and numbers (BP, glucose, temperature, heart rate, age, pregnancy weeks).',
    input_schema: {
      type: 'object',
      required: ['text'],
      additionalProperties: false,
      properties: { text: QUERY_SCHEMA_PROP, age: { type: 'integer', minimum: 0, maximum: 120 } },
    },
    output_schema: { type: 'object', properties: { level: { type: 'string' }, reasons: { type: 'array' } } },
    auth_scope: 'read_only',
    timeout_ms: 2000,
    rate_limit: { per_minute: 600 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<RiskAssessment & { risk_level: RiskLevel }>> {
    const verdict = ctx.prerisk === undefined ? {} : { prerisk: { decision: ctx.prerisk.decision, ...(ctx.prerisk.rule_ids !== undefined ? { rule_ids: ctx.prerisk.rule_ids } : {}) } };
    const a = assessRisk(input.text, { lang: ctx.lang, ...(input.age !== undefined ? { age: input.age } : {}), ...verdict });
    // Evidence for the "when to seek care" advice: the red-flag / when-to-see-a-doctor documents.
    const hits = await this.kb.focusedSearch(input.text, 3, { doc_type: ['red_flag', 'condition'], lang: ctx.lang });
    const reasons = a.reasons.map((r) => (ctx.lang === 'zh' ? r.text_zh : r.text_en)).join('；');
    // An escalated request's first-aid guidance opens the summary (the answer then opens with it).
    const g = a.emergency_guidance;
    const summary = t(
      ctx.lang,
      `${g ? `${g.zh}\n\n` : ''}风险等级：${LEVEL_ZH[a.level]}（${a.level}）。${reasons ? `依据：${reasons}。` : ''}${a.advice_zh}`,
      `${g ? `${g.en}\n\n` : ''}Risk level: ${a.level}. ${reasons ? `Because: ${reasons}. ` : ''}${a.advice_en}`,
    );
    // What to do now, in whole sentences from the red-flag and condition documents.
    const passages = passagesFor(input.text, 'risk', hits, (id) => this.kb.doc(id), ctx.lang, { max: 5, maxChars: 450 });
    // The user's own numbers, read against the guideline bands, come right after the level.
    const readings = (a.measurements ?? []).map((m) => (ctx.lang === 'zh' ? `${m.sentence_zh}。` : `${m.sentence_en}.`));
    const lines = [summary, ...readings, ...passages.map((p) => passageLine(p, ctx.lang))];
    return { output: { ...a, risk_level: a.level }, evidence: passages.map((p) => hitToEvidence(p.hit)), summary: lines.join('\n') };
  }
}

@Module({ providers: [AssessRiskSkill], exports: [AssessRiskSkill] })
export class AssessRiskSkillModule {}
