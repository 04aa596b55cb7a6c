/** The three worker roles; each is a separately deployable service. */
export const WORKER_ROLES = ['consultation', 'triage', 'research'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

export const SERVICE_IDS = [
  'coordinator',
  'lead',
  'worker-consultation',
  'worker-triage',
  'worker-research',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/** Bus producers also include external ingress (hospital systems, the CLI). */
export type Producer = ServiceId | 'ingress';

export function workerServiceId(role: WorkerRole): ServiceId {
  return `worker-${role}`;
}

export function isWorkerRole(x: unknown): x is WorkerRole {
  return typeof x === 'string' && (WORKER_ROLES as readonly string[]).includes(x);
}

export const TASK_TYPES = [
  'general_consultation',
  'lifestyle_guidance',
  'risk_triage',
  'symptom_analysis',
  'disease_classification',
  'clinical_research',
  'clinical_guideline',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Ownership: a task type may only be planned for the worker that owns it. */
export const TASK_OWNER: Readonly<Record<TaskType, WorkerRole>> = {
  general_consultation: 'consultation',
  lifestyle_guidance: 'consultation',
  risk_triage: 'triage',
  symptom_analysis: 'triage',
  disease_classification: 'research',
  clinical_research: 'research',
  clinical_guideline: 'research',
};

/** Deprecated agent names still accepted on input and normalised on decode. */
export const AGENT_ALIASES: Readonly<Record<string, WorkerRole>> = { diagnostic: 'triage' };

export function normalizeAgent(agent: string): string {
  return AGENT_ALIASES[agent] ?? agent;
}

export function isTaskType(x: unknown): x is TaskType {
  return typeof x === 'string' && (TASK_TYPES as readonly string[]).includes(x);
}
