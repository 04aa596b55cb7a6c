import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { parseSubject, payloadOf, type Envelope } from '@medagent/contracts';
import type { BusContext } from '@medagent/bus';
import { SpanKind, contextFromTraceparent, traceparentOf, withSpan } from '@medagent/telemetry';
import { Finisher } from './finisher';
import { Orchestrator } from './orchestrator';

// One durable consumer per event type: nats-server 2.9 allows one filter subject per consumer.
// Handlers are short and mostly wait on the bus, so many run at once per durable: each pull
// then fetches a larger batch (fewer pull requests, more messages per socket read and write).
// Artifacts get twice as many, as most of them wait in a held write (settleHoldMs) for the
// rest of their request. Measured side by side at 50 requests in flight (docs/perf/README.md):
// 16 everywhere gave ~400 req/s, 64 / 128 ~550.
const CONCURRENCY = 64;
const ARTIFACT_CONCURRENCY = 128;
const c = (durable: string, concurrency = CONCURRENCY) => ({ durable, maxDeliver: 5, ackWaitMs: 15_000, concurrency });

/** Runs `fn` in the handler's span; `fn` gets the span's traceparent (see traceparentOf). */
function traced<T>(name: string, env: Envelope, fn: (traceparent: string | undefined) => Promise<T>): Promise<T> {
  return withSpan(
    name,
    { 'medagent.request_id': env.correlation_id, 'medagent.event_id': env.event_id, ...(env.task_id ? { 'medagent.task_id': env.task_id } : {}) },
    (span) => fn(traceparentOf(span)),
    { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(env.traceparent) },
  );
}

@Controller()
export class CoordinatorController {
  constructor(
    private readonly orchestrator: Orchestrator,
    private readonly finisher: Finisher,
  ) {}

  @EventPattern('medagent.request.submitted.*', c('coordinator_request_submitted'))
  submitted(@Payload() env: Envelope): Promise<void> {
    return traced('coordinator.request', env, (tp) => this.orchestrator.onSubmitted(env, tp));
  }

  @EventPattern('medagent.plan.produced.*', c('coordinator_plan_produced'))
  planProduced(@Payload() env: Envelope): Promise<void> {
    return traced('coordinator.plan_validate', env, () => this.orchestrator.onPlanProduced(env));
  }

  // task.started and task.completed are for observers (progress lines, SSE, audit): the
  // artifact settles a task, so the coordinator keeps no durable on either.
  @EventPattern('medagent.artifact.produced.*', c('coordinator_artifact_produced', ARTIFACT_CONCURRENCY))
  artifact(@Payload() env: Envelope, @Ctx() ctx: BusContext): Promise<void> {
    const role = parseSubject(ctx.getSubject()).role;
    return traced('coordinator.artifact', env, () => this.orchestrator.onArtifact(env, role));
  }

  @EventPattern('medagent.task.failed.*', c('coordinator_task_failed'))
  failed(@Payload() env: Envelope): Promise<void> {
    return traced('coordinator.task_failed', env, () => this.orchestrator.onTaskFailed(env));
  }

  @EventPattern('medagent.task.refused.*', c('coordinator_task_refused'))
  refused(@Payload() env: Envelope): Promise<void> {
    return traced('coordinator.task_refused', env, () => this.orchestrator.onTaskRefused(env));
  }

  @EventPattern('medagent.synthesis.produced.*', c('coordinator_synthesis_produced'))
  synthesis(@Payload() env: Envelope): Promise<void> {
    const p = payloadOf(env, 'synthesis.produced');
    return traced('coordinator.synthesis_received', env, () =>
      this.finisher.onSynthesisProduced(p.request_id, p.text, p.sources),
    );
  }

  @EventPattern('medagent.approval.requested.*', c('coordinator_approval_requested'))
  approvalRequested(@Payload() env: Envelope): Promise<void> {
    return this.orchestrator.onApproval(env, 'requested');
  }

  @EventPattern('medagent.approval.resolved.*', c('coordinator_approval_resolved'))
  approvalResolved(@Payload() env: Envelope): Promise<void> {
    return this.orchestrator.onApproval(env, 'resolved');
  }
}
