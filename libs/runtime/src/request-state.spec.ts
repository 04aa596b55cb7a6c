import { InMemoryKvStore, InProcessBus, JsonText, type DeadLetter } from '@medagent/bus';
import { RequestStore, appendContribution, loadCoordinatorConfig, type StoredRequest } from '@medagent/coordinator-core';
import { BusUnavailableError, buildEvent, payloadOf, type Contribution, type TaskPackage } from '@medagent/contracts';
import { InMemoryMemoryStore } from '@medagent/memory';
import { startEmbedded } from './embedded';

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';

const stored = (value: unknown): unknown => JSON.parse(value instanceof JsonText ? value.text : JSON.stringify(value));

/** Records every write the coordinator makes, in order, as it reached the store. */
class RecordingKv extends InMemoryKvStore {
  readonly writes: { op: 'create' | 'update'; key: string; value: unknown }[] = [];
  override async create<T>(key: string, value: T): Promise<number> {
    const rev = await super.create(key, value);
    this.writes.push({ op: 'create', key, value: stored(value) });
    return rev;
  }
  override async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
    const rev = await super.update(key, value, expectedRevision);
    this.writes.push({ op: 'update', key, value: stored(value) });
    return rev;
  }
}

describe('request state: contributions live in the record', () => {
  it('stores one record per request: contributions inside it, the last settle and the synthesis claim in one write', async () => {
    const kv = new RecordingKv();
    const rt = await startEmbedded({ memory: new InMemoryMemoryStore(), kv });
    try {
      const r = await rt.client.ask({ message: SEED, user_id: 'u-state', session_id: 's-state', channel: 'cli' }, { timeoutMs: 30_000 });
      expect(r.status).toBe('completed');
      expect(r.record.answer?.exit).toBe('synthesis');
      expect(r.record.contributions).toHaveLength(3);

      const mine = kv.writes.filter((w) => w.key === `req.${r.record.request_id}`);
      // No side keys per contribution any more: the record is the only key this request writes.
      expect(kv.writes.filter((w) => w.key.includes(r.record.request_id)).map((w) => w.key)).toEqual(mine.map((w) => w.key));
      expect(mine[0]?.op).toBe('create');

      const states = mine.map((w) => w.value as StoredRequest);
      const claim = states.findIndex((s) => s.status === 'synthesising');
      expect(claim).toBeGreaterThan(0);
      const before = states[claim - 1] as StoredRequest;
      const atClaim = states[claim] as StoredRequest;
      // The write that claimed the synthesis also settled the last task and stored its contribution.
      expect(before.status).toBe('dispatched');
      expect(before.tasks.filter((t) => t.status === 'completed').length).toBeLessThan(3);
      expect(atClaim.tasks.every((t) => t.status === 'completed')).toBe(true);
      expect(atClaim.contributions.map((c) => c.task_id).sort()).toEqual(atClaim.tasks.map((t) => t.task_id).sort());

      const final = states[states.length - 1] as StoredRequest;
      expect(final.status).toBe('completed');
      expect(final.contributions.map((c) => c.task_id).sort()).toEqual(r.record.contributions.map((c) => c.task_id).sort());
    } finally {
      await rt.close();
    }
  });
});

describe('RequestStore contributions', () => {
  const contribution = (task_id: string, text: string): Contribution =>
    ({ task_id, request_id: 'r1', agent: 'consultation', task_type: 'general_consultation', attempt: 1, text }) as unknown as Contribution;
  const record = (over: Partial<StoredRequest> = {}): StoredRequest =>
    ({
      request_id: 'r1',
      tasks: [
        { task_id: 't1', task_type: 'general_consultation', agent: 'consultation', status: 'completed', attempts: 1 },
        { task_id: 't2', task_type: 'risk_triage', agent: 'triage', status: 'completed', attempts: 1 },
        { task_id: 't3', task_type: 'clinical_guideline', agent: 'research', status: 'failed', attempts: 2 },
      ],
      contributions: [],
      ...over,
    }) as unknown as StoredRequest;

  it('keeps the first contribution per task: a replay changes nothing', () => {
    const rec = record();
    expect(appendContribution(rec, contribution('t1', 'first'))).toBe(true);
    expect(appendContribution(rec, contribution('t1', 'replayed'))).toBe(false);
    expect(rec.contributions.map((c) => c.text)).toEqual(['first']);
  });

  it('returns the completed tasks\' contributions in task order', async () => {
    const store = new RequestStore(new InMemoryKvStore());
    const rec = record({ contributions: [contribution('t2', 'b'), contribution('t3', 'late, task failed'), contribution('t1', 'a')] });
    expect((await store.contributions(rec)).map((c) => c.task_id)).toEqual(['t1', 't2']);
    expect((await store.contributions(rec, ['t3'])).map((c) => c.text)).toEqual(['late, task failed']);
  });

  it('still finds contributions a pre-upgrade coordinator kept under their own keys', async () => {
    const kv = new InMemoryKvStore();
    await kv.create('contrib.r1.t1', contribution('t1', 'legacy'));
    const store = new RequestStore(kv);
    const rec = record({ contributions: [contribution('t2', 'in record')] });
    expect((await store.contributions(rec)).map((c) => c.text)).toEqual(['legacy', 'in record']);
  });
});

