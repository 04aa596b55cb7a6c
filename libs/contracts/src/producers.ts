import { EVENT_TYPES, type EventType } from './events';
import { WORKER_ROLES, type Producer, type WorkerRole } from './roles';

/**
 * Who may produce which event (data, checked by every consumer after the signature): the
 * envelope's `producer` names the signer's identity, and this table says which event types
 * that identity may put on the bus and on which subject role. A worker produces only
 * task-scoped events of its own role; only the lead plans and synthesises; only the
 * coordinator assigns work and announces results. The same rules are restated as subject
 * permissions in deploy/nats/permissions.conf (the server refuses the publish); this table
 * holds even when a credential leaks or a subject permission is widened by mistake.
 */
export interface ProducerRule {
  events: readonly EventType[];
  /** The subject's last token: `self` = the producer's own name, `own-role` = its worker role, `any-role` = any worker role. */
  subjectRole: 'self' | 'own-role' | 'any-role';
}

const WORKER_EVENTS: readonly EventType[] = ['task.started', 'artifact.produced', 'task.completed', 'task.failed', 'task.refused', 'approval.requested'];

export const PRODUCER_RULES: Readonly<Record<Producer, readonly ProducerRule[]>> = {
  coordinator: [
    { events: ['plan.requested', 'synthesis.requested', 'request.completed', 'request.failed'], subjectRole: 'self' },
    { events: ['task.assigned', 'approval.resolved'], subjectRole: 'any-role' },
  ],
  lead: [{ events: ['plan.produced', 'synthesis.produced'], subjectRole: 'self' }],
  'worker-consultation': [{ events: WORKER_EVENTS, subjectRole: 'own-role' }],
  'worker-triage': [{ events: WORKER_EVENTS, subjectRole: 'own-role' }],
  'worker-research': [{ events: WORKER_EVENTS, subjectRole: 'own-role' }],
  // hospital systems, the CLI and the coordinator's HTTP ingress (which signs as itself)
  ingress: [
    { events: ['request.submitted'], subjectRole: 'self' },
    { events: ['approval.resolved'], subjectRole: 'any-role' },
  ],
};

function workerRoleOf(producer: Producer): WorkerRole | undefined {
  const role = producer.startsWith('worker-') ? producer.slice('worker-'.length) : undefined;
  return (WORKER_ROLES as readonly string[]).includes(role ?? '') ? (role as WorkerRole) : undefined;
}

/**
 * Why `producer` may not publish `eventType` on `subject` (`medagent.<event>.<role>`), or
 * undefined when it may. The subject must also name that event type.
 */
export function producerForbidden(producer: Producer, eventType: EventType, subject: string): string | undefined {
  const parts = subject.split('.');
  const subjectEvent = `${parts[1] ?? ''}.${parts[2] ?? ''}`;
  const role = parts[3] ?? '';
  if (parts.length !== 4 || subjectEvent !== eventType || !(EVENT_TYPES as readonly string[]).includes(subjectEvent)) {
    return `a ${eventType} event on subject ${subject}`;
  }
  const rules = PRODUCER_RULES[producer] ?? [];
  for (const r of rules) {
    if (!r.events.includes(eventType)) continue;
    if (r.subjectRole === 'self' && role === producer) return undefined;
    if (r.subjectRole === 'own-role' && role === workerRoleOf(producer)) return undefined;
    if (r.subjectRole === 'any-role' && (WORKER_ROLES as readonly string[]).includes(role)) return undefined;
  }
  return `${producer} may not produce ${eventType} on ${subject}`;
}
