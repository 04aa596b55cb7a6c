import { connect, type Socket } from 'node:net';
import { createAuthenticator, hashApiKey, type Authenticator } from '@medagent/auth';
import { startTestIssuer, type TestIssuer } from '@medagent/auth/testing';
import { type Bus } from '@medagent/bus';
import { startSecureNats } from '../harness/secure-nats';
import { buildEvent, subjectFor } from '@medagent/contracts';
import { RequestStore } from '@medagent/coordinator-core';
import { loadRuntimeConfig, serve, type RunningServices } from '@medagent/runtime';
import { createIngressApp, type IngressApp } from '@medagent/http-ingress';
import { fakeModels } from '../fake-model';
import { SEED, startHarness, type Harness } from '@medagent/runtime/testing';

// The API as an attacker meets it, on both buses: the embedded runtime (in-process bus and
// KV) and the five services on a real nats-server (JetStream bus and KV). Keys and tokens are
// made at run time by a throw-away issuer whose JWKS is served over loopback HTTP (embedded)
// or read from a file (JetStream).

const AUD = 'medagent-api';
const API_KEY = 'mak_0b8e5c1d7f2a4e6b9c3d5f7a1b2c4d6e';

interface Target {
  url: string;
  store: RequestStore;
  /** The triage worker's connection (on NATS: its own nkey and signing key), to ask for an approval as its gate does. */
  bus: Bus;
  /** Worker model latency: keeps tasks open long enough to ask for an approval. */
  setSlow(ms: number): void;
  close(): Promise<void>;
}

function authFor(idp: TestIssuer, jwks: 'url' | 'file'): Authenticator {
  return createAuthenticator({
    modes: ['jwt', 'apikey'],
    jwt: { issuers: [{ iss: idp.iss, jwks: jwks === 'url' ? { url: idp.jwksUrl } : { file: idp.jwksFile } }], audience: AUD, clockToleranceS: 5 },
    apiKeys: [{ id: 'his-h1', sha256: hashApiKey(API_KEY), tenant: 'h1', user: 'svc-his', roles: ['clinician'] }],
  });
}

const HTTP_LIMITS = { headersTimeoutMs: 1000, requestTimeoutMs: 2000 };

async function embeddedTarget(auth: Authenticator): Promise<Target> {
  const h: Harness = await startHarness({ auth, http: HTTP_LIMITS });
  return { url: h.url, store: h.store, bus: h.rt.bus, setSlow: (ms) => (h.slow.ms = ms), close: () => h.close() };
}

async function jetstreamTarget(auth: Authenticator): Promise<Target> {
  const nats = await startSecureNats();
  // 600 ms per model call: a three-task request stays open for a couple of seconds.
  const running: RunningServices = await serve('all', loadRuntimeConfig({}, { natsUrl: nats.url, natsCredentialsDir: nats.credentialsDir }), fakeModels(600));
  const store = new RequestStore(running.infra.kv);
  const ingress: IngressApp = await createIngressApp({ bus: running.infra.bus, store, service: 'coordinator', logger: false, auth, ...HTTP_LIMITS }, 0);
  const triage = await nats.connect('worker-triage');
  return {
    url: ingress.url,
    store,
    bus: triage,
    setSlow: () => undefined, // the fake model is always slow here
    close: async () => {
      await ingress.app.close();
      await triage.close();
      await running.stop();
      await nats.stop();
    },
  };
}

interface ErrorJson {
  error: { code: string; details: { path: string; rule?: string }[] };
}

