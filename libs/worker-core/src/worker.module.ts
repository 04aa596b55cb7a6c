import { Controller, Inject, Module, type DynamicModule, type Type } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { subjectFor, type Envelope, type Skill, type WorkerRole } from '@medagent/contracts';
import { BUS, BUS_EXCEPTION_FILTER, type Bus, type BusContext } from '@medagent/bus';
import type { ChatModel } from '@medagent/agent';
import type { MemoryStore } from '@medagent/memory';
import { SKILLS, SkillsModule, type SkillsForRoleOptions } from '@medagent/skills';
import { SpanKind, contextFromTraceparent, traceparentOf, withSpan } from '@medagent/telemetry';
import { BusApprovalGate } from './approval-gate';
import { TaskRunner } from './task-runner';

export const WORKER_MODEL = 'medagent:worker:model';
export const WORKER_OPTIONS = 'medagent:worker:options';

export interface WorkerModuleOptions {
  role: WorkerRole;
  bus: Bus;
  memory: MemoryStore;
  model: ChatModel;
  /** Tasks this instance runs at once (scale out with more instances of the same durable). */
  concurrency?: number;
  /** Must exceed the heartbeat interval; a silent (dead) worker's task is redelivered after it. */
  ackWaitMs?: number;
  maxDeliver?: number;
  skills?: Omit<SkillsForRoleOptions, 'memory'>;
}

/** Builds the controller for one role: the subject and durable are part of the class. */
function workerController(opts: WorkerModuleOptions): Type<unknown> {
  const ackWaitMs = opts.ackWaitMs ?? 10_000;
  @Controller()
  class WorkerController {
    constructor(@Inject(TaskRunner) private readonly runner: TaskRunner) {}

    @EventPattern(subjectFor('task.assigned', opts.role), {
      durable: `worker_${opts.role}`,
      maxDeliver: opts.maxDeliver ?? 3,
      ackWaitMs,
      concurrency: opts.concurrency ?? 4,
    })
    handle(@Payload() env: Envelope, @Ctx() ctx: BusContext): Promise<void> {
      return withSpan(
        `worker.${opts.role}.receive`,
        { 'medagent.request_id': env.correlation_id, ...(env.task_id ? { 'medagent.task_id': env.task_id } : {}) },
        (span) => this.runner.run(env, ctx.getDelivery(), traceparentOf(span)),
        { kind: SpanKind.CONSUMER, parent: contextFromTraceparent(env.traceparent) },
      );
    }
  }
  Object.defineProperty(WorkerController, 'name', { value: `Worker${opts.role[0]?.toUpperCase()}${opts.role.slice(1)}Controller` });
  return WorkerController;
}

@Module({})
export class WorkerModule {
  /** A worker deployment: only the skill modules its policy names are loaded. */
  static forRole(opts: WorkerModuleOptions): DynamicModule {
    const ackWaitMs = opts.ackWaitMs ?? 10_000;
    return {
      module: WorkerModule,
      imports: [SkillsModule.forRole(opts.role, { ...(opts.skills ?? {}), memory: opts.memory })],
      controllers: [workerController(opts)],
      providers: [
        { provide: BUS, useValue: opts.bus },
        { provide: WORKER_MODEL, useValue: opts.model },
        {
          provide: TaskRunner,
          useFactory: (skills: Skill[], bus: Bus, model: ChatModel) =>
            new TaskRunner({
              role: opts.role,
              bus,
              skills,
              model,
              approvals: new BusApprovalGate(bus, opts.role),
              heartbeatMs: Math.max(100, Math.floor(ackWaitMs / 3)),
            }),
          inject: [SKILLS, BUS, WORKER_MODEL],
        },
        BUS_EXCEPTION_FILTER,
      ],
      exports: [TaskRunner],
    };
  }
}