describe('RequestStore group commit', () => {
  const base = (): StoredRequest =>
    ({ request_id: 'g1', status: 'dispatched', tasks: [], contributions: [], state: { marks: {} } }) as unknown as StoredRequest;

  it('writes a group of concurrent updates once, in order; an update that throws is left out whole and only its caller fails', async () => {
    const kv = new RecordingKv();
    const store = new RequestStore(kv);
    expect(await store.create(base())).toBe(true);
    const mark = (name: string) => (cur: StoredRequest) => {
      cur.state.marks[name] = Object.keys(cur.state.marks).length;
      return { next: cur, result: name };
    };
    const first = store.mutate('g1', mark('a'));
    // Queued while the first write is in flight: these two form one group.
    let bCalls = 0;
    const second = store.mutate('g1', (cur) => {
      bCalls += 1;
      return mark('b')(cur);
    });
    const broken = store.mutate('g1', (cur) => {
      cur.state.marks['half'] = 1; // changed, then failed: must not reach the store
      throw new Error('boom');
    });
    await expect(first).resolves.toBe('a');
    await expect(second).resolves.toBe('b');
    await expect(broken).rejects.toThrow('boom');
    // 'b' ran again on a fresh copy once 'broken' had spoiled the shared one: proof they were one group.
    expect(bCalls).toBe(2);

    const updates = kv.writes.filter((w) => w.op === 'update').map((w) => (w.value as StoredRequest).state.marks);
    expect(updates).toEqual([{ a: 0 }, { a: 0, b: 1 }]);
    expect((await store.get('g1', { fresh: true }))?.state.marks).toEqual({ a: 0, b: 1 });
  });

  it('re-applies the group to the fresh record after another writer got in first', async () => {
    const kv = new RecordingKv();
    const store = new RequestStore(kv);
    await store.create(base());
    // Another coordinator replica writes behind this store's cached revision.
    const stored = await kv.get<StoredRequest>('req.g1');
    await kv.update('req.g1', { ...stored!.value, status: 'synthesising' }, stored!.revision);
    const seen = await store.mutate('g1', (cur) => {
      cur.state.marks['after'] = 1;
      return { next: cur, result: cur.status };
    });
    expect(seen).toBe('synthesising');
    expect((await kv.get<StoredRequest>('req.g1'))?.value).toMatchObject({ status: 'synthesising', state: { marks: { after: 1 } } });
  });
});

describe('RequestStore held updates', () => {
  /** Counts update calls as they are made, before the store awaits them. */
  class CountingKv extends RecordingKv {
    calls = 0;
    override update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
      this.calls += 1;
      return super.update(key, value, expectedRevision);
    }
  }
  const base = (): StoredRequest =>
    ({ request_id: 'h1', status: 'dispatched', tasks: [], contributions: [], state: { marks: {} } }) as unknown as StoredRequest;
  const mark = (name: string) => (cur: StoredRequest) => {
    cur.state.marks[name] = Object.keys(cur.state.marks).length;
    return { next: cur, result: name };
  };

  it('holds an update for the next one that is not held and writes both at once', async () => {
    const kv = new CountingKv();
    const store = new RequestStore(kv);
    await store.create(base());
    const held = store.mutate('h1', mark('a'), { holdMs: 60_000 });
    expect(kv.calls).toBe(0);
    const now = store.mutate('h1', mark('b'));
    expect(kv.calls).toBe(1);
    await expect(Promise.all([held, now])).resolves.toEqual(['a', 'b']);
    expect(kv.writes.filter((w) => w.op === 'update').map((w) => (w.value as StoredRequest).state.marks)).toEqual([{ a: 0, b: 1 }]);
  });

  it('writes a held update on its own once its hold ends', async () => {
    const kv = new CountingKv();
    const store = new RequestStore(kv);
    await store.create(base());
    await expect(store.mutate('h1', mark('alone'), { holdMs: 5 })).resolves.toBe('alone');
    expect(kv.calls).toBe(1);
  });

  it('the seed request settles its three artifacts and claims the synthesis in one write', async () => {
    const kv = new RecordingKv();
    // A hold far longer than any spread between the three artifacts: the grouping is certain.
    const rt = await startEmbedded({ memory: new InMemoryMemoryStore(), kv, coordinator: loadCoordinatorConfig({}, { settleHoldMs: 1_000 }) });
    try {
      const r = await rt.client.ask({ message: SEED, user_id: 'u-hold', session_id: 's-hold', channel: 'cli' }, { timeoutMs: 30_000 });
      expect(r.status).toBe('completed');
      const states = kv.writes.filter((w) => w.key === `req.${r.record.request_id}`).map((w) => w.value as StoredRequest);
      expect(states.map((x) => x.status)).toEqual(['planning', 'dispatched', 'synthesising', 'completed']);
      expect(states[2]?.contributions).toHaveLength(3);
    } finally {
      await rt.close();
    }
  });
});

