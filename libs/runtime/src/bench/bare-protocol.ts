/**
 * The bare JetStream flow (`medagent bench orchestration --mode bare`): the minimum
 * five-process event flow our orchestration is measured against. Shared by the bench client
 * (bare.ts) and the child processes (bare-service.ts), which import nothing else from the
 * workspace, so `node dist/libs/runtime/src/bench/bare-service.js` runs without path aliases.
 *
 * Per request, 12 JetStream publishes, each PubAck awaited, each with a Nats-Msg-Id:
 *   client → submitted; coordinator → plan.requested; lead → plan.produced;
 *   coordinator → task.assigned.<role> ×3; each worker → artifact.<role>;
 *   coordinator (all three artifacts) → synthesis.requested; lead → synthesis.produced;
 *   coordinator → completed (the client awaits it on a core subscription).
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
  synthesisRequested: `${BARE_PREFIX}.synthesis.requested`,
  synthesisProduced: `${BARE_PREFIX}.synthesis.produced`,
  completed: `${BARE_PREFIX}.completed`,
} as const;

/** Every event of the flow: small JSON, a few hundred bytes. */
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

const FILLER = '餐后血糖偏高、偶尔头晕，饮食运动如何调整，指南依据。'.repeat(4);

export function bareEvent(type: string, request_id: string, producer: string, role?: BareWorkerRole): BareEvent {
  return { type, request_id, producer, ...(role ? { role } : {}), at: Date.now(), text: FILLER };
}
