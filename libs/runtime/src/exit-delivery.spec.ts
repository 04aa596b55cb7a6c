import { InMemoryKvStore, InProcessBus, JsonText, type PublishAck, type PublishOptions } from '@medagent/bus';
import { loadCoordinatorConfig, type StoredRequest } from '@medagent/coordinator-core';
import { BusUnavailableError, ConflictError, payloadOf, requestIdFor, type Envelope, type RequestRecord } from '@medagent/contracts';
import { InMemoryMemoryStore, memoryOwner, type Turn } from '@medagent/memory';
import { startEmbedded } from './embedded';

// The exit's delivery (memory turn, then result) after its claim: started alongside the claim
// write, and done again when a crash may have cut it short.

const SEED = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';
const SIMPLE = '二甲双胍为什么要跟饭一起吃？';
const RESULT = 'medagent.request.completed.';

const parsed = (value: unknown): StoredRequest =>
  JSON.parse(value instanceof JsonText ? value.text : JSON.stringify(value)) as StoredRequest;

function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Refuses the first `refuse` result publishes, as a crash right after the claim would leave them unsent. */
class ResultRefusingBus extends InProcessBus {
  refused = 0;
  constructor(private readonly refuse: number) {
    super({ onError: () => undefined });
  }
  override publishRaw(subject: string, data: Uint8Array, opts?: PublishOptions): Promise<PublishAck> {
    if (subject.startsWith(RESULT) && this.refused < this.refuse) {
      this.refused += 1;
      return Promise.reject(new BusUnavailableError('request.completed refused (test)'));
    }
    return super.publishRaw(subject, data, opts);
  }
}

/** Counts appends per request and resolves a waiter on the first append matching a predicate. */
class WatchedMemory extends InMemoryMemoryStore {
  readonly appends: Turn[] = [];
  private waiters: { match: (t: Turn) => boolean; resolve: () => void }[] = [];
  override async append(userId: string, sessionId: string, turn: Turn): Promise<{ degraded: boolean }> {
    this.appends.push(turn);
    const r = await super.append(userId, sessionId, turn);
    this.waiters = this.waiters.filter((w) => (w.match(turn) ? (w.resolve(), false) : true));
    return r;
  }
  appended(match: (t: Turn) => boolean): Promise<void> {
    const d = deferred();
    if (this.appends.some(match)) d.resolve();
    else this.waiters.push({ match, resolve: d.resolve });
    return d.promise;
  }
}

describe('a result whose publish failed after the exit was claimed', () => {
  it.each([
    ['synthesis (the lead\'s answer comes again)', SEED, 'synthesis'],
    ['single worker (the artifact comes again)', SIMPLE, 'single'],
  ])('is published when the message that finished it is redelivered: %s', async (_name, message, exit) => {
    const bus = new ResultRefusingBus(1);
    const memory = new InMemoryMemoryStore();
    const rt = await startEmbedded({ bus, memory });
    try {
      const r = await rt.client.ask({ message, user_id: `u-redo-${exit}`, session_id: 's', channel: 'cli' }, { timeoutMs: 15_000 });
      expect(bus.refused).toBe(1);
      expect(r.status).toBe('completed');
      expect(r.record.answer?.exit).toBe(exit);
      // The turn was appended by the first delivery and again by the second: kept once.
      const turns = (await memory.load(memoryOwner(undefined, `u-redo-${exit}`), 's')).turns;
      expect(turns.map((t) => t.request_id)).toEqual([r.record.request_id]);
    } finally {
      await rt.close();
    }
  });

  it('is published when the exit was a deadline action: its retry delivers the finished request', async () => {
    // The lead's answer is lost, so the synthesis deadline finishes the request (partial exit);
    // the broker then refuses that result once (a cluster electing a stream leader). Run again,
    // the deadline action would find the request done and stop: nothing would ever publish it.
    class LostSynthesisBus extends ResultRefusingBus {
      override publishRaw(subject: string, data: Uint8Array, opts?: PublishOptions): Promise<PublishAck> {
        if (subject.startsWith('medagent.synthesis.produced.')) return Promise.resolve({ duplicate: false, seq: 0 });
        return super.publishRaw(subject, data, opts);
      }
    }
    const bus = new LostSynthesisBus(1);
    const memory = new InMemoryMemoryStore();
    const rt = await startEmbedded({ bus, memory, coordinator: loadCoordinatorConfig({}, { synthesisDeadlineMs: 300 }) });
    try {
      const r = await rt.client.ask({ message: SEED, user_id: 'u-deadline-redo', session_id: 's', channel: 'cli' }, { timeoutMs: 15_000 });
      expect(bus.refused).toBe(1);
      expect(r.status).toBe('completed');
      expect(r.record.answer?.exit).toBe('partial');
      expect((await memory.load(memoryOwner(undefined, 'u-deadline-redo'), 's')).turns.map((t) => t.request_id)).toEqual([r.record.request_id]);
    } finally {
      await rt.close();
    }
  });

  it('is published by the restarted coordinator when no message will come again', async () => {
    const kv = new InMemoryKvStore();
    const claimed = deferred<StoredRequest>();
    const update = kv.update.bind(kv);
    kv.update = async <T>(key: string, value: T, rev: number): Promise<number> => {
      const out = await update(key, value, rev);
      const rec = parsed(value);
      if (rec.status === 'completed') claimed.resolve(rec);
      return out;
    };
    // First life: every result publish fails, as if the process died right after the claim.
    const first = await startEmbedded({ bus: new ResultRefusingBus(Number.MAX_SAFE_INTEGER), kv, memory: new InMemoryMemoryStore() });
    const asked = first.client.ask({ message: SIMPLE, user_id: 'u-restart', session_id: 's', channel: 'cli' }, { timeoutMs: 60_000 });
    asked.catch(() => undefined);
    const rec = await claimed.promise;
    await first.close();

    const bus = new InProcessBus();
    const published = deferred<Envelope>();
    await bus.subscribe(`${RESULT}>`, (env) => published.resolve(env));
    const memory = new InMemoryMemoryStore();
    const second = await startEmbedded({ bus, kv, memory });
    try {
      const env = await published.promise;
      const record = payloadOf(env, 'request.completed').record as unknown as RequestRecord;
      expect(record.request_id).toBe(rec.request_id);
      expect(record.answer?.text).toBe(rec.answer?.text);
      expect((await memory.load(memoryOwner(undefined, 'u-restart'), 's')).turns.map((t) => t.request_id)).toEqual([rec.request_id]);
    } finally {
      await second.close();
    }
  });

  it('is not published again for a request that finished before the redelivery window', async () => {
    const kv = new InMemoryKvStore();
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await kv.create('req.r-old', {
      request_id: 'r-old', user_id: 'u-old', session_id: 's', lang: 'zh', status: 'completed', created_at: old, completed_at: old,
      question: 'q', tasks: [], contributions: [], memory: { backend: 'memory', degraded: false, turns_loaded: 0 }, timings: {},
      completeness: 1, answer: { text: 'a', sources: [], safety_actions: [], exit: 'single' },
      state: { escalated: false, deadline_at: old, marks: {}, exit_claimed: 'single' },
    });
    const bus = new InProcessBus();
    const seen: string[] = [];
    await bus.subscribe(`${RESULT}>`, (env) => seen.push(env.correlation_id));
    const memory = new InMemoryMemoryStore();
    const rt = await startEmbedded({ bus, kv, memory, coordinator: loadCoordinatorConfig({}, { resumeRedeliverMs: 110_000 }) });
    try {
      // A fresh request completes after the start-up pass: the old one was not among the results.
      const r = await rt.client.ask({ message: SIMPLE, user_id: 'u-new', session_id: 's', channel: 'cli' }, { timeoutMs: 15_000 });
      expect(seen).toEqual([r.record.request_id]);
      expect((await memory.load(memoryOwner(undefined, 'u-old'), 's')).turns).toEqual([]);
    } finally {
      await rt.close();
    }
  });
});

