import type { Lang } from './task-package';
import type { WorkerRole } from './roles';

/** JSON Schema subset used for skill inputs/outputs (what the model is shown). */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: readonly (string | number)[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export const AUTH_SCOPES = ['read_only', 'read_write', 'requires_approval'] as const;
export type AuthScope = (typeof AUTH_SCOPES)[number];

/** Registry metadata of one skill (Routa's tool registry shape). */
export interface SkillDefinition {
  name: string;
  version: string;
  description: string;
  input_schema: JsonSchema;
  output_schema: JsonSchema;
  auth_scope: AuthScope;
  timeout_ms: number;
  rate_limit: { per_minute: number };
  idempotent: boolean;
}

/** What a skill may know about the task it serves: scope and ids, never the transcript. */
export interface SkillContext {
  request_id: string;
  task_id: string;
  role: WorkerRole;
  /** Absent: the default tenant. */
  tenant_id?: string;
  user_id: string;
  session_id: string;
  lang: Lang;
  /** Stable across retries of the same task + call, for side-effecting skills. */
  idempotency_key: string;
  signal: AbortSignal;
  /** The coordinator's pre-risk verdict for the request (from the TaskPackage context). */
  prerisk?: { decision: 'ESCALATE' | 'PASS'; category?: string; rule_ids?: readonly string[] };
}

export interface SkillEvidence {
  source_id: string;
  title: string;
  snippet: string;
  score: number;
  kb_version: string;
  source_name?: string;
  year?: number;
  url?: string;
}

/** Every skill returns structured data plus the evidence it rests on. */
export interface SkillResult<O = unknown> {
  output: O;
  evidence: SkillEvidence[];
  /** Short text the model reads as the observation (already written for this role). */
  summary: string;
}

export interface Skill<I = Record<string, unknown>, O = unknown> {
  readonly definition: SkillDefinition;
  execute(input: I, ctx: SkillContext): Promise<SkillResult<O>>;
}
