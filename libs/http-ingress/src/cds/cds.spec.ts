import type { INestApplication } from '@nestjs/common';
import { SignJWT, exportJWK, generateKeyPair, type KeyLike } from 'jose';
import { fhirTestBundle, fhirTestMedicationRequest } from '@medagent/knowledge/testing';
import { createCdsApp } from './cds.module';
import { JoseCdsTokenVerifier } from './token';
import type { CdsCard } from './cards';

const ISS = 'https://ehr.example.org';
let app: INestApplication;
let url: string;
let key: KeyLike;
let jti = 0;

async function token(opts: { aud?: string; iss?: string; expIn?: number; jti?: string; signWith?: KeyLike; alg?: string } = {}, id = 'medagent-order-sign'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: opts.alg ?? 'ES384', typ: 'JWT', kid: 'k1' })
    .setIssuer(opts.iss ?? ISS)
    .setSubject('ehr-client')
    .setAudience(opts.aud ?? `${url}/cds-services/${id}`)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expIn ?? 120))
    .setJti(opts.jti ?? `t-${++jti}`)
    .sign(opts.signWith ?? key);
}

const warfarin = fhirTestMedicationRequest('m1', '11289', 'warfarin 5 mg tablet');
const ibuprofen = fhirTestMedicationRequest('d1', '5640', 'ibuprofen 400 mg tablet', 'draft');
const searchset = (...entries: Record<string, unknown>[]) => ({ resourceType: 'Bundle', type: 'searchset', entry: entries });

function orderSign(prefetch: Record<string, unknown> | undefined, draft = searchset(ibuprofen)): Record<string, unknown> {
  return {
    hook: 'order-sign',
    hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
    fhirServer: 'https://ehr.example.org/fhir',
    context: { userId: 'Practitioner/1', patientId: 'p1', draftOrders: draft },
    ...(prefetch ? { prefetch } : {}),
  };
}

async function post(path: string, body: unknown, auth?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const pair = await generateKeyPair('ES384');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES384', use: 'sig' };
  ({ app, url } = await createCdsApp({ verifier: new JoseCdsTokenVerifier([{ iss: ISS, jwks: { keys: [jwk] } }]) }, 0));
});
afterAll(async () => app.close());

