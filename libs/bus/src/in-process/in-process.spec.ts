import { buildEvent, type Envelope } from '@medagent/contracts';
import { Collector, after } from '../testing/collector';
import { InProcessBus } from './bus';
import { busSemanticsSuite } from '../semantics.suite';

busSemanticsSuite('in-process', () => {
  const bus = new InProcessBus();
  return Promise.resolve({ bus, cleanup: () => bus.close() });
});

describe('InProcessBus specifics', () => {
  const env = (): Envelope =>
    buildEvent({
      type: 'task.started',
      correlation_id: 'req-x',
      producer: 'worker-triage',
      payload: { task_id: 't', attempt: 1, worker_instance: 'x' },
    }) as Envelope;

  it('forgets a msgId after the configured dedup window', async () => {
    const bus = new InProcessBus({ dedupWindowMs: 50 });
    const a = await bus.publish('medagent.task.started.x', env(), { msgId: 'same' });
    await after(80, () => undefined);
    const b = await bus.publish('medagent.task.started.x', env(), { msgId: 'same' });
    expect(b.duplicate).toBe(false);
    expect(b.seq).toBe(a.seq + 1);
    await bus.close();
  });

  it('refuses a second consumer of one durable with another filter, and wildcard publishes', async () => {
    const bus = new InProcessBus();
    const spec = { durable: 'd', subject: 'medagent.task.started.x', maxDeliver: 1, ackWaitMs: 100 };
    await bus.consume(spec, (d) => d.ack());
    await expect(bus.consume({ ...spec, subject: 'medagent.>' }, (d) => d.ack())).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(bus.publish('medagent.*.x', env())).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await bus.close();
  });

  it('stop() waits for in-flight handlers; close() stops timers and refuses publishes', async () => {
    const bus = new InProcessBus();
    const started = new Collector<number>();
    let finished = false;
    const h = await bus.consume(
      { durable: 'slow', subject: 'medagent.task.started.x', maxDeliver: 2, ackWaitMs: 60_000 },
      async (d) => {
        started.push(d.deliveryCount);
        await after(50, () => d.ack());
        finished = true;
      },
    );
    await bus.publish('medagent.task.started.x', env());
    await started.next(1);
    await h.stop();
    expect(finished).toBe(true);
    await bus.close();
    await expect(bus.publish('medagent.task.started.x', env())).rejects.toMatchObject({ code: 'BUS_UNAVAILABLE' });
  });
});