/** Holds the first update whose record matches `holds` until `open()`: that write stays in flight. */
class HoldingKv extends InMemoryKvStore {
  private release: () => void = () => undefined;
  private readonly gate = new Promise<void>((r) => (this.release = r));
  held = false;
  constructor(private readonly holds: (rec: StoredRequest) => boolean) {
    super();
  }
  open(): void {
    this.release();
  }
  override async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
    if (!this.held && this.holds(stored(value) as StoredRequest)) {
      this.held = true;
      await this.gate;
    }
    return super.update(key, value, expectedRevision);
  }
}

describe('the synthesis request goes out ahead of the write that claims it', () => {
  it('beforeWrite sees the record and the update\'s result before the write is sent', async () => {
    const kv = new RecordingKv();
    const store = new RequestStore(kv);
    await store.create({ request_id: 'b1', status: 'dispatched', tasks: [], contributions: [], state: { marks: {} } } as unknown as StoredRequest);
    const seen: unknown[] = [];
    const result = await store.mutate(
      'b1',
      (cur) => {
        cur.status = 'synthesising';
        return { next: cur, result: 'synthesis' };
      },
      { beforeWrite: (next, r) => seen.push([next.status, r, kv.writes.length]) },
    );
    expect(result).toBe('synthesis');
    // Called once, with the record as it is about to be written, before the write (only the create so far).
    expect(seen).toEqual([['synthesising', 'synthesis', 1]]);
  });

  it('the lead answers while the claim is still being written; the answer waits for the claim and completes the request', async () => {
    // Holds the write that claims the synthesis until the lead's answer has been published.
    const kv = new HoldingKv((rec) => rec.status === 'synthesising');
    const rt = await startEmbedded({ memory: new InMemoryMemoryStore(), kv, coordinator: loadCoordinatorConfig({}, { settleHoldMs: 1_000 }) });
    try {
      const answered = new Promise<void>((resolve) => {
        void rt.bus.subscribe('medagent.synthesis.produced.>', () => resolve());
      });
      const asked = rt.client.ask({ message: SEED, user_id: 'u-ahead', session_id: 's-ahead', channel: 'cli' }, { timeoutMs: 30_000 });
      await answered;
      // The lead has answered and the claim write has not landed yet.
      expect(kv.held).toBe(true);
      kv.open();
      const r = await asked;
      expect(r.status).toBe('completed');
      expect(r.record.answer?.exit).toBe('synthesis');
    } finally {
      kv.open();
      await rt.close();
    }
  });
});