describe('CDS Hooks 2.0 service over real HTTP', () => {
  it('discovery lists order-sign and order-select with prefetch templates', async () => {
    const res = await fetch(`${url}/cds-services`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { services: { hook: string; id: string; prefetch: Record<string, string> }[] };
    expect(body.services.map((s) => s.hook).sort()).toEqual(['order-select', 'order-sign']);
    for (const s of body.services) expect(s.prefetch['medications']).toContain('{{context.patientId}}');
  });

  it('order-sign: warfarin on file + ibuprofen being signed gives one critical card with its source', async () => {
    const { status, json } = await post('/cds-services/medagent-order-sign', orderSign({ patient: (fhirTestBundle()['entry'] as { resource: unknown }[])[0]?.resource, medications: searchset(warfarin), allergies: searchset() }), await token());
    expect(status).toBe(200);
    const cards = json['cards'] as CdsCard[];
    const critical = cards.filter((c) => c.indicator === 'critical');
    expect(critical).toHaveLength(1);
    const card = critical[0] as CdsCard;
    expect(card.summary.length).toBeLessThan(140);
    expect(card.summary).toMatch(/ibuprofen/i);
    expect(card.source.label).toBe('medagent medication safety graph');
    expect(card.detail).toMatch(/\*\*Why:\*\*/);
    expect(card.detail).toMatch(/Source/);
    expect(card.suggestions?.[0]?.label).toMatch(/acetaminophen/);
    expect(card.suggestions?.[0]?.actions.map((a) => a['type'])).toEqual(['delete', 'create']);
    const issue = card.extension?.['medagent-detected-issue'] as Record<string, unknown>;
    expect(issue).toMatchObject({ resourceType: 'DetectedIssue', severity: 'high', patient: { reference: 'Patient/p1' }, implicated: [{ reference: 'MedicationRequest/d1' }, {}] });
    expect(card.summary).toMatch(/^Do not order ibuprofen/);
  });

  it('order-select checks only the selected orders', async () => {
    const draft = searchset(ibuprofen, fhirTestMedicationRequest('d2', '161', 'acetaminophen 500 mg tablet', 'draft'));
    const body: Record<string, unknown> = { ...orderSign({ medications: searchset(warfarin), allergies: searchset() }, draft), hook: 'order-select' };
    (body['context'] as Record<string, unknown>)['selections'] = ['MedicationRequest/d2'];
    const { status, json } = await post('/cds-services/medagent-order-select', body, await token({}, 'medagent-order-select'));
    expect(status).toBe(200);
    expect((json['cards'] as CdsCard[]).filter((c) => c.indicator === 'critical')).toEqual([]);
  });

  it('names unrecognised orders in an info card', async () => {
    const draft = searchset(fhirTestMedicationRequest('d3', '999999', 'zorblamab 10 mg', 'draft'));
    const { json } = await post('/cds-services/medagent-order-sign', orderSign({ medications: searchset(), allergies: searchset() }, draft), await token());
    const info = (json['cards'] as CdsCard[]).filter((c) => c.indicator === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]?.summary).toContain('zorblamab');
  });

  it('412 when required prefetch is missing', async () => {
    const { status, json } = await post('/cds-services/medagent-order-sign', orderSign({ medications: searchset(warfarin) }), await token());
    expect(status).toBe(412);
    expect((json['error'] as { code: string }).code).toBe('PRECONDITION_FAILED');
  });

  it('400 on a malformed body', async () => {
    expect((await post('/cds-services/medagent-order-sign', '{"hook": "order-sign",', await token())).status).toBe(400);
    expect((await post('/cds-services/medagent-order-sign', { hook: 'order-sign', context: {} }, await token())).status).toBe(400);
    const badBundle = orderSign({ medications: { resourceType: 'Bundle', entry: 'x' }, allergies: searchset() });
    expect((await post('/cds-services/medagent-order-sign', badBundle, await token())).status).toBe(400);
  });

  it('401 for a missing, foreign, mis-addressed, symmetric, expired-too-far or replayed token', async () => {
    const body = orderSign({ medications: searchset(warfarin), allergies: searchset() });
    const path = '/cds-services/medagent-order-sign';
    expect((await post(path, body)).status).toBe(401);
    expect((await post(path, body, await token({ iss: 'https://evil.example' }))).status).toBe(401);
    expect((await post(path, body, await token({ aud: `${url}/cds-services/other` }))).status).toBe(401);
    expect((await post(path, body, await token({ expIn: 3600 }))).status).toBe(401);
    const other = await generateKeyPair('ES384');
    expect((await post(path, body, await token({ signWith: other.privateKey }))).status).toBe(401);
    const hs = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer(ISS).setAudience(`${url}${path}`).setIssuedAt().setExpirationTime('2m').setJti('h1').sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await post(path, body, hs)).status).toBe(401);
    const once = await token({ jti: 'same' });
    expect((await post(path, body, once)).status).toBe(200);
    expect((await post(path, body, once)).status).toBe(401);
  });

  it('feedback: accepted and overridden outcomes, 400 when malformed', async () => {
    const path = '/cds-services/medagent-order-sign/feedback';
    const fb = { feedback: [{ card: 'c1', outcome: 'overridden', overrideReason: { reason: { code: 'will-monitor' } }, outcomeTimestamp: new Date().toISOString() }] };
    expect((await post(path, fb, await token({ aud: `${url}${path}` }))).status).toBe(200);
    expect((await post(path, { feedback: [{ card: 'c1', outcome: 'maybe' }] }, await token({ aud: `${url}${path}` }))).status).toBe(400);
  });
});
