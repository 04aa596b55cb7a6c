import { EVENT_TYPES, subjectFor, type EventType } from './events';
import { PRODUCER_RULES, producerForbidden } from './producers';
import { WORKER_ROLES, type Producer } from './roles';

// Who may produce what, written from DESIGN.md's service table, independently of the data.
const EXPECTED: Record<Producer, Partial<Record<EventType, 'self' | 'own' | 'any'>>> = {
  coordinator: { 'plan.requested': 'self', 'synthesis.requested': 'self', 'request.completed': 'self', 'request.failed': 'self', 'task.assigned': 'any', 'approval.resolved': 'any' },
  lead: { 'plan.produced': 'self', 'synthesis.produced': 'self' },
  'worker-consultation': { 'task.started': 'own', 'artifact.produced': 'own', 'task.completed': 'own', 'task.failed': 'own', 'task.refused': 'own', 'approval.requested': 'own' },
  'worker-triage': { 'task.started': 'own', 'artifact.produced': 'own', 'task.completed': 'own', 'task.failed': 'own', 'task.refused': 'own', 'approval.requested': 'own' },
  'worker-research': { 'task.started': 'own', 'artifact.produced': 'own', 'task.completed': 'own', 'task.failed': 'own', 'task.refused': 'own', 'approval.requested': 'own' },
  ingress: { 'request.submitted': 'self', 'approval.resolved': 'any' },
};

describe('producer rules (who may put which event on the bus)', () => {
  const producers = Object.keys(PRODUCER_RULES) as Producer[];
  const roles = [...WORKER_ROLES, 'coordinator', 'lead', 'ingress'] as const;
  const cases = producers.flatMap((p) => EVENT_TYPES.flatMap((t) => roles.map((r) => [p, t, r] as const)));
  it.each(cases)('%s → %s on role %s', (producer, type, role) => {
    const rule = EXPECTED[producer][type];
    const own = producer.startsWith('worker-') ? producer.slice('worker-'.length) : undefined;
    const allowed =
      (rule === 'self' && role === producer) ||
      (rule === 'own' && role === own) ||
      (rule === 'any' && (WORKER_ROLES as readonly string[]).includes(role));
    const why = producerForbidden(producer, type, subjectFor(type, role as never));
    expect([producer, type, role, why === undefined]).toEqual([producer, type, role, allowed]);
  });
  it('a subject that does not name the event type is refused whoever publishes it', () => {
    expect(producerForbidden('lead', 'synthesis.produced', 'medagent.plan.produced.lead')).toMatch(/on subject/);
    expect(producerForbidden('lead', 'synthesis.produced', 'medagent.synthesis.produced')).toMatch(/on subject/);
  });
});