describe('the assignments go out ahead of the write that records the dispatch', () => {
  it('workers get their tasks while the dispatch is being written; early artifacts wait for it', async () => {
    // Holds the dispatch write (the first update to status dispatched).
    const kv = new HoldingKv((rec) => rec.status === 'dispatched');
    const rt = await startEmbedded({ memory: new InMemoryMemoryStore(), kv });
    try {
      let assigned = 0;
      const allAssigned = new Promise<void>((resolve) => {
        void rt.bus.subscribe('medagent.task.assigned.>', () => ++assigned === 3 && resolve());
      });
      const asked = rt.client.ask({ message: SEED, user_id: 'u-dispatch', session_id: 's-dispatch', channel: 'cli' }, { timeoutMs: 30_000 });
      await allAssigned;
      expect(kv.held).toBe(true);
      kv.open();
      const r = await asked;
      expect(r.status).toBe('completed');
      expect(r.record.contributions).toHaveLength(3);
      expect(r.record.answer?.exit).toBe('synthesis');
    } finally {
      kv.open();
      await rt.close();
    }
  });

  it('an artifact whose task type is not its task\'s is refused, never settles the task', async () => {
    // No workers: the tasks stay open, and this test plays a worker.
    const rt = await startEmbedded({ memory: new InMemoryMemoryStore(), services: ['coordinator', 'lead'] });
    try {
      const refused = new Promise<DeadLetter>((resolve) => {
        void rt.bus.subscribeDeadLetters((dl) => dl.original_subject.startsWith('medagent.artifact.produced') && resolve(dl));
      });
      const dispatched = new Promise<TaskPackage>((resolve) => {
        void rt.bus.subscribe('medagent.task.assigned.triage', (env) => resolve(payloadOf(env, 'task.assigned').package));
      });
      void rt.client.ask({ message: SEED, user_id: 'u-type', session_id: 's-type', channel: 'cli' }, { timeoutMs: 5_000 }).catch(() => undefined);
      const pkg = await dispatched;
      const contribution = {
        task_id: pkg.task_id,
        request_id: pkg.request_id,
        agent: pkg.agent,
        task_type: pkg.task_type === 'risk_triage' ? 'symptom_analysis' : 'risk_triage',
        attempt: pkg.attempt,
        text: 'forged',
        findings: [],
        evidence: [],
        tool_ledger: [],
        model_usage: { calls: 0, prompt_tokens: 0, completion_tokens: 0, model: 'none' },
        input_hash: 'a'.repeat(64),
        warnings: [],
        completeness: 1,
        status: 'complete',
      };
      const env = buildEvent({ type: 'artifact.produced', correlation_id: pkg.request_id, task_id: pkg.task_id, producer: 'worker-triage', payload: { contribution } as never });
      await rt.bus.publish('medagent.artifact.produced.triage', env);
      const dl = await refused;
      expect(dl.code).toBe('CAPABILITY_VIOLATION');
      const rec = (await rt.kv.get<StoredRequest>(`req.${pkg.request_id}`))?.value;
      expect(rec?.tasks.find((t) => t.task_id === pkg.task_id)?.status).toBe('scheduled');
      expect(rec?.contributions).toEqual([]);
    } finally {
      await rt.close();
    }
  });
});

describe('RequestStore reads its own writes', () => {
  /** Holds every write until `letThrough()`: the store's writes stay in flight meanwhile. */
  class GatedKv extends InMemoryKvStore {
    private release: () => void = () => undefined;
    private gate = this.hold();
    letThrough(): void {
      this.release();
    }
    hold(): Promise<void> {
      this.gate = new Promise<void>((r) => (this.release = r));
      return this.gate;
    }
    override async create<T>(key: string, value: T): Promise<number> {
      await this.gate;
      return super.create(key, value);
    }
    override async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
      await this.gate;
      return super.update(key, value, expectedRevision);
    }
  }

  it('a read that overtakes the create waits for it; a fresh read waits for the updates in flight too', async () => {
    const kv = new GatedKv();
    const store = new RequestStore(kv);
    const rec = { request_id: 'w1', status: 'planning', tasks: [], contributions: [], state: { marks: {} } } as unknown as StoredRequest;
    const created = store.create(rec);
    const early = store.get('w1');
    kv.letThrough();
    expect((await early)?.status).toBe('planning');
    await created;

    void kv.hold();
    const dispatched = store.mutate('w1', (cur) => {
      cur.status = 'dispatched';
      return { next: cur, result: undefined };
    });
    const cached = store.get('w1');
    const fresh = store.get('w1', { fresh: true });
    // The cached read does not wait (concurrent updates keep joining one group commit).
    expect((await cached)?.status).toBe('planning');
    kv.letThrough();
    expect((await fresh)?.status).toBe('dispatched');
    await dispatched;
  });
});

describe('a plan request that cannot be published', () => {
  /** Refuses every plan.requested publish, as a broker outage for that subject would. */
  class NoPlanBus extends InProcessBus {
    refused = 0;
    override publishRaw(subject: string, data: Uint8Array, opts?: Parameters<InProcessBus['publishRaw']>[2]): ReturnType<InProcessBus['publishRaw']> {
      if (subject.startsWith('medagent.plan.requested.')) {
        this.refused += 1;
        return Promise.reject(new BusUnavailableError('plan.requested refused (test)'));
      }
      return super.publishRaw(subject, data, opts);
    }
  }

  it('still ends in the controlled fallback: the plan deadline is armed once the record exists', async () => {
    const bus = new NoPlanBus();
    const rt = await startEmbedded({
      memory: new InMemoryMemoryStore(),
      bus,
      coordinator: loadCoordinatorConfig({}, { planDeadlineMs: 300 }),
    });
    try {
      const r = await rt.client.ask({ message: '二甲双胍为什么要跟饭一起吃？', user_id: 'u-noplan', session_id: 's-noplan', channel: 'cli' }, { timeoutMs: 20_000 });
      expect(bus.refused).toBeGreaterThanOrEqual(1);
      expect(r.status).toBe('completed');
      expect(r.record.plan?.source).toBe('fallback');
      expect(r.record.plan?.fallback_reason).toMatch(/PLAN_DEADLINE/);
      expect(r.record.answer?.exit).toBe('fallback');
    } finally {
      await rt.close();
    }
  });
});
