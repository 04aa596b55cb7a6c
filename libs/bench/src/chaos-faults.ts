import { createHash } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { DEFAULT_TOPOLOGY, type JetStreamBus } from '@medagent/bus';
import { startNatsCluster, startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { BusUnavailableError } from '@medagent/contracts';
import type { ServiceCluster, ServiceInstance } from './harness/cluster';

// The chaos soak's faults: the broker it runs on, the kills and their replacements.

/** Per kind of fault, how many the run dealt (see ChaosReport). */
export interface FaultCounts {
  kills: Record<string, number>;
  broker_outages: number;
  redis_outages: number;
  failed_starts: number;
}

/** The seed's n-th number in [0, 1): a hash of (seed, n), so a schedule is replayable by its seed. */
export function rng(seed: number): () => number {
  let n = 0;
  return () => Number.parseInt(createHash('sha256').update(`${seed}:${n++}`).digest('hex').slice(0, 12), 16) / 2 ** 48;
}

export interface Broker {
  urls: string[];
  /** The node a broker outage takes down: the only one, or the work stream's leader in a cluster. */
  victim(bus: JetStreamBus): Promise<{ name: string; handle: NatsServerHandle }>;
  stop(): Promise<void>;
}

/** `config`: extra nats-server config for every node (the generated authorization). */
export async function startBroker(nodes: number, config = '', probe: Record<string, unknown> = {}): Promise<Broker> {
  if (nodes < 1 || !Number.isInteger(nodes)) throw new RangeError(`--nats-nodes must be a whole number ≥ 1, got ${nodes}`);
  if (nodes === 1) {
    const server = await startNatsServer({ jetstream: true, private: true, ...(config ? { config } : {}) });
    return { urls: [server.url], victim: () => Promise.resolve({ name: 'broker', handle: server }), stop: () => server.stop() };
  }
  const cluster = await startNatsCluster(nodes, 30_000, config, probe);
  return {
    urls: cluster.urls,
    victim: async (bus) => {
      // Read while every node is up (the previous outage's node was revived): an election may still be running.
      const leader = await retrying(async () => {
        const info = await (await jetstreamManager(bus.nc)).streams.info(DEFAULT_TOPOLOGY.stream);
        const name = info.cluster?.leader;
        if (!name) throw new BusUnavailableError(`stream ${DEFAULT_TOPOLOGY.stream} has no leader yet`);
        return name;
      });
      return { name: `node ${leader} (work stream leader)`, handle: cluster.node(leader) };
    },
    stop: () => cluster.stop(),
  };
}

/** Runs `fn` until it succeeds, for at most a minute: the reads right after an outage may time out. */
export async function retrying<T>(fn: () => Promise<T>): Promise<T> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** SIGKILLs one live instance at random and starts its replacement in the background. */
export async function killOne(
  cluster: ServiceCluster,
  random: () => number,
  faults: FaultCounts,
  log: (l: string) => void,
  restarts: Promise<unknown>[],
): Promise<void> {
  // Only instances that finished starting: a replacement killed before it is ready is never replaced.
  const live = cluster.live().filter((i) => i.readyAt !== undefined);
  const victim: ServiceInstance | undefined = live[Math.floor(random() * live.length)];
  if (!victim) return;
  log(`chaos: SIGKILL ${victim.id} (pid ${victim.pid})`);
  await cluster.kill(victim, 'SIGKILL');
  faults.kills[victim.name] = (faults.kills[victim.name] ?? 0) + 1;
  restarts.push(replace(cluster, victim, faults, log));
}

/** Starts a replacement until one becomes ready (at most 10 tries, 1 s apart), like a supervisor. */
async function replace(cluster: ServiceCluster, dead: ServiceInstance, faults: FaultCounts, log: (l: string) => void): Promise<void> {
  for (let attempt = 1; attempt <= 10; attempt++) {
    try {
      await cluster.restart(dead);
      return;
    } catch (e) {
      faults.failed_starts++;
      const why = (e instanceof Error ? e.message : String(e)).split('\n').filter((l) => /Error|exited/.test(l)).slice(0, 3).join(' | ');
      log(`chaos: replacement of ${dead.id} failed to start (${why}); again in 1 s`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
