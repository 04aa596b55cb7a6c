#!/usr/bin/env node
// Measures what a client sees when the NATS node holding a stream's leader dies in a
// three-node JetStream cluster: how soon the connection is back, and for how long after that
// JetStream publishes and KV reads are still refused (no responder until the next election).
// Why it matters: every "catch up after a reconnect" path (client resubmission, HTTP wait and
// SSE re-reads, approval decisions) runs inside that window, so it must retry, not give up.
//
//   node tools/cluster-failover.js [--rounds 4]      (nats-server from PATH; prints JSON)
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { connect } = require('@nats-io/transport-node');
const { jetstream, jetstreamManager } = require('@nats-io/jetstream');
const { Kvm } = require('@nats-io/kv');

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const base = 15000 + Math.floor(Math.random() * 2000);
const ports = [0, 1, 2].map((i) => base + i);
const clusterPorts = [0, 1, 2].map((i) => base + 100 + i);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medagent-failover-'));
const routes = clusterPorts.map((p) => `nats-route://127.0.0.1:${p}`).join(',');
const start = (i) =>
  spawn('nats-server', ['-a', '127.0.0.1', '-p', String(ports[i]), '-js', '-sd', path.join(dir, `n${i}`), '-n', `n${i}`,
    '--cluster_name', 'failover', '--cluster', `nats://127.0.0.1:${clusterPorts[i]}`, '--routes', routes], { stdio: 'ignore' });

async function untilOk(fn, pauseMs = 50) {
  for (let refused = 0; ; refused++) {
    try {
      await fn();
      return refused;
    } catch {
      await sleep(pauseMs);
    }
  }
}

(async () => {
  const servers = [0, 1, 2].map(start);
  const admin = await connect({ servers: ports.map((p) => `127.0.0.1:${p}`), maxReconnectAttempts: -1, reconnectTimeWait: 50 });
  let jsm;
  await untilOk(async () => (jsm = await jetstreamManager(admin)), 250); // the meta leader is elected first
  await untilOk(() => jsm.streams.add({ name: 'FAILOVER', subjects: ['failover.>'], num_replicas: 3 }), 250);
  await untilOk(() => new Kvm(admin).create('failover', { replicas: 3 }), 250);
  const out = [];
  for (let round = 0; round < rounds; round++) {
    const leader = Number((await jsm.streams.info('FAILOVER')).cluster.leader.slice(1));
    const order = [leader, ...[0, 1, 2].filter((i) => i !== leader)].map((i) => `127.0.0.1:${ports[i]}`);
    const nc = await connect({ servers: order, noRandomize: true, reconnectTimeWait: 50, maxReconnectAttempts: -1 });
    const js = jetstream(nc);
    const kv = await new Kvm(nc).open('failover');
    await js.publish('failover.x', new Uint8Array(10));
    await kv.put('k', 'v');
    const back = new Promise((resolve) => {
      (async () => {
        for await (const s of nc.status()) if (s.type === 'reconnect') return resolve();
      })();
    });
    const killedAt = Date.now();
    servers[leader].kill('SIGKILL');
    await back;
    const reconnectedAt = Date.now();
    const publishesRefused = await untilOk(() => js.publish('failover.x', new Uint8Array(10), { timeout: 1000 }));
    const publishOkAt = Date.now();
    const kvGetsRefused = await untilOk(() => kv.get('k'));
    out.push({ round, killed: `n${leader}`, reconnect_ms: reconnectedAt - killedAt, publishes_refused: publishesRefused,
      publish_refused_for_ms: publishOkAt - reconnectedAt, kv_gets_refused_after: kvGetsRefused });
    await nc.close();
    servers[leader] = start(leader);
    await untilOk(async () => {
      const info = await jsm.streams.info('FAILOVER');
      if ((info.cluster.replicas ?? []).filter((r) => r.current).length < 2) throw new Error('catching up');
    }, 250);
  }
  await admin.close();
  for (const s of servers) s.kill();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify({ server: 'nats-server from PATH, 3 nodes, R3 stream and KV', rounds: out }, null, 1));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
