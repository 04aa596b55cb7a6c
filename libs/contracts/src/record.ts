import type { Contribution, Evidence } from './contribution';
import type { RequestState, TaskState } from './lifecycle';
import type { PlanSource, TaskPlan } from './plan';
import type { MedicationScreenRecord, PreRiskResult, SafetyAction } from './safety';
import type { Lang } from './task-package';
import type { TaskType, WorkerRole } from './roles';

export interface TaskRecord {
  task_id: string;
  task_type: TaskType;
  agent: WorkerRole;
  status: TaskState;
  attempts: number;
  deadline_at?: string;
  started_at?: string;
  completed_at?: string;
  duration_ms?: number;
  error?: { code: string; message: string; retryable: boolean };
  completeness?: number;
}

export interface AnswerRecord {
  text: string;
  sources: Evidence[];
  safety_actions: SafetyAction[];
  /** Which exit produced the text: single contribution, synthesis, fallback, partial, error, escalation. */
  exit: 'single' | 'synthesis' | 'fallback' | 'partial' | 'error' | 'escalation';
}

export interface RequestRecord {
  request_id: string;
  trace_id: string;
  /** The submitter's verified tenant; absent on records from before tenants (the default tenant). */
  tenant_id?: string;
  user_id: string;
  session_id: string;
  lang: Lang;
  status: RequestState;
  created_at: string;
  completed_at?: string;
  prerisk?: PreRiskResult;
  /** The coordinator's medication screen, when the request named a drug (message or patient context). */
  medication_screen?: MedicationScreenRecord;
  plan?: TaskPlan & { source: PlanSource; version: number; fallback_reason?: string };
  tasks: TaskRecord[];
  contributions: Contribution[];
  answer?: AnswerRecord;
  memory: { backend: 'redis' | 'memory'; degraded: boolean; turns_loaded: number };
  timings: Record<string, number>;
  completeness: number;
  error?: { code: string; message: string };
}

const str = { type: 'string' } as const;
const int = { type: 'integer', minimum: 0 } as const;
const num = { type: 'number' } as const;

const evidenceSchema = {
  type: 'object',
  required: ['source_id', 'title', 'snippet', 'score', 'kb_version'],
  properties: {
    source_id: str,
    title: str,
    snippet: str,
    score: num,
    kb_version: str,
    source_name: str,
    year: int,
    url: str,
    tool: str,
  },
} as const;

/** JSON Schema (draft 2020-12) of `medagent ask --json` and of GET /v1/consultations/:id. */
export const REQUEST_RECORD_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://medagent.dev/schemas/request-record.v1.json',
  title: 'medagent request record',
  type: 'object',
  required: [
    'request_id',
    'trace_id',
    'user_id',
    'session_id',
    'lang',
    'status',
    'created_at',
    'tasks',
    'contributions',
    'memory',
    'timings',
    'completeness',
  ],
  properties: {
    request_id: str,
    trace_id: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    tenant_id: str,
    user_id: str,
    session_id: str,
    lang: { enum: ['zh', 'en'] },
    status: { enum: ['received', 'pre_risk', 'planning', 'dispatched', 'synthesising', 'safety', 'completed', 'partial', 'failed'] },
    created_at: str,
    completed_at: str,
    prerisk: {
      type: 'object',
      required: ['decision', 'category', 'evidence', 'rules_version'],
      properties: {
        decision: { enum: ['ESCALATE', 'PASS'] },
        category: str,
        rules_version: str,
        evidence: { type: 'array', items: { type: 'object' } },
      },
    },
    plan: {
      type: 'object',
      required: ['complexity', 'tasks', 'source', 'version'],
      properties: {
        complexity: { enum: ['simple', 'complex'] },
        source: { enum: ['rules', 'model', 'fallback', 'escalation'] },
        version: int,
        fallback_reason: str,
        tasks: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          items: {
            type: 'object',
            required: ['task_id', 'task_type', 'agent', 'instruction'],
            properties: { task_id: str, task_type: str, agent: str, instruction: str },
          },
        },
      },
    },
    tasks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['task_id', 'task_type', 'agent', 'status', 'attempts'],
        properties: {
          task_id: str,
          task_type: str,
          agent: str,
          status: { enum: ['created', 'scheduled', 'running', 'awaiting_approval', 'completed', 'failed', 'canceled'] },
          attempts: int,
          duration_ms: num,
          completeness: num,
        },
      },
    },
    contributions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['task_id', 'agent', 'task_type', 'text', 'evidence', 'tool_ledger', 'input_hash', 'completeness'],
        properties: {
          task_id: str,
          agent: str,
          task_type: str,
          text: str,
          evidence: { type: 'array', items: evidenceSchema },
          tool_ledger: {
            type: 'array',
            items: {
              type: 'object',
              required: ['tool', 'args_hash', 'outcome', 'latency_ms'],
              properties: { tool: str, args_hash: str, outcome: str, latency_ms: num },
            },
          },
          input_hash: str,
          completeness: num,
        },
      },
    },
    answer: {
      type: 'object',
      required: ['text', 'sources', 'safety_actions', 'exit'],
      properties: {
        text: str,
        sources: { type: 'array', items: evidenceSchema },
        safety_actions: { type: 'array', items: { type: 'object', required: ['kind', 'detail'] } },
        exit: { enum: ['single', 'synthesis', 'fallback', 'partial', 'error', 'escalation'] },
      },
    },
    memory: {
      type: 'object',
      required: ['backend', 'degraded', 'turns_loaded'],
      properties: { backend: { enum: ['redis', 'memory'] }, degraded: { type: 'boolean' }, turns_loaded: int },
    },
    timings: { type: 'object', additionalProperties: num },
    completeness: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;
