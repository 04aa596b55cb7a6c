// `medagent bench review`: latency of the CDS Hooks order-sign service over real HTTP, each
// call with its own freshly signed ES384 JWT (so authentication is measured too). The server
// is started by the caller (the CLI mounts the CDS module), keeping this engine free of HTTP
// framework imports.
import { SignJWT, exportJWK, generateKeyPair, type JWK, type KeyLike } from 'jose';

export interface ReviewServer {
  url: string;
  close(): Promise<void>;
}

export interface ReviewBenchOptions {
  /** Starts the CDS Hooks service trusting `issuer` with `jwk`. */
  start(issuer: string, jwk: JWK): Promise<ReviewServer>;
  requests?: number;
  concurrency?: number;
  warmup?: number;
}

export interface ReviewBenchResult {
  requests: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  throughput_rps: number;
  errors: number;
  cards_per_response: number;
  /** CDS Hooks latency guidance this service is held to. */
  goal_p95_ms: number;
  goal_met: boolean;
}

const ISSUER = 'https://bench-ehr.medagent.invalid';
const RX = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const med = (id: string, code: string, text: string) => ({
  resource: { resourceType: 'MedicationRequest', id, status: 'active', intent: 'order', subject: { reference: 'Patient/p1' }, medicationCodeableConcept: { text, coding: [{ system: RX, code, display: text }] } },
});
const set = (...entry: unknown[]) => ({ resourceType: 'Bundle', type: 'searchset', entry });
const allergy = (text: string) => ({ resource: { resourceType: 'AllergyIntolerance', clinicalStatus: { coding: [{ code: 'active' }] }, code: { text } } });
const condition = (text: string) => ({ resource: { resourceType: 'Condition', clinicalStatus: { coding: [{ code: 'active' }] }, code: { text } } });

/** A spread of order-sign calls: blocked, cautioned, clean, allergy, renal, unrecognised. */
const SCENARIOS = [
  { meds: [med('m1', '11289', 'warfarin')], allergies: [], conditions: [], draft: [med('d1', '5640', 'ibuprofen 400 mg')] },
  { meds: [med('m1', '4917', 'nitroglycerin')], allergies: [], conditions: [condition('coronary artery disease')], draft: [med('d1', '136411', 'sildenafil 50 mg')] },
  { meds: [med('m1', '6448', 'lithium carbonate')], allergies: [], conditions: [condition('hypertension')], draft: [med('d1', '29046', 'lisinopril 10 mg')] },
  { meds: [med('m1', '17767', 'amlodipine')], allergies: [], conditions: [], draft: [med('d1', '83367', 'atorvastatin 20 mg')] },
  { meds: [], allergies: [allergy('penicillin')], conditions: [], draft: [med('d1', '723', 'amoxicillin 500 mg')] },
  { meds: [med('m1', '6809', 'metformin')], allergies: [], conditions: [condition('chronic kidney disease stage 4')], draft: [med('d1', '3355', 'diclofenac 50 mg')] },
  { meds: [med('m1', '36567', 'simvastatin 40 mg')], allergies: [], conditions: [], draft: [med('d1', '21212', 'clarithromycin 500 mg'), med('d2', '0', 'zorblamab')] },
];

function body(i: number): string {
  const s = SCENARIOS[i % SCENARIOS.length] as (typeof SCENARIOS)[number];
  return JSON.stringify({
    hook: 'order-sign',
    hookInstance: `bench-${i}`,
    context: { userId: 'Practitioner/1', patientId: 'p1', draftOrders: set(...s.draft) },
    prefetch: { patient: { resourceType: 'Patient', id: 'p1', gender: 'female', birthDate: '1956-01-01' }, medications: set(...s.meds), allergies: set(...s.allergies), conditions: set(...s.conditions) },
  });
}

const pct = (sorted: number[], p: number): number => Math.round((sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) * 100) / 100;

export async function benchReview(opts: ReviewBenchOptions): Promise<ReviewBenchResult> {
  const requests = opts.requests ?? 500;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const warmup = opts.warmup ?? 30;
  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES384', use: 'sig' };
  const server = await opts.start(ISSUER, jwk);
  const endpoint = `${server.url}/cds-services/medagent-order-sign`;
  let seq = 0;
  const sign = (key: KeyLike): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({}).setProtectedHeader({ alg: 'ES384', kid: 'bench' }).setIssuer(ISSUER).setAudience(endpoint).setIssuedAt(now).setExpirationTime(now + 120).setJti(`bench-${++seq}`).sign(key);
  };
  const once = async (i: number): Promise<{ ms: number; ok: boolean; cards: number }> => {
    const token = await sign(privateKey);
    const payload = body(i);
    const t0 = performance.now();
    const res = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: payload });
    const json = (await res.json()) as { cards?: unknown[] };
    return { ms: performance.now() - t0, ok: res.status === 200, cards: json.cards?.length ?? 0 };
  };
  try {
    for (let i = 0; i < warmup; i++) await once(i);
    const times: number[] = [];
    let errors = 0;
    let cards = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          const r = await once(next++);
          times.push(r.ms);
          if (!r.ok) errors++;
          cards += r.cards;
        }
      }),
    );
    const wall = performance.now() - started;
    times.sort((a, b) => a - b);
    const p95 = pct(times, 95);
    return {
      requests,
      concurrency,
      p50_ms: pct(times, 50),
      p95_ms: p95,
      p99_ms: pct(times, 99),
      max_ms: Math.round((times[times.length - 1] ?? 0) * 100) / 100,
      throughput_rps: Math.round((requests / wall) * 1000 * 10) / 10,
      errors,
      cards_per_response: Math.round((cards / requests) * 100) / 100,
      goal_p95_ms: 500,
      goal_met: errors === 0 && p95 <= 500,
    };
  } finally {
    await server.close();
  }
}
