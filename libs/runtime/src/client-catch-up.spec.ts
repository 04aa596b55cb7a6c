import { type InProcessBus, type PublishAck, type PublishOptions } from '@medagent/bus';
import { AwayInProcessBus, Collector } from '@medagent/bus/testing';
import { BusUnavailableError, ConfigError, type Envelope } from '@medagent/contracts';
import { InMemoryMemoryStore } from '@medagent/memory';
import { MedagentClient } from './client';
import { startEmbedded, type EmbeddedRuntime } from './embedded';

// The client's resubmission after a reconnect is its only way to a result published while it
// was away. Right after a reconnect the broker may still refuse (a restarted cluster node
// answers 503 or times out until its stream leader is elected) while the connection stays up,
// so no second reconnect comes to try again: the client must retry the refusal itself.

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';
const RESULTS = 'medagent.request.*.coordinator'; // the client's own result subscription

/**
 * An in-process bus whose client side can be "away": results to the client's subscription are
 * dropped meanwhile, `reconnect()` runs the reconnect listeners, and resubmissions are refused
 * with `refusal` while `refusals` lasts.
 */
class ReturningBus extends AwayInProcessBus {
  refusals = 0;
  refusal: () => Error = () => new BusUnavailableError('no JetStream stream captures the subject (503 no responders)');
  readonly resubmissions: number[] = [];
  override subscribe(subject: string, handler: (env: Envelope, subject: string) => void): ReturnType<InProcessBus['subscribe']> {
    return super.subscribe(subject, (env, s) => {
      if (!(this.away && subject === RESULTS)) handler(env, s);
    });
  }
  override publish(subject: string, envelope: Envelope<object>, opts?: PublishOptions): Promise<PublishAck> {
    if ((envelope.payload as { resubmitted?: boolean }).resubmitted) {
      this.resubmissions.push(Date.now());
      if (this.refusals-- > 0) return Promise.reject(this.refusal());
    }
    return super.publish(subject, envelope, opts);
  }
}

describe('the client after a reconnect the broker is not ready for', () => {
  let rt: EmbeddedRuntime;
  let bus: ReturningBus;
  let client: MedagentClient;
  beforeAll(async () => {
    bus = new ReturningBus({ onError: () => undefined });
    rt = await startEmbedded({ bus, memory: new InMemoryMemoryStore() });
    client = new MedagentClient(bus, { baseMs: 1, maxMs: 5 });
  });
  afterAll(async () => {
    await client.close();
    await rt.close();
  });

  /** Asks while away and resolves once the coordinator announced the (unheard) result. */
  async function askWhileAway(key: string, timeoutMs: number) {
    const announced = new Collector<Envelope>();
    const sub = await bus.subscribe('medagent.request.completed.coordinator', announced.push);
    bus.away = true;
    const asked = client.ask({ message: SEED, user_id: 'u-back', session_id: 's', idempotency_key: key }, { timeoutMs });
    await announced.next(1);
    await sub.unsubscribe();
    return { asked }; // wrapped: an async function returning the promise would wait for it
  }

  it('retries a refused resubmission until the broker takes it, and gets the result', async () => {
    bus.resubmissions.length = 0;
    const { asked } = await askWhileAway('refused-twice', 10_000);
    bus.refusals = 2;
    bus.reconnect();
    const result = await asked;
    expect(result.status).toBe('completed');
    expect(result.record.answer?.exit).toBe('synthesis');
    expect(bus.resubmissions).toHaveLength(3); // two refused, the third taken
  });

  it('does not retry what the broker rejects outright (a permission refusal): the ask times out', async () => {
    bus.resubmissions.length = 0;
    bus.refusal = () => new ConfigError('publish to medagent.request.submitted.ingress refused: permissions violation');
    const { asked } = await askWhileAway('rejected', 300);
    bus.refusals = 1;
    bus.reconnect();
    await expect(asked).rejects.toThrow(/no result for .* within 300 ms/);
    expect(bus.resubmissions).toHaveLength(1);
  });
});