describe('the memory turn is written alongside the claim', () => {
  /** Holds the write that claims the exit until opened. */
  class HoldingKv extends InMemoryKvStore {
    held = deferred();
    private gate = deferred();
    open(): void {
      this.gate.resolve();
    }
    override async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
      if (parsed(value).status === 'completed') {
        this.held.resolve();
        await this.gate.promise;
      }
      return super.update(key, value, expectedRevision);
    }
  }

  it('the append starts before the claim lands; the result waits for both', async () => {
    const kv = new HoldingKv();
    const memory = new WatchedMemory();
    const bus = new InProcessBus();
    const results: string[] = [];
    await bus.subscribe(`${RESULT}>`, (env) => results.push(env.correlation_id));
    const rt = await startEmbedded({ bus, kv, memory });
    try {
      const id = requestIdFor('u-along', 'k-along');
      const asked = rt.client.ask({ message: SEED, user_id: 'u-along', session_id: 's', channel: 'cli', idempotency_key: 'k-along' }, { timeoutMs: 15_000 });
      await kv.held.promise;
      await memory.appended((t) => t.request_id === id);
      // The turn is stored, the claim is still held: no result yet.
      expect(results).toEqual([]);
      kv.open();
      const r = await asked;
      expect(r.record.request_id).toBe(id);
      expect(results).toEqual([id]);
      expect(memory.appends.filter((t) => t.request_id === id)).toHaveLength(1);
    } finally {
      kv.open();
      await rt.close();
    }
  });

  /** Another replica claims the exit (with its own answer) just before this one's claim is written. */
  class RacedKv extends InMemoryKvStore {
    raced = false;
    override async update<T>(key: string, value: T, expectedRevision: number): Promise<number> {
      const rec = parsed(value);
      if (!this.raced && rec.status === 'completed' && rec.answer) {
        this.raced = true;
        const winner: StoredRequest = { ...rec, answer: { ...rec.answer, text: 'WINNER 的回答' }, state: { ...rec.state, exit_claimed: 'synthesis' } };
        await super.update(key, winner, expectedRevision);
        throw new ConflictError(`${key}: revision moved (test)`);
      }
      return super.update(key, value, expectedRevision);
    }
  }

  it('an exit that loses the claim rewrites its early turn from the stored answer and delivers that answer', async () => {
    const kv = new RacedKv();
    const memory = new WatchedMemory();
    const rt = await startEmbedded({ kv, memory });
    try {
      const r = await rt.client.ask({ message: SEED, user_id: 'u-race', session_id: 's', channel: 'cli' }, { timeoutMs: 15_000 });
      expect(kv.raced).toBe(true);
      expect(r.record.answer?.text).toBe('WINNER 的回答');
      const mine = memory.appends.filter((t) => t.request_id === r.record.request_id).map((t) => t.answer_digest);
      // The losing claim's turn went out first, then the winner's answer replaced it.
      expect(mine).toHaveLength(2);
      expect(mine[0]).not.toBe('WINNER 的回答');
      expect(mine[1]).toBe('WINNER 的回答');
      const turns = (await memory.load(memoryOwner(undefined, 'u-race'), 's')).turns;
      expect(turns.map((t) => [t.request_id, t.answer_digest])).toEqual([[r.record.request_id, 'WINNER 的回答']]);
    } finally {
      await rt.close();
    }
  });
});
