#!/usr/bin/env node
// Measures what a client sees when the NATS node holding a stream's leader dies in a
// three-node JetStream cluster: how soon the connection is back, and for how long after that
// JetStream publishes and KV reads are still refused (no responder until the next election).
// Why it matters: every "catch up after a reconnect" path (client resubmission, HTTP wait and
// SSE re-reads, approval decisions) runs inside that window, so it must retry, not give up.
//
//   node tools/cluster-failover.js [--rounds 4]      (nats-server as the tests find it; prints JSON)
//   (runs the compiled harness: `node tools/build.js` first)
require('reflect-metadata'); // the contracts' decorators, as every entry point loads it
const path = require('node:path');
require('./alias.js').register(path.join(__dirname, '..', 'dist'));
const { connect } = require('@nats-io/transport-node');
const { jetstream, jetstreamManager } = require('@nats-io/jetstream');
const { Kvm } = require('@nats-io/kv');
const { startNatsCluster } = require('@medagent/bus');

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
  const cluster = await startNatsCluster(3);
  const admin = await connect({ servers: cluster.urls, maxReconnectAttempts: -1, reconnectTimeWait: 50 });
  const jsm = await jetstreamManager(admin);
  await untilOk(() => jsm.streams.add({ name: 'FAILOVER', subjects: ['failover.>'], num_replicas: 3 }), 250);
  await untilOk(() => new Kvm(admin).create('failover', { replicas: 3 }), 250);
  const out = [];
  for (let round = 0; round < rounds; round++) {
    const leader = (await jsm.streams.info('FAILOVER')).cluster.leader;
    const node = cluster.node(leader);
    // Connected to the leader's node first, so its death is also this client's reconnect.
    const order = [node.url, ...cluster.urls.filter((u) => u !== node.url)];
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
    await node.crash();
    await back;
    const reconnectedAt = Date.now();
    const publishesRefused = await untilOk(() => js.publish('failover.x', new Uint8Array(10), { timeout: 1000 }));
    const publishOkAt = Date.now();
    const kvGetsRefused = await untilOk(() => kv.get('k'));
    out.push({ round, killed: leader, reconnect_ms: reconnectedAt - killedAt, publishes_refused: publishesRefused,
      publish_refused_for_ms: publishOkAt - reconnectedAt, kv_gets_refused_after: kvGetsRefused });
    await nc.close();
    await node.revive();
    await untilOk(async () => {
      const info = await jsm.streams.info('FAILOVER');
      if ((info.cluster.replicas ?? []).filter((r) => r.current).length < 2) throw new Error('catching up');
    }, 250);
  }
  await admin.close();
  await cluster.stop();
  console.log(JSON.stringify({ server: 'nats-server (the test harness), 3 nodes, R3 stream and KV', rounds: out }, null, 1));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
