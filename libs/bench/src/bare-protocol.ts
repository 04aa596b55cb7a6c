/**
 * The bare JetStream flow (`medagent bench orchestration --mode bare`): the minimum
 * five-process event flow our orchestration is measured against. Shared by the bench client
 * (bare.ts) and the child processes (bare-service.ts), which import nothing else from the
 * workspace, so `node dist/libs/bench/src/bare-service.js` runs without path aliases.
 *
 * Per request, 12 JetStream publishes, each PubAck awaited, each with a Nats-Msg-Id:
 *   client → submitted; coordinator → plan.requested; lead → plan.produced;
 *   coordinator → task.assigned.<role> ×3; each worker → artifact.<role>;
 *   coordinator (all three artifacts) → synthesis.requested; lead → synthesis.produced;
 *   coordinator → completed (the client awaits it on a core subscription).
 *
 * Two patterns (`--bare-pattern`, passed to the children as BARE_PATTERN_ENV):
 * - `minimal`: exactly the above, events of a few hundred bytes.
 * - `durable`: the same flow plus what our runtime does per request by design, so the
 *   floor prices our message pattern rather than the bare minimum: the coordinator keeps one
 *   JSON record per request in a file-storage KV bucket with revision-checked writes at the
 *   points ours writes (bare-records.ts), each worker publishes task.started / task.completed
 *   unconfirmed around its artifact, and events are padded to about our size (~1.2 KB).
 */

/** Distinct from `medagent.>` so the bare stream can never capture our events. */
export const BARE_PREFIX = 'bare';
export const BARE_STREAM = 'BARE_FLOW';
export const BARE_WORKER_ROLES = ['consultation', 'triage', 'research'] as const;
export type BareWorkerRole = (typeof BARE_WORKER_ROLES)[number];
export type BareRole = 'coordinator' | 'lead' | `worker-${BareWorkerRole}`;
export const BARE_ROLES: readonly BareRole[] = ['coordinator', 'lead', ...BARE_WORKER_ROLES.map((r) => `worker-${r}` as const)];

export const bareSubject = {
  submitted: `${BARE_PREFIX}.submitted`,
  planRequested: `${BARE_PREFIX}.plan.requested`,
  planProduced: `${BARE_PREFIX}.plan.produced`,
  taskAssigned: (role: BareWorkerRole) => `${BARE_PREFIX}.task.assigned.${role}`,
  artifact: (role: BareWorkerRole) => `${BARE_PREFIX}.artifact.${role}`,
  /** Filter for every artifact subject (one coordinator durable, like ours per event type). */
  artifactAll: `${BARE_PREFIX}.artifact.*`,
  /** Observer events (durable pattern): stored by the stream (`bare.>`), consumed by nobody. */
  taskStarted: (role: BareWorkerRole) => `${BARE_PREFIX}.task.started.${role}`,
  taskCompleted: (role: BareWorkerRole) => `${BARE_PREFIX}.task.completed.${role}`,
  synthesisRequested: `${BARE_PREFIX}.synthesis.requested`,
  synthesisProduced: `${BARE_PREFIX}.synthesis.produced`,
  completed: `${BARE_PREFIX}.completed`,
} as const;

export const BARE_PATTERNS = ['minimal', 'durable'] as const;
export type BarePattern = (typeof BARE_PATTERNS)[number];
export const BARE_PATTERN_ENV = 'MEDAGENT_BARE_PATTERN';

export function isBarePattern(x: string | undefined): x is BarePattern {
  return BARE_PATTERNS.some((p) => p === x);
}

/** Every event of the flow: small JSON, a few hundred bytes (about 1.2 KB in the durable pattern). */
export interface BareEvent {
  type: string;
  request_id: string;
  producer: string;
  role?: BareWorkerRole;
  at: number;
  text: string;
}

/** Pull-loop concurrency per durable, as our services run them (coordinator 16, lead 64, workers 32). */
export const BARE_CONCURRENCY: Record<'coordinator' | 'lead' | 'worker', number> = { coordinator: 16, lead: 64, worker: 32 };

/** The line a child prints on stderr once its durables exist and its pull loops run (ServiceCluster's ready line). */
export const bareReadyLine = (role: BareRole): string => `medagent ${role}: ready (distributed) bare flow`;

/** 26 CJK characters, 78 bytes of UTF-8 (JSON.stringify leaves them unescaped). */
const SENTENCE = '餐后血糖偏高、偶尔头晕，饮食运动如何调整，指南依据。';
const FILLER = SENTENCE.repeat(4);
/** Our events average ~1.2 KB of JSON: 1,092 bytes of text plus the fields. */
const DURABLE_FILLER = SENTENCE.repeat(14);

export function bareEvent(type: string, request_id: string, producer: string, role?: BareWorkerRole): BareEvent {
  return { type, request_id, producer, ...(role ? { role } : {}), at: Date.now(), text: FILLER };
}

export function bareDurableEvent(type: string, request_id: string, producer: string, role?: BareWorkerRole): BareEvent {
  return { type, request_id, producer, ...(role ? { role } : {}), at: Date.now(), text: DURABLE_FILLER };
}

export const bareEventFor = (pattern: BarePattern): typeof bareEvent => (pattern === 'durable' ? bareDurableEvent : bareEvent);

/** The durable pattern's KV bucket, declared as ours (`medagent_requests`): file storage, history 5. */
export const BARE_KV_BUCKET = 'bare_requests';
export const BARE_KV_HISTORY = 5;

/**
 * The durable pattern's request record, sized like ours: ~1.5 KB at create, the three task
 * entries at dispatch, each artifact's text (~1.1 KB) as it settles, a ~1 KB answer at the end.
 * `writes` counts the revisions written, so a test can check them against the bucket's history.
 */
export interface BareRecord {
  request_id: string;
  status: 'planning' | 'dispatched' | 'synthesizing' | 'completed';
  writes: number;
  created_at: number;
  updated_at: number;
  question: string;
  tasks: { role: BareWorkerRole; task_id: string; status: 'assigned' | 'settled' }[];
  artifacts: Partial<Record<BareWorkerRole, string>>;
  answer?: string;
}

export const bareRecordKey = (request_id: string): string => `req.${request_id}`;

export function bareRecord(request_id: string): BareRecord {
  const now = Date.now();
  return { request_id, status: 'planning', writes: 1, created_at: now, updated_at: now, question: SENTENCE.repeat(18), tasks: [], artifacts: {} };
}
