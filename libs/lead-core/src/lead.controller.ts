import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { buildEvent, payloadOf, subjectFor, type Envelope } from '@medagent/contracts';
import { BUS, type Bus } from '@medagent/bus';
import type { ChatModel } from '@medagent/agent';
import { SpanKind, contextFromTraceparent, traceparentOf, withSpan } from '@medagent/telemetry';
import { makePlan } from './planning';
import { synthesise } from './synthesiser';

export const LEAD_PLAN_MODEL = 'medagent:lead:plan-model';
export const LEAD_SYNTH_MODEL = 'medagent:lead:synth-model';

const consumer = (durable: string) => ({ durable, maxDeliver: 3, ackWaitMs: 30_000, concurrency: 16 });

@Controller()
export class LeadController {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LEAD_PLAN_MODEL) private readonly planModel: ChatModel | null,
    @Inject(LEAD_SYNTH_MODEL) private readonly synthModel: ChatModel | null,
  ) {}

  @EventPattern('medagent.plan.requested.*', consumer('lead_plan'))
  plan(@Payload() env: Envelope): Promise<void> {
    const p = payloadOf(env, 'plan.requested');
    return withSpan(
      'lead.plan',
      { 'medagent.request_id': p.request_id },
      async (span) => {
        const r = await makePlan(p.message, p.lang, p.memory_summary, this.planModel ?? undefined);
        span.setAttributes({ 'medagent.plan.source': r.source, 'medagent.plan.tasks': r.plan.tasks.length });
        const tp = traceparentOf(span);
        const out = buildEvent({
          type: 'plan.produced',
          correlation_id: p.request_id,
          producer: 'lead',
          payload: { request_id: p.request_id, plan: { ...r.plan }, source: r.source, ...(r.note ? { note: r.note } : {}) },
          ...(tp ? { traceparent: tp } : {}),
        });
        await this.bus.publish(subjectFor('plan.produced', 'lead'), out, { msgId: `plan-produced:${p.request_id}` });
      },
      { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(env.traceparent) },
    );
  }

  @EventPattern('medagent.synthesis.requested.*', consumer('lead_synthesis'))
  synthesis(@Payload() env: Envelope): Promise<void> {
    const p = payloadOf(env, 'synthesis.requested');
    return withSpan(
      'lead.synthesis',
      { 'medagent.request_id': p.request_id, 'medagent.contributions': p.contributions.length },
      async (span) => {
        const r = await synthesise({ message: p.message, lang: p.lang, contributions: p.contributions }, this.synthModel ?? undefined);
        const tp = traceparentOf(span);
        const out = buildEvent({
          type: 'synthesis.produced',
          correlation_id: p.request_id,
          producer: 'lead',
          payload: { request_id: p.request_id, text: r.text, sources: r.sources, model: r.model },
          ...(tp ? { traceparent: tp } : {}),
        });
        await this.bus.publish(subjectFor('synthesis.produced', 'lead'), out, { msgId: `synth-produced:${p.request_id}` });
      },
      { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(env.traceparent) },
    );
  }
}
