import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { ModelUnavailableError, ToolFailedError, buildEvent, type Envelope } from '@medagent/contracts';
import { lastValueFrom } from 'rxjs';
import { InProcessBus } from '../in-process/bus';
import type { DeadLetter } from '../port';
import { Collector } from '../testing/collector';
import { BUS_EXCEPTION_FILTER, BusClientProxy, BusContext, BusTransportServer } from './transport';

const S_OK = 'medagent.task.started.ok';
const S_RETRY = 'medagent.task.started.retry';
const S_POISON = 'medagent.task.started.poison';

const calls = {
  ok: new Collector<number>(),
  retry: new Collector<number>(),
  poison: new Collector<number>(),
};

@Controller()
class WorkController {
  @EventPattern(S_OK, { durable: 'nest_ok', ackWaitMs: 300 })
  ok(@Payload() env: Envelope, @Ctx() ctx: BusContext): void {
    expect(env.event_type).toBe('task.started');
    calls.ok.push(ctx.getDelivery().deliveryCount);
  }

  @EventPattern(S_RETRY, { durable: 'nest_retry', maxDeliver: 3, backoffMs: [10] })
  async retry(@Ctx() ctx: BusContext): Promise<void> {
    calls.retry.push(ctx.getDelivery().deliveryCount);
    if (ctx.getDelivery().deliveryCount === 1) throw new ModelUnavailableError('upstream 503', { retryAfterMs: 5 });
    await Promise.resolve();
  }

  @EventPattern(S_POISON, { durable: 'nest_poison', maxDeliver: 5 })
  poison(@Ctx() ctx: BusContext): void {
    calls.poison.push(ctx.getDelivery().deliveryCount);
    throw new ToolFailedError('calculator exploded');
  }
}

@Module({ controllers: [WorkController], providers: [BUS_EXCEPTION_FILTER] })
class WorkModule {}

function ev(): Envelope {
  // The suite compares decoded envelopes, which are plain Envelope objects.
  return buildEvent({
    type: 'task.started',
    correlation_id: 'req-nest',
    producer: 'worker-triage',
    payload: { task_id: 't1', attempt: 1, worker_instance: 'nest' },
  }) as Envelope;
}

describe('BusTransportServer + BusClientProxy on the in-process bus', () => {
  let bus: InProcessBus;
  let app: INestMicroservice;
  let client: BusClientProxy;
  const dead = new Collector<DeadLetter>();

  beforeAll(async () => {
    bus = new InProcessBus();
    await bus.subscribeDeadLetters(dead.push);
    app = await NestFactory.createMicroservice(WorkModule, { strategy: new BusTransportServer(bus), logger: false });
    await app.listen();
    client = new BusClientProxy(bus);
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
  });

  it('acks a successful handler exactly once', async () => {
    await lastValueFrom(client.emit(S_OK, ev()));
    expect(await calls.ok.next(1)).toEqual([1]);
    await calls.ok.none(700, 'redeliveries of an acked message');
  });

  it('redelivers a handler that threw a retryable error, then acks', async () => {
    await lastValueFrom(client.emit(S_RETRY, ev()));
    expect(await calls.retry.next(2)).toEqual([1, 2]);
    await calls.retry.none(200, 'deliveries after success');
    expect(dead.items.filter((d) => d.original_subject === S_RETRY)).toEqual([]);
  });

  it('dead-letters a non-retryable error at once with its code', async () => {
    const env = ev();
    await lastValueFrom(client.emit(S_POISON, env));
    const [dl] = await dead.where((d) => d.original_subject === S_POISON);
    expect(dl).toMatchObject({ code: 'TOOL_FAILED', reason: 'TOOL_FAILED: calculator exploded', deliveries: 1 });
    expect(dl?.event_id).toBe(env.event_id);
    expect(calls.poison.items).toEqual([1]);
  });

  it('deduplicates a re-emitted event by its event id', async () => {
    const env = ev();
    const first = await lastValueFrom(client.emit(S_OK, env));
    const again = await lastValueFrom(client.emit(S_OK, env));
    expect(first).toMatchObject({ duplicate: false });
    expect(again).toMatchObject({ duplicate: true });
  });

  it('refuses request-response', async () => {
    await expect(lastValueFrom(client.send(S_OK, ev()))).rejects.toThrow(/events only/);
  });
});

describe('BusTransportServer without BusExceptionFilter', () => {
  const S = 'medagent.task.started.nofilter';
  const seen = new Collector<number>();

  @Controller()
  class BareController {
    @EventPattern(S, { durable: 'nest_bare', maxDeliver: 2, backoffMs: [5] })
    fail(@Ctx() ctx: BusContext): void {
      seen.push(ctx.getDelivery().deliveryCount);
      throw new ToolFailedError('code hidden by Nest');
    }
  }
  @Module({ controllers: [BareController] })
  class BareModule {}

  it('retries (bounded) instead of acking when Nest hides the error, then dead-letters', async () => {
    const bus = new InProcessBus();
    const dead = new Collector<DeadLetter>();
    await bus.subscribeDeadLetters(dead.push);
    const app = await NestFactory.createMicroservice(BareModule, { strategy: new BusTransportServer(bus), logger: false });
    await app.listen();
    try {
      await bus.publish(S, ev());
      const [dl] = await dead.next(1);
      expect(dl).toMatchObject({ code: 'MAX_DELIVERIES', deliveries: 2 });
      expect(seen.items).toEqual([1, 2]);
    } finally {
      await app.close();
      await bus.close();
    }
  });
});
