import { Injectable, Module } from '@nestjs/common';
import type { Skill, SkillContext, SkillDefinition, SkillResult } from '@medagent/contracts';
import { QUERY_SCHEMA_PROP, hitToEvidence, t, topicsIn } from '../common';
import { passageLine, passagesFor } from '../compose/passages';
import { KnowledgeService } from '../knowledge.service';

interface Input {
  text: string;
}

const ASPECTS = ['diet', 'exercise', 'weight', 'sleep', 'smoking', 'alcohol', 'monitoring'] as const;
type Aspect = (typeof ASPECTS)[number];
const ASPECT_CUES: Record<Aspect, RegExp> = {
  diet: /饮食|吃|食物|主食|碳水|盐|糖|膳食|diet|eat|food|carb|salt|meal/i,
  exercise: /运动|锻炼|步行|快走|活动|exercise|walk|activity|training/i,
  weight: /体重|减重|腰围|weight|bmi|waist/i,
  sleep: /睡眠|睡|作息|sleep/i,
  smoking: /吸烟|戒烟|smok/i,
  alcohol: /饮酒|喝酒|酒|alcohol|drink/i,
  monitoring: /监测|复查|自测|随访|monitor|check|follow-up/i,
};

@Injectable()
export class RecommendLifestyleSkill implements Skill<Input> {
  readonly definition: SkillDefinition = {
    name: 'recommend_lifestyle',
    version: '1.0.0',
    description: 'Condition-specific lifestyle advice (diet, exercise, weight, sleep, smoking, alcohol, self-monitoring) from the knowledge base.',
    input_schema: {
      type: 'object',
      required: ['text'],
      additionalProperties: false,
      properties: { text: QUERY_SCHEMA_PROP },
    },
    output_schema: { type: 'object', properties: { conditions: { type: 'array' }, advice: { type: 'array' } } },
    auth_scope: 'read_only',
    timeout_ms: 3000,
    rate_limit: { per_minute: 300 },
    idempotent: true,
  };

  constructor(private readonly kb: KnowledgeService) {}

  async execute(input: Input, ctx: SkillContext): Promise<SkillResult<{ conditions: string[]; advice: { aspect: Aspect; title: string; advice: string; source: string }[] }>> {
    const conditions = topicsIn(input.text);
    const asked = ASPECTS.filter((a) => ASPECT_CUES[a].test(input.text));
    // Condition-specific first (lifestyle documents and guideline lifestyle sections on the
    // named condition), then general lifestyle documents.
    const hits = await this.kb.focusedSearch(input.text, 4, { doc_type: ['lifestyle', 'guideline', 'condition'], lang: ctx.lang });
    const passages = passagesFor(input.text, 'lifestyle', hits, (id) => this.kb.doc(id), ctx.lang, { max: 10, maxChars: 900 });
    const advice = passages.map((p) => {
      const text = p.sentences.join(ctx.lang === 'zh' ? '' : ' ');
      const aspect = ASPECTS.find((a) => asked.includes(a) && ASPECT_CUES[a].test(text)) ?? ASPECTS.find((a) => ASPECT_CUES[a].test(text)) ?? asked[0] ?? 'diet';
      return { aspect, title: p.hit.title, advice: text, source: `${p.hit.source.name} ${p.hit.source.year}`, line: passageLine(p, ctx.lang), hit: p.hit };
    });
    // Asked-for aspects first: the user asked about diet and exercise, not sleep.
    advice.sort((a, b) => Number(asked.includes(b.aspect)) - Number(asked.includes(a.aspect)));
    const summary = advice.length
      ? advice.map((a) => a.line).join('\n')
      : t(ctx.lang, '暂未找到针对该情况的生活方式建议。', 'No lifestyle advice found for this situation.');
    return {
      output: { conditions, advice: advice.map(({ aspect, title, advice: a, source }) => ({ aspect, title, advice: a, source })) },
      evidence: advice.map((a) => hitToEvidence(a.hit)),
      summary,
    };
  }
}

@Module({ providers: [RecommendLifestyleSkill], exports: [RecommendLifestyleSkill] })
export class RecommendLifestyleSkillModule {}