describe.each([
  ['embedded (in-process bus, JWKS over HTTP)', 'url', embeddedTarget],
  ['distributed (JetStream, JWKS file)', 'file', jetstreamTarget],
] as const)('security: %s', (_name, jwks, start) => {
  let idp: TestIssuer;
  let t: Target;
  beforeAll(async () => {
    idp = await startTestIssuer();
    t = await start(authFor(idp, jwks));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  const token = (sub: string, tenant: string, roles: string[] = [], extra: object = {}) => idp.sign({ sub, tenant, roles, aud: AUD, ...extra });
  const bearer = async (sub: string, tenant: string, roles: string[] = []) => ({ authorization: `Bearer ${await token(sub, tenant, roles)}` });
  const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> & ErrorJson };
  };
  const submit = async (headers: Record<string, string>, body: object = {}) =>
    call('POST', '/v1/consultations', headers, { message: '二甲双胍要饭后吃吗？', session_id: 's1', ...body });

  it('anonymous callers get 401 on every API route, with a stable code; the OpenAPI document stays public', async () => {
    for (const [m, p] of [
      ['POST', '/v1/consultations'],
      ['GET', '/v1/consultations/req_0123'],
      ['GET', '/v1/consultations/req_0123/events'],
      ['POST', '/v1/approvals/appr_1'],
      ['POST', '/v1/patient-contexts'],
    ] as const) {
      const r = await call(m, p, {}, m === 'POST' ? { message: 'x', session_id: 's' } : undefined);
      expect([p, r.status, r.json.error.code]).toEqual([p, 401, 'AUTH_MISSING']);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    expect((await call('GET', '/v1/openapi.json', {})).status).toBe(200);
  });

  it.each([
    ['expired', () => idp.sign({ sub: 'u', tenant: 'h1', aud: AUD }, { expiresInS: -120 }), 'jwt.expired'],
    ['from another issuer', () => idp.sign({ sub: 'u', tenant: 'h1', aud: AUD }, { iss: 'https://elsewhere.test/' }), 'jwt.issuer'],
    ['for another audience', () => idp.sign({ sub: 'u', tenant: 'h1', aud: 'other-api' }), 'jwt.audience'],
    ['HS256 keyed with the public key', () => idp.signHs256({ sub: 'u', tenant: 'h1', aud: AUD }), 'jwt.alg'],
    ['alg none', async () => idp.unsigned({ sub: 'u', tenant: 'h1', aud: AUD }), 'jwt.alg'],
  ])('a token %s is refused (401 AUTH_INVALID)', async (_what, make, rule) => {
    const r = await submit({ authorization: `Bearer ${await make()}` });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('AUTH_INVALID');
    expect(r.json.error.details[0]?.rule).toBe(rule);
  });

  it('tenant and user come from the token; a body user_id naming someone else is 403; records of other tenants are 404', async () => {
    const alice = await bearer('alice', 'h1');
    const forged = await submit(alice, { user_id: 'bob' });
    expect([forged.status, forged.json.error.code, forged.json.error.details[0]?.rule]).toEqual([403, 'AUTH_FORBIDDEN', 'user_id.mismatch']);
    const ok = await submit(alice, { user_id: 'ａｌｉｃｅ' }); // NFKC: the same user
    expect(ok.status).toBe(202);
    const id = ok.json['request_id'] as string;
    expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    const mine = await call('GET', `/v1/consultations/${id}?wait=20`, alice);
    expect(mine.status).toBe(200);
    const rec = await t.store.get(id);
    expect([rec?.tenant_id, rec?.user_id]).toEqual(['h1', 'alice']);
    // Same id, other principals: another tenant (even with a reader role) and a plain user of h1.
    for (const who of [await bearer('alice', 'h2'), await bearer('ops-x', 'h2', ['ops']), await bearer('bob', 'h1')]) {
      const r = await call('GET', `/v1/consultations/${id}`, who);
      expect([r.status, r.json.error.code]).toEqual([404, 'NOT_FOUND']);
      expect((await call('GET', `/v1/consultations/${id}/events`, who)).status).toBe(404);
    }
    // A clinician of h1 (JWT) and the hospital system's API key (clinician of h1) may read it.
    expect((await call('GET', `/v1/consultations/${id}`, await bearer('dr-li', 'h1', ['clinician']))).status).toBe(200);
    expect((await call('GET', `/v1/consultations/${id}`, { 'x-api-key': API_KEY })).status).toBe(200);
    const wrongKey = await call('GET', `/v1/consultations/${id}`, { 'x-api-key': API_KEY.replace(/.$/, '0') });
    expect([wrongKey.status, wrongKey.json.error.details[0]?.rule]).toEqual([401, 'apikey.unknown']);
  }, 60_000);

  it('ten concurrent posts with one Idempotency-Key and different bodies: one 202, nine 409; the same body replays', async () => {
    const who = await bearer('carol', 'h1');
    const key = { ...who, 'idempotency-key': `race-${jwks}` };
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => submit(key, { message: `问题 ${i}：空腹血糖多少正常？` })));
    expect(rs.map((r) => r.status).sort()).toEqual([202, ...Array(9).fill(409)]);
    const winner = rs.find((r) => r.status === 202)!;
    const winnerIdx = rs.indexOf(winner);
    // Each field that changes the answer is in the fingerprint: a repeat differing in any one is 409.
    const body = { message: `问题 ${winnerIdx}：空腹血糖多少正常？` };
    for (const change of [{ lang: 'en' }, { patient_context_ref: 'Patient/42' }, { deadline_ms: 5000 }, { session_id: 's2' }])
      expect((await submit(key, { ...body, ...change })).status).toBe(409);
    // Another tenant's same key is its own request.
    expect((await submit({ ...(await bearer('carol', 'h2')), 'idempotency-key': `race-${jwks}` }, body)).status).toBe(202);
    const again = await Promise.all(Array.from({ length: 10 }, () => submit(key, body)));
    expect(new Set(again.map((r) => `${r.status} ${r.json['request_id'] as string}`))).toEqual(new Set([`202 ${winner.json['request_id'] as string}`]));
  }, 60_000);

  it('an approval is decided only if it was requested, within the tenant, by the role it names', async () => {
    t.setSlow(2500);
    const patient = await bearer('dave', 'h1');
    const sub = await submit(patient, { message: SEED });
    const id = sub.json['request_id'] as string;
    let task: { task_id: string } | undefined;
    try {
      await until(async () => {
        const rec = await t.store.get(id, { fresh: true });
        task = rec?.tasks.find((x) => x.agent === 'triage' && (x.status === 'scheduled' || x.status === 'running'));
        return !!task;
      });
    } finally {
      t.setSlow(0);
    }
    const decision = { task_id: task!.task_id, request_id: id, role: 'triage', decision: 'approve' };
    const clinician = await bearer('dr-li', 'h1', ['clinician']);
    // Never requested: a forged id is refused.
    const never = await call('POST', '/v1/approvals/appr_forged', clinician, decision);
    expect([never.status, never.json.error.details[0]?.rule]).toEqual([404, 'approval.unknown']);
    // The triage worker asks, as its approval gate does.
    const approvalId = 'appr_0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    await t.bus.publish(
      subjectFor('approval.requested', 'triage'),
      buildEvent({
        type: 'approval.requested',
        correlation_id: id,
        task_id: task!.task_id,
        producer: 'worker-triage',
        payload: { approval_id: approvalId, request_id: id, task_id: task!.task_id, skill: 'check_medication_safety', reason: 'review', args_hash: 'h' },
      }),
      { msgId: `approval:${approvalId}` },
    );
    await until(async () => !!(await t.store.get(id, { fresh: true }))?.state.approvals?.[approvalId]);
    const path = `/v1/approvals/${approvalId}`;
    const byPatient = await call('POST', path, patient, decision);
    expect([byPatient.status, byPatient.json.error.details[0]?.rule]).toEqual([403, 'approval.role']);
    const otherTenant = await call('POST', path, await bearer('dr-x', 'h2', ['clinician']), decision);
    expect(otherTenant.status).toBe(404);
    const wrongWorker = await call('POST', path, clinician, { ...decision, role: 'research' });
    expect([wrongWorker.status, wrongWorker.json.error.details[0]?.rule]).toEqual([400, 'approval.mismatch']);
    const ok = await call('POST', path, clinician, { ...decision, by: 'someone-else' });
    expect([ok.status, ok.json['status']]).toEqual([202, 'published']);
    await until(async () => (await t.store.get(id, { fresh: true }))?.state.approvals?.[approvalId]?.status === 'approve');
    const flip = await call('POST', path, clinician, { ...decision, decision: 'deny' });
    expect([flip.status, flip.json.error.details[0]?.rule]).toEqual([409, 'approval.decided']);
    expect((await call('POST', path, clinician, decision)).json['status']).toBe('duplicate');
  }, 60_000);

  it('hostile bodies get 400s with stable rules, never a 5xx: depth bomb, prototype and duplicate keys, invisible text', async () => {
    const who = await bearer('erin', 'h1');
    const cases: [string, string][] = [
      ['json.depth', `{"message":"x","session_id":"s","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`],
      ['json.forbidden_key', '{"message":"x","session_id":"s","__proto__":{"admin":true}}'],
      ['json.forbidden_key', '{"message":"x","session_id":"s","constructor":{"prototype":{}}}'],
      ['json.duplicate_key', '{"message":"harmless","session_id":"s","message":"other"}'],
      ['text.empty', JSON.stringify({ message: '\u200b\u200d\u0000\ufeff\u2060', session_id: 's' })],
      ['id.format', JSON.stringify({ message: 'hi', session_id: 's\u202e1' })],
    ];
    for (const [rule, body] of cases) {
      const r = await call('POST', '/v1/consultations', who, body);
      expect([rule, r.status, r.json.error.details[0]?.rule]).toEqual([rule, 400, rule]);
    }
    const wrongMethod = await call('DELETE', '/v1/consultations/req_1', who);
    expect([wrongMethod.status, wrongMethod.json.error.code, wrongMethod.headers.get('allow')]).toEqual([405, 'METHOD_NOT_ALLOWED', 'GET, HEAD']);
  });

  it('connections stalled on partial headers or bodies are closed; an aborted upload is no 5xx', async () => {
    const host = new URL(t.url);
    const open = (): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const s = connect(Number(host.port), host.hostname, () => resolve(s));
        s.resume(); // read the 408, so 'close' can follow
        s.once('error', reject);
      });
    const closed = (s: Socket) => new Promise<void>((r) => (s.destroyed ? r() : s.once('close', () => r())));
    const started = Date.now();
    const stalled = await Promise.all(Array.from({ length: 20 }, open));
    for (const s of stalled) s.write('POST /v1/consultations HTTP/1.1\r\nHost: x\r\nX-Slow: '); // never finished
    const body = await open();
    body.write(`POST /v1/consultations HTTP/1.1\r\nHost: x\r\nx-api-key: ${API_KEY}\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"mess`);
    await Promise.all([...stalled, body].map(closed));
    expect(Date.now() - started).toBeLessThan(8000); // limits 1 s / 2 s, checked every second
    // A client that gives up mid-body.
    const quitter = await open();
    quitter.write(`POST /v1/consultations HTTP/1.1\r\nHost: x\r\nx-api-key: ${API_KEY}\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"mess`);
    quitter.destroy();
    await closed(quitter);
    // Counted as an abort (not logged, not a 5xx) once the server noticed.
    let metrics = '';
    await until(async () => /medagent_ingress_client_aborts_total\{service="coordinator"\} [1-9]/.test((metrics = await (await fetch(`${t.url}/metrics`)).text())));
    expect(metrics).toMatch(/medagent_ingress_http_5xx_total\{service="coordinator"\} 0\b/);
  }, 30_000);
});

/** Re-reads (yielding to the event loop, no timers) until `cond` holds; fails after 15 s. */
async function until(cond: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 15_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached in 15 s');
    await new Promise<void>((r) => setImmediate(r));
  }
}
