import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { BusUnavailableError } from '@medagent/contracts';
import { startNatsServer, type NatsServerHandle } from './nats-server';
import { freePort } from './ports';

export interface NatsClusterHandle {
  /** Node i runs with `server_name: n<i>` (what a stream's `cluster.leader` names). */
  nodes: NatsServerHandle[];
  /** Client URLs of every node, for `servers` (a client moves to a live one on its own). */
  urls: string[];
  /** The node a stream or consumer leader name (`n<i>`) refers to. */
  node(serverName: string): NatsServerHandle;
  stop(): Promise<void>;
}

/**
 * A real JetStream cluster for a test: `size` private nats-servers on free loopback ports,
 * routed to each other, resolved once the JetStream API answers (a meta leader is elected).
 * Each node keeps its store across `crash()` / `revive()`, as in a pod restart.
 */
/**
 * `extraConfig` is added to every node's config (e.g. an authorization include); the readiness
 * probe then connects with `probeOptions` (that authorization's credentials).
 */
export async function startNatsCluster(size = 3, readyTimeoutMs = 30_000, extraConfig = '', probeOptions: Record<string, unknown> = {}): Promise<NatsClusterHandle> {
  const routePorts: number[] = [];
  for (let i = 0; i < size; i++) routePorts.push(await freePort());
  const routes = routePorts.map((p) => `nats-route://127.0.0.1:${p}`).join(', ');
  const nodes: NatsServerHandle[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  };
  try {
    for (const [i, port] of routePorts.entries()) {
      const config = `server_name: n${i}\ncluster {\n  name: medagent_test\n  listen: 127.0.0.1:${port}\n  routes: [${routes}]\n}\n${extraConfig}`;
      nodes.push(await startNatsServer({ jetstream: true, private: true, config }));
    }
    const urls = nodes.map((n) => n.url);
    await jetStreamAnswers(urls, readyTimeoutMs, probeOptions);
    const node = (serverName: string): NatsServerHandle => {
      const n = nodes[Number(serverName.replace(/^n/, ''))];
      if (!n) throw new BusUnavailableError(`no node named ${serverName} in this cluster`);
      return n;
    };
    return { nodes, urls, node, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function jetStreamAnswers(urls: string[], timeoutMs: number, probeOptions: Record<string, unknown>): Promise<void> {
  const nc = await connect({ ...probeOptions, servers: urls });
  const until = Date.now() + timeoutMs;
  try {
    for (;;) {
      try {
        await jetstreamManager(nc, { timeout: 1000 });
        return;
      } catch (e) {
        if (Date.now() > until) throw new BusUnavailableError(`JetStream cluster not ready after ${timeoutMs} ms`, { cause: e });
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await nc.close();
  }
}
