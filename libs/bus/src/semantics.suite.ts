import { MedagentError, ToolTimeoutError, buildEvent, dlqSubjectFor, type Envelope } from '@medagent/contracts';
import type { Bus, ConsumerSpec, DeadLetter, Delivery } from './port';
import { Collector, after } from './testing/collector';

export interface BusUnderTest {
  bus: Bus;
  cleanup(): Promise<void>;
}

let counter = 0;
/** Unique subject token and durable per test: a JetStream server outlives each test. */
function fresh(): { tag: string; subject: string; durable: string } {
  const tag = `s${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { tag, subject: `medagent.task.started.${tag}`, durable: `d_${tag}` };
}

function event(n = 1, task = 'task-1'): Envelope {
  // The suite compares decoded envelopes, which are plain Envelope objects.
  return buildEvent({
    type: 'task.started',
    correlation_id: `req-${n}`,
    task_id: task,
    producer: 'worker-triage',
    payload: { task_id: task, attempt: n, worker_instance: 'suite' },
  }) as Envelope;
}

function spec(s: { subject: string; durable: string }, over: Partial<ConsumerSpec> = {}): ConsumerSpec {
  return { durable: s.durable, subject: s.subject, maxDeliver: 3, ackWaitMs: 5000, backoffMs: [20], ...over };
}

interface Seen {
  id: string;
  count: number;
  d: Delivery;
}

const seen = (d: Delivery): Seen => ({ id: d.envelope.event_id, count: d.deliveryCount, d });

/**
 * The behaviour every Bus must show; InProcessBus and JetStreamBus both run it, so the
 * embedded mode cannot drift from the distributed one.
 */
export function busSemanticsSuite(name: string, makeBus: () => Promise<BusUnderTest>): void {
  describe(`Bus semantics: ${name}`, () => {
    let t: BusUnderTest;
    let bus: Bus;
    let dead: Collector<DeadLetter>;

    beforeEach(async () => {
      t = await makeBus();
      bus = t.bus;
      dead = new Collector<DeadLetter>();
      await bus.subscribeDeadLetters(dead.push);
    });
    afterEach(async () => {
      await t.cleanup();
    });

    /** Dead letters of this test only (a shared server may carry other tests' letters). */
    const deadFor = (subject: string, n = 1): Promise<DeadLetter[]> =>
      dead.where((dl) => dl.original_subject === subject, n, 8000, `dead letters on ${subject}`);

    it('publishes, consumes a decoded envelope with headers, and acks once', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s, { ackWaitMs: 300 }), async (d) => {
        got.push(seen(d));
        await d.ack();
      });
      const env = event();
      const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      const ack = await bus.publish(s.subject, env, { headers: { traceparent } });
      expect(ack.duplicate).toBe(false);
      const [first] = await got.next(1);
      expect(first?.d.envelope).toEqual(env);
      expect(first?.d.subject).toBe(s.subject);
      expect(first?.count).toBe(1);
      expect(first?.d.headers['traceparent']).toBe(traceparent);
      expect(first?.d.settled).toBe(true);
      await got.none(800, 'redeliveries after ack');
    });

    it('redelivers after nak with deliveryCount 2', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s), async (d) => {
        got.push(seen(d));
        if (d.deliveryCount === 1) await d.nak(0);
        else await d.ack();
      });
      const env = event();
      await bus.publish(s.subject, env);
      const all = await got.next(2);
      expect(all.map((x) => [x.id, x.count])).toEqual([
        [env.event_id, 1],
        [env.event_id, 2],
      ]);
    });

    it('redelivers when the ack wait expires unsettled', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s, { ackWaitMs: 300 }), async (d) => {
        got.push(seen(d));
        if (d.deliveryCount > 1) await d.ack();
      });
      await bus.publish(s.subject, event());
      const all = await got.next(2);
      expect(all.map((x) => x.count)).toEqual([1, 2]);
    });

    it('working() keeps a long handler from being redelivered', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      const acked = new Collector<true>();
      await bus.consume(spec(s, { ackWaitMs: 400, concurrency: 2 }), async (d) => {
        got.push(seen(d));
        const beat = setInterval(() => void d.working(), 100);
        try {
          await after(1200, () => d.ack());
        } finally {
          clearInterval(beat);
        }
        acked.push(true);
      });
      await bus.publish(s.subject, event());
      await acked.next(1);
      await got.none(600, 'redeliveries');
      expect(got.items.map((x) => x.count)).toEqual([1]);
    });

    it('dead-letters after maxDeliver naks with the reason and delivery count', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s, { maxDeliver: 3 }), async (d) => {
        got.push(seen(d));
        await d.nak(0, 'TOOL_TIMEOUT: search took too long');
      });
      const env = event();
      await bus.publish(s.subject, env);
      const [dl] = await deadFor(s.subject);
      expect(got.items.map((x) => x.count)).toEqual([1, 2, 3]);
      expect(dl).toMatchObject({ code: 'MAX_DELIVERIES', deliveries: 3, original_subject: s.subject });
      expect(dl?.reason).toContain('TOOL_TIMEOUT: search took too long');
      expect(dl?.envelope?.event_id).toBe(env.event_id);
      expect(dl?.correlation_id).toBe(env.correlation_id);
      expect(dlqSubjectFor(s.subject)).toBe(`medagent_dlq.${s.subject}`);
    });

    it('dead-letters after maxDeliver ack-wait expiries (a worker that died mid-task)', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s, { maxDeliver: 2, ackWaitMs: 300 }), (d) => {
        got.push(seen(d));
        return Promise.resolve();
      });
      const env = event();
      await bus.publish(s.subject, env);
      const [dl] = await deadFor(s.subject);
      expect(got.items.map((x) => x.count)).toEqual([1, 2]);
      expect(dl).toMatchObject({ code: 'MAX_DELIVERIES', deliveries: 2, event_id: env.event_id });
    });

    it('term dead-letters at once with the reason and its code', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s, { maxDeliver: 5 }), async (d) => {
        got.push(seen(d));
        await d.term(d.envelope.correlation_id === 'req-1' ? 'TASK_REFUSED: not my role' : 'operator says no');
      });
      await bus.publish(s.subject, event(1));
      await bus.publish(s.subject, event(2));
      const dls = await deadFor(s.subject, 2);
      const byReq = new Map(dls.map((d) => [d.correlation_id, d]));
      expect(byReq.get('req-1')).toMatchObject({ code: 'TASK_REFUSED', reason: 'TASK_REFUSED: not my role', deliveries: 1 });
      expect(byReq.get('req-2')).toMatchObject({ code: 'TERMINATED', reason: 'operator says no', deliveries: 1 });
      expect(got.items).toHaveLength(2);
    });

    it('settles escaping handler errors: retryable → redelivered, otherwise dead-lettered with the code', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s, { maxDeliver: 4 }), (d) => {
        got.push(seen(d));
        if (d.envelope.correlation_id === 'req-1' && d.deliveryCount === 1) {
          throw new ToolTimeoutError('slow', { retryAfterMs: 10 });
        }
        if (d.envelope.correlation_id === 'req-2') throw new MedagentError('TOOL_FAILED', 'broken tool');
        return d.ack();
      });
      await bus.publish(s.subject, event(1));
      await bus.publish(s.subject, event(2));
      const [dl] = await deadFor(s.subject);
      expect(dl).toMatchObject({ code: 'TOOL_FAILED', reason: 'TOOL_FAILED: broken tool', deliveries: 1 });
      const all = await got.next(3);
      expect(all.filter((x) => x.d.envelope.correlation_id === 'req-1').map((x) => x.count)).toEqual([1, 2]);
    });

    it('dead-letters invalid bytes as CONTRACT_VIOLATION without calling the handler', async () => {
      const s = fresh();
      const got = new Collector<Seen>();
      await bus.consume(spec(s), async (d) => {
        got.push(seen(d));
        await d.ack();
      });
      const bad = { ...event(), event_type: 'task.exploded' };
      await bus.publishRaw(s.subject, new TextEncoder().encode(JSON.stringify(bad)));
      await bus.publishRaw(s.subject, new TextEncoder().encode('{not json'));
      const good = event(3);
      await bus.publish(s.subject, good);
      const dls = await deadFor(s.subject, 2);
      expect(dls.every((d) => d.code === 'CONTRACT_VIOLATION' && d.deliveries === 1)).toBe(true);
      expect(dls.map((d) => d.raw)).toContain('{not json');
      expect(dls.find((d) => d.event_id === bad.event_id)?.reason).toMatch(/event_type/);
      const [only] = await got.next(1);
      expect(only?.id).toBe(good.event_id);
      await got.none(300, 'deliveries of invalid messages');
    });

    it('dead-letters a message consumed after its deadline as DEADLINE_EXCEEDED', async () => {
      const s = fresh();
      const late = event(1);
      await bus.publish(s.subject, late, { deadlineAt: new Date(Date.now() - 1000).toISOString() });
      const onTime = event(2);
      await bus.publish(s.subject, onTime, { deadlineAt: new Date(Date.now() + 60_000).toISOString() });
      const got = new Collector<Seen>();
      await bus.consume(spec(s), async (d) => {
        got.push(seen(d));
        await d.ack();
      });
      const [dl] = await deadFor(s.subject);
      expect(dl).toMatchObject({ code: 'DEADLINE_EXCEEDED', event_id: late.event_id });
      const [only] = await got.next(1);
      expect(only?.id).toBe(onTime.event_id);
    });

    it('deduplicates a publish with the same msgId', async () => {
      const s = fresh();
      const a = event(1);
      const first = await bus.publish(s.subject, a, { msgId: `m-${s.tag}` });
      const again = await bus.publish(s.subject, a, { msgId: `m-${s.tag}` });
      expect(first.duplicate).toBe(false);
      expect(again).toEqual({ duplicate: true, seq: first.seq });
      const b = event(2);
      await bus.publish(s.subject, b, { msgId: `m2-${s.tag}` });
      const got = new Collector<Seen>();
      await bus.consume(spec(s), async (d) => {
        got.push(seen(d));
        await d.ack();
      });
      const all = await got.next(2);
      expect(all.map((x) => x.id)).toEqual([a.event_id, b.event_id]);
      await got.none(300, 'duplicates');
    });

    it('a duplicate is not stored again but still reaches live subscribers, as core NATS delivers it', async () => {
      // A result announced again for an asker that missed it relies on this (MedagentClient).
      const s = fresh();
      const a = event(1);
      const live = new Collector<string>();
      const sub = await bus.subscribe(s.subject, (e) => live.push(e.event_id));
      await bus.publish(s.subject, a, { msgId: `d-${s.tag}` });
      const again = await bus.publish(s.subject, a, { msgId: `d-${s.tag}` });
      expect(again.duplicate).toBe(true);
      expect(await live.next(2)).toEqual([a.event_id, a.event_id]);
      await sub.unsubscribe();
      const got = new Collector<Seen>();
      await bus.consume(spec(s), async (d) => {
        got.push(seen(d));
        await d.ack();
      });
      expect((await got.next(1)).map((x) => x.id)).toEqual([a.event_id]);
      await got.none(300, 'a stored duplicate');
    });

    it('lists the msg ids stored on a subject since a time, not those published before it or elsewhere', async () => {
      const s = fresh();
      const other = fresh();
      await bus.publish(s.subject, event(1), { msgId: `early-${s.tag}` });
      // Past the store time of `early` on either clock (the broker's stamps have ms precision).
      await new Promise((r) => setTimeout(r, 20));
      const since = new Date();
      await bus.publish(s.subject, event(2), { msgId: `a-${s.tag}` });
      await bus.publish(s.subject, event(3), { msgId: `b-${s.tag}` });
      await bus.publish(s.subject, event(4));
      await bus.publish(other.subject, event(5), { msgId: `c-${other.tag}` });
      const ids = await bus.storedMsgIds(s.subject, since, `scan_${s.tag}`);
      expect([...ids].sort()).toEqual([`a-${s.tag}`, `b-${s.tag}`]);
      expect([...(await bus.storedMsgIds(s.subject, new Date(Date.now() + 60_000), `scan_${s.tag}`))]).toEqual([]);
    });

    it('reads back the valid events stored on a subject since a time, in order, not those before it or elsewhere', async () => {
      const s = fresh();
      const other = fresh();
      await bus.publish(s.subject, event(1));
      await new Promise((r) => setTimeout(r, 20)); // past `early` on either clock, as above
      const since = new Date();
      const a = event(2);
      const b = event(3);
      await bus.publish(s.subject, a);
      await bus.publishRaw(s.subject, new TextEncoder().encode('{"not":"an event"}'));
      await bus.publish(s.subject, b);
      await bus.publish(other.subject, event(4));
      const got = await bus.storedEvents(s.subject, since, `read_${s.tag}`);
      expect(got.map((e) => e.event_id)).toEqual([a.event_id, b.event_id]);
    });

    it('shares one durable between instances: each message handled once, both used', async () => {
      const s = fresh();
      const got = new Collector<{ inst: string; id: string }>();
      const handler = (inst: string) => async (d: Delivery) => {
        await after(15, () => d.ack());
        got.push({ inst, id: d.envelope.event_id });
      };
      await bus.consume(spec(s), handler('a'));
      await bus.consume(spec(s), handler('b'));
      const ids: string[] = [];
      for (let i = 1; i <= 12; i++) {
        const e = event(i);
        ids.push(e.event_id);
        await bus.publish(s.subject, e);
      }
      const all = await got.next(12);
      expect(all.map((x) => x.id).sort()).toEqual([...ids].sort());
      expect(new Set(all.map((x) => x.inst))).toEqual(new Set(['a', 'b']));
      await got.none(300, 'second handlings');
    });

    it('fans out to every subscriber with * and > wildcards', async () => {
      const s = fresh();
      const star = new Collector<string>();
      const tail = new Collector<string>();
      await bus.subscribe(`medagent.task.*.${s.tag}`, (e, subj) => star.push(`${subj}|${e.event_id}`));
      await bus.subscribe(`medagent.>`, (e, subj) => {
        if (subj.endsWith(s.tag)) tail.push(`${subj}|${e.event_id}`);
      });
      const sent: string[] = [];
      for (const subj of [`medagent.task.started.${s.tag}`, `medagent.task.completed.${s.tag}`]) {
        const e = event();
        sent.push(`${subj}|${e.event_id}`);
        await bus.publish(subj, e);
      }
      expect((await star.next(2)).sort()).toEqual([...sent].sort());
      expect((await tail.next(2)).sort()).toEqual([...sent].sort());
    });

    it('retains messages published before the consumer exists', async () => {
      const s = fresh();
      const ids: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const e = event(i);
        ids.push(e.event_id);
        await bus.publish(s.subject, e);
      }
      const got = new Collector<Seen>();
      const handle = await bus.consume(spec(s), async (d) => {
        got.push(seen(d));
        await d.ack();
      });
      expect((await got.next(3)).map((x) => x.id)).toEqual(ids);
      await handle.stop();
    });
  });
}
