import {
  SKILL_NAMES,
  type JsonSchema,
  type Skill,
  type SkillContext,
  type SkillDefinition,
  type SkillEvidence,
  type SkillResult,
} from '@medagent/contracts';

export interface StubSkillOptions extends Partial<Omit<SkillDefinition, 'name'>> {
  /** Produces the result; defaults to echoing the input with one piece of evidence. */
  run?: (input: Record<string, unknown>, ctx: SkillContext) => Promise<SkillResult> | SkillResult;
}

/** A skill for tests: records its calls, returns what `run` returns. */
export class StubSkill implements Skill<Record<string, unknown>, unknown> {
  readonly definition: SkillDefinition;
  readonly calls: { input: Record<string, unknown>; ctx: SkillContext }[] = [];
  private readonly run: NonNullable<StubSkillOptions['run']>;

  constructor(name: string, opts: StubSkillOptions = {}) {
    this.definition = {
      name,
      version: opts.version ?? '0.0.0-test',
      description: opts.description ?? `stub ${name}`,
      input_schema: opts.input_schema ??
        STUB_SCHEMAS[name] ?? {
          type: 'object',
          properties: { query: { type: 'string' } },
          required: ['query'],
        },
      output_schema: opts.output_schema ?? { type: 'object' },
      auth_scope: opts.auth_scope ?? 'read_only',
      timeout_ms: opts.timeout_ms ?? 2_000,
      rate_limit: opts.rate_limit ?? { per_minute: 600 },
      idempotent: opts.idempotent ?? true,
    };
    this.run =
      opts.run ??
      ((input) => ({
        output: { echo: input },
        evidence: [stubEvidence(`${name}:doc1`, 0.5)],
        summary: `${name} result.`,
      }));
  }

  async execute(input: Record<string, unknown>, ctx: SkillContext): Promise<SkillResult> {
    this.calls.push({ input, ctx });
    return this.run(input, ctx);
  }
}

export function stubEvidence(source_id: string, score: number): SkillEvidence {
  return {
    source_id,
    title: `title ${source_id}`,
    snippet: `snippet ${source_id}`,
    score,
    kb_version: 'kb-test',
  };
}

/** Plausible input schemas for the ten platform skills (the real ones live in libs/skills). */
export const STUB_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  search_knowledge: {
    type: 'object',
    additionalProperties: false,
    required: ['query'],
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 500 },
      top_k: { type: 'integer', minimum: 1, maximum: 20 },
      lang: { type: 'string', enum: ['zh', 'en'] },
    },
  },
  assess_risk: {
    type: 'object',
    additionalProperties: false,
    required: ['text', 'severity'],
    properties: {
      text: { type: 'string', minLength: 1 },
      severity: { type: 'string', enum: ['low', 'medium', 'high'] },
      age: { type: 'integer', minimum: 0, maximum: 120 },
      symptoms: { type: 'array', items: { type: 'string' } },
    },
  },
  analyze_symptoms: {
    type: 'object',
    additionalProperties: false,
    required: ['symptoms'],
    properties: {
      symptoms: { type: 'array', items: { type: 'string' }, minItems: 1 },
      duration_days: { type: 'integer', minimum: 0 },
      text: { type: 'string' },
    },
  },
  recommend_lifestyle: {
    type: 'object',
    additionalProperties: false,
    required: ['condition'],
    properties: {
      condition: { type: 'string' },
      focus: { type: 'string', enum: ['diet', 'exercise', 'sleep', 'general'], default: 'general' },
    },
  },
  disease_code: {
    type: 'object',
    additionalProperties: false,
    required: ['term'],
    properties: {
      term: { type: 'string' },
      system: { type: 'string', enum: ['icd10', 'icd11'], default: 'icd10' },
    },
  },
  clinical_guideline: {
    type: 'object',
    additionalProperties: false,
    required: ['topic'],
    properties: { topic: { type: 'string' }, year_from: { type: 'integer' } },
  },
  deep_research: {
    type: 'object',
    additionalProperties: false,
    required: ['question'],
    properties: { question: { type: 'string' }, max_sources: { type: 'integer', minimum: 1, maximum: 10 } },
  },
  search_history: {
    type: 'object',
    additionalProperties: false,
    required: ['query'],
    properties: { query: { type: 'string' } },
  },
  search_similar_cases: {
    type: 'object',
    additionalProperties: false,
    required: ['text'],
    properties: { text: { type: 'string' } },
  },
  check_medication_safety: {
    type: 'object',
    additionalProperties: false,
    required: ['drugs'],
    properties: {
      drugs: { type: 'array', items: { type: 'string' }, minItems: 1 },
      conditions: { type: 'array', items: { type: 'string' } },
    },
  },
};

/** One stub per platform skill name. */
export function allStubSkills(): StubSkill[] {
  return SKILL_NAMES.map((n) => new StubSkill(n));
}
