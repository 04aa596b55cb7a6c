import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { RetentionPolicy, StorageType, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { BusUnavailableError, DeadlineExceededError } from '@medagent/contracts';
import { DEFAULT_LIMITS } from '@medagent/bus';
import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { ServiceCluster, repoRoot } from './harness/cluster';
import { benchProcesses } from './cpu';
import { BARE_PATTERN_ENV, BARE_PREFIX, BARE_ROLES, BARE_STREAM, bareEventFor, bareSubject, type BareEvent, type BarePattern } from './bare-protocol';
import type { BenchCall, BenchTarget } from './drive';

/**
 * The bare JetStream flow as a bench target (`bench orchestration --mode bare`): a private
 * nats-server with one file-storage LIMITS stream over `bare.>`, the five roles as separate
 * Node processes (dist/…/bare-service.js, launched by ServiceCluster like our services, so
 * MEDAGENT_CHILD_NODE_ARGS reaches them too), and this client: per request it publishes
 * `submitted` (PubAck awaited) and waits for that request's `completed` on a core
 * subscription. Same broker setup as distributed mode, none of our runtime. `pattern`
 * (default `minimal`) reaches the children as BARE_PATTERN_ENV; `durable` adds our mandated
 * extras (bare-protocol.ts), the stream is the same (`bare.>` holds the observer events too).
 */

const nanos = (ms: number) => ms * 1_000_000;
const decoder = new TextDecoder();

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
}

/**
 * The compiled child is newer than the sources it is built from: then no build is run, so
 * the bare flow starts even while other parts of the workspace do not compile (it imports
 * nothing else from it).
 */
function compiledIsFresh(root: string, script: string): boolean {
  if (!existsSync(script)) return false;
  const built = statSync(script).mtimeMs;
  return ['bare-service', 'bare-protocol', 'bare-records'].every((f) => {
    const src = join(root, 'libs', 'bench', 'src', `${f}.ts`);
    const out = join(root, 'dist', 'libs', 'bench', 'src', `${f}.js`);
    return existsSync(out) && (!existsSync(src) || statSync(src).mtimeMs <= Math.min(built, statSync(out).mtimeMs));
  });
}

export interface BareTarget extends BenchTarget {
  /** The private nats-server (for inspecting the stream while the target is open). */
  natsUrl: string;
}

export async function bareTarget(o: { requestTimeoutMs: number; log: (line: string) => void; pattern?: BarePattern }): Promise<BareTarget> {
  const pattern = o.pattern ?? 'minimal';
  const bareEvent = bareEventFor(pattern);
  let nats: NatsServerHandle | undefined;
  let cluster: ServiceCluster | undefined;
  let nc: NatsConnection | undefined;
  let sub: Subscription | undefined;
  const waiting = new Map<string, Waiter>();
  const close = async () => {
    for (const w of waiting.values()) w.reject(new BusUnavailableError('bare bench closed'));
    waiting.clear();
    sub?.unsubscribe();
    await nc?.close();
    await cluster?.stopAll();
    await nats?.stop();
  };
  try {
    nats = await startNatsServer({ jetstream: true, private: true });
    nc = await connect({ servers: nats.url, name: 'bare-bench-client', noAsyncTraces: true });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({
      name: BARE_STREAM,
      subjects: [`${BARE_PREFIX}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      max_age: nanos(DEFAULT_LIMITS.maxAgeMs),
      duplicate_window: nanos(DEFAULT_LIMITS.dedupWindowMs),
    });
    const root = repoRoot();
    const script = join(root, 'dist', 'libs', 'bench', 'src', 'bare-service.js');
    cluster = new ServiceCluster({ natsUrl: nats.url, launcher: 'dist', script, build: !compiledIsFresh(root, script), env: { [BARE_PATTERN_ENV]: pattern } });
    const t0 = Date.now();
    await cluster.start(BARE_ROLES.map((name) => ({ name })));
    o.log(`started ${cluster.live().length} bare processes${pattern === 'minimal' ? '' : ` (${pattern} pattern)`} in ${Date.now() - t0} ms (${cluster.summary()})`);
    sub = nc.subscribe(bareSubject.completed, {
      callback: (err, msg) => {
        if (err) return;
        const ev = JSON.parse(decoder.decode(msg.data)) as BareEvent;
        waiting.get(ev.request_id)?.resolve();
      },
    });
    await nc.flush();
    const js = jetstream(nc);
    const call: BenchCall = async (i, prefix) => {
      const id = `${prefix}-${i}`;
      let timer: NodeJS.Timeout | undefined;
      const completed = new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        timer = setTimeout(() => reject(new DeadlineExceededError(`bare request ${id} not completed within ${o.requestTimeoutMs} ms`)), o.requestTimeoutMs);
      });
      try {
        await js.publish(bareSubject.submitted, JSON.stringify(bareEvent('submitted', id, 'client')), { msgID: `submitted:${id}` });
        await completed;
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
      return undefined;
    };
    const live = cluster;
    const natsPid = nats.process?.pid;
    return { call, close, natsUrl: nats.url, processes: () => benchProcesses(live.live(), natsPid) };
  } catch (e) {
    await close();
    throw e;
  }
}
