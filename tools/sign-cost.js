'use strict';
// Event-signature cost, both ways (`node tools/sign-cost.js [requests]`, after tools/build.js):
//  1. µs per Ed25519 sign / verify of an event-sized message: @nats-io/nkeys (tweetnacl, pure
//     JS) against node:crypto's native Ed25519 with the key derived from the same nkey seed;
//  2. the embedded orchestration (fake model, 0 ms, one request at a time) with and without
//     signing every event and verifying it wherever it is consumed, interleaved rounds.
require('reflect-metadata');
const path = require('node:path');
const crypto = require('node:crypto');
require('./alias').register(path.join(__dirname, '..', 'dist'));
const nk = require('@nats-io/nkeys');
const { EventSigner } = require('@medagent/bus');
const { startEmbedded, loadRuntimeConfig, FixedLatencyModel } = require('@medagent/runtime');
const { InMemoryMemoryStore } = require('@medagent/memory');

function perOp(fn, n) {
  for (let i = 0; i < Math.min(50, n); i++) fn();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Math.round(Number(process.hrtime.bigint() - t) / n / 100) / 10;
}

function micro() {
  const kp = nk.createUser();
  const seed = new TextDecoder().decode(kp.getSeed());
  const signer = new EventSigner(seed);
  const rows = [];
  for (const size of [600, 2048, 16384]) {
    const body = crypto.randomBytes(size);
    const sig = kp.sign(body);
    const h = {};
    signer.sign('medagent.synthesis.produced.lead', h, body);
    const key = signer['key'];
    const pub = crypto.createPublicKey(key);
    rows.push({
      bytes: size,
      nkeys_sign_us: perOp(() => kp.sign(body), 100),
      nkeys_verify_us: perOp(() => kp.verify(body, sig), 100),
      node_sign_us: perOp(() => crypto.sign(null, body, key), 2000),
      node_verify_us: perOp(() => crypto.verify(null, body, pub, Buffer.from(sig)), 2000),
    });
  }
  return rows;
}

async function orchestration(signing, requests) {
  const runtime = loadRuntimeConfig({}, { natsUrl: undefined, model: 'fake', fakeModelLatencyMs: 0 });
  const model = new FixedLatencyModel(0);
  const rt = await startEmbedded({ runtime, workerModel: model, leadModel: model, memory: new InMemoryMemoryStore(), logLevels: false, signing });
  const q = '我最近餐后血糖偏高、偶尔头晕，严重吗、应该何时就医？日常饮食和运动如何调整？请同时给出最新糖尿病临床指南依据。';
  const ms = [];
  try {
    for (let i = 0; i < 20; i++) await rt.client.ask({ message: q, user_id: `w${i}`, session_id: 's' });
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < requests; i++) {
      const t = process.hrtime.bigint();
      const r = await rt.client.ask({ message: q, user_id: `u${i}`, session_id: 's' });
      if (r.status !== 'completed') throw new Error(`request ${i}: ${r.status}`);
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const cpu = process.cpuUsage(cpu0);
    ms.sort((a, b) => a - b);
    const p = (q) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] * 100) / 100;
    return { p50_ms: p(0.5), p90_ms: p(0.9), cpu_ms_per_request: Math.round(((cpu.user + cpu.system) / 1000 / requests) * 100) / 100 };
  } finally {
    await rt.close();
  }
}

(async () => {
  const requests = Number(process.argv[2] ?? 200);
  const out = { micro: micro(), embedded: [] };
  for (let round = 0; round < 3; round++) {
    for (const signing of round % 2 ? [true, false] : [false, true]) out.embedded.push({ round, signing, ...(await orchestration(signing, requests)) });
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  process.exit(0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
