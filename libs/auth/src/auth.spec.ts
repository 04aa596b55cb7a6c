import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AuthError, createAuthenticator, hashApiKey, verifyJwt, authConfigFromSettings, normalizeId, isVisiblyEmpty, canRead, type Authenticator } from './index';
import { startTestIssuer, type TestIssuer } from './testing/issuer';

const AUD = 'medagent-api';

async function refusal(p: Promise<unknown>): Promise<{ code: string; reason: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AuthError) return { code: e.code, reason: e.reason };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('verifyJwt and the authenticator (real keys, a real JWKS over loopback HTTP)', () => {
  let idp: TestIssuer;
  let other: TestIssuer;
  let auth: Authenticator;
  beforeAll(async () => {
    idp = await startTestIssuer('https://idp.hospital.test/');
    other = await startTestIssuer('https://evil.test/');
    auth = createAuthenticator({ modes: ['jwt'], jwt: { issuers: [{ iss: idp.iss, jwks: { url: idp.jwksUrl } }], audience: AUD, clockToleranceS: 5 } });
  });
  afterAll(async () => {
    await idp.close();
    await other.close();
  });
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

  it('accepts RS256 and ES256 and builds the principal from claims only', async () => {
    const rs = await auth.authenticate(bearer(await idp.sign({ sub: 'dr-li', tenant: 'h1', roles: ['clinician'], aud: AUD })));
    expect(rs).toEqual({ tenant: 'h1', user: 'dr-li', roles: ['clinician'], method: 'jwt' });
    const es = await auth.authenticate(bearer(await idp.sign({ sub: 'p-7', tid: 'h2', aud: AUD }, { alg: 'ES256' })));
    expect(es).toEqual({ tenant: 'h2', user: 'p-7', roles: [], method: 'jwt' });
    // The remote key set is cached: two verifications, at most one fetch per kid miss.
    expect(idp.jwksHits()).toBeLessThanOrEqual(2);
  });

  it.each([
    ['expired', async () => idp.sign({ sub: 'u', tenant: 'h1', aud: AUD }, { expiresInS: -60 }), 'jwt.expired'],
    ['not yet valid', async () => idp.sign({ sub: 'u', tenant: 'h1', aud: AUD }, { notBeforeS: 600 }), 'jwt.not_yet_valid'],
    ['wrong audience', async () => idp.sign({ sub: 'u', tenant: 'h1', aud: 'someone-else' }), 'jwt.audience'],
    ['untrusted issuer', async () => other.sign({ sub: 'u', tenant: 'h1', aud: AUD }), 'jwt.issuer'],
    ['trusted iss, foreign key', async () => other.sign({ sub: 'u', tenant: 'h1', aud: AUD }, { iss: 'https://idp.hospital.test/' }), 'jwt.signature'],
    ['HS256 with the public key as secret', async () => idp.signHs256({ sub: 'u', tenant: 'h1', aud: AUD }), 'jwt.alg'],
    ['alg none', async () => idp.unsigned({ sub: 'u', tenant: 'h1', aud: AUD }), 'jwt.alg'],
    ['no tenant', async () => idp.sign({ sub: 'u', aud: AUD }), 'jwt.tenant'],
    ['a subject with a zero-width space', async () => idp.sign({ sub: 'u\u200b', tenant: 'h1', aud: AUD }), 'jwt.subject'],
    ['garbage', async () => 'not.a.jwt', 'jwt.malformed'],
  ])('refuses a token that is %s', async (_name, make, reason) => {
    expect(await refusal(auth.authenticate(bearer(await make())))).toEqual({ code: 'AUTH_INVALID', reason });
  });

  it('refuses missing, ambiguous and malformed credentials with stable codes', async () => {
    expect(await refusal(auth.authenticate({}))).toEqual({ code: 'AUTH_MISSING', reason: 'auth.missing' });
    expect(await refusal(auth.authenticate({ authorization: 'Basic dTpw' }))).toEqual({ code: 'AUTH_INVALID', reason: 'auth.scheme' });
    expect(await refusal(auth.authenticate({ 'x-api-key': 'x'.repeat(32) }))).toEqual({ code: 'AUTH_INVALID', reason: 'apikey.disabled' });
  });

  it('verifyJwt takes an issuer allow-list with a JWKS file (the CDS Hooks shape)', async () => {
    const token = await other.sign({ sub: 'ehr', aud: 'https://cds.test/cds-services/x', jti: 'j1' }, { alg: 'ES256' });
    const claims = await verifyJwt(token, {
      issuers: [{ iss: idp.iss, jwks: { url: idp.jwksUrl } }, { iss: other.iss, jwks: { file: other.jwksFile } }],
      audience: 'https://cds.test/cds-services/x',
      requiredClaims: ['jti'],
    });
    expect(claims.iss).toBe(other.iss);
    expect(await refusal(verifyJwt(await other.sign({ sub: 'ehr', aud: 'https://cds.test/cds-services/x' }), { issuers: [{ iss: other.iss, jwks: { file: other.jwksFile } }], audience: 'https://cds.test/cds-services/x', requiredClaims: ['jti'] }))).toEqual({ code: 'AUTH_INVALID', reason: 'jwt.claim' });
  });
});

describe('API keys', () => {
  const key = 'mak_7c1f0e9b2a4d4c8e9f6a1b3c5d7e9f01';
  const auth = createAuthenticator({ modes: ['apikey'], apiKeys: [{ id: 'his', sha256: hashApiKey(key), tenant: 'h1', user: 'svc-his', roles: ['clinician'] }] });

  it('maps a known key to its principal, by hash', async () => {
    expect(await auth.authenticate({ 'x-api-key': key })).toEqual({ tenant: 'h1', user: 'svc-his', roles: ['clinician'], method: 'apikey' });
  });

  it('refuses unknown, near-miss and short keys alike', async () => {
    for (const k of [key.slice(0, -1) + '2', 'short', key + 'x'])
      expect(await refusal(auth.authenticate({ 'x-api-key': k }))).toEqual({ code: 'AUTH_INVALID', reason: 'apikey.unknown' });
  });
});

describe('settings (validated at start-up)', () => {
  it('defaults to none only when embedded', () => {
    expect(authConfigFromSettings({}, { embedded: true }).modes).toEqual(['none']);
    expect(() => authConfigFromSettings({}, { embedded: false })).toThrow(/MEDAGENT_AUTH: unset/);
  });

  it('names the variable that is missing or wrong', () => {
    expect(() => authConfigFromSettings({ auth: 'jwt' }, { embedded: false })).toThrow(/MEDAGENT_AUTH_ISSUER/);
    expect(() => authConfigFromSettings({ auth: 'jwt', authIssuer: 'i', authAudience: 'a', authJwksUrl: 'http://idp.example/jwks' }, { embedded: false })).toThrow(/https/);
    expect(() => authConfigFromSettings({ auth: 'basic' }, { embedded: false })).toThrow(/MEDAGENT_AUTH/);
    expect(() => authConfigFromSettings({ auth: 'none,jwt' }, { embedded: false })).toThrow(/combined/);
    const f = join(tmpdir(), `keys-${process.pid}.json`);
    writeFileSync(f, JSON.stringify([{ id: 'k', sha256: 'abc', tenant: 't', user: 'u', roles: [] }]));
    expect(() => authConfigFromSettings({ auth: 'apikey', apiKeysFile: f }, { embedded: false })).toThrow(/MEDAGENT_API_KEYS_FILE.*sha256/);
  });
});

describe('identifiers and visible text', () => {
  it('NFKC-normalises ids and refuses format and control characters', () => {
    expect(normalizeId('ｕｓｅｒ１')).toBe('user1');
    expect(normalizeId('user\u200d1')).toBeUndefined();
    expect(normalizeId('user\u00001')).toBeUndefined();
    expect(normalizeId(' user')).toBeUndefined();
    expect(normalizeId('')).toBeUndefined();
  });

  it('finds text made only of invisible characters empty', () => {
    expect(isVisiblyEmpty('\u200b\u200c\u0000\ufeff \u2060')).toBe(true);
    expect(isVisiblyEmpty('\u200b血糖')).toBe(false);
  });

  it('lets a user read their own records and clinicians or ops their tenant, nothing across tenants', () => {
    const me = { tenant: 'h1', user: 'u1', roles: [], method: 'jwt' as const };
    expect(canRead(me, { tenant: 'h1', user: 'u1' })).toBe(true);
    expect(canRead(me, { tenant: 'h1', user: 'u2' })).toBe(false);
    expect(canRead({ ...me, roles: ['clinician'] }, { tenant: 'h1', user: 'u2' })).toBe(true);
    expect(canRead({ ...me, roles: ['ops'] }, { tenant: 'h2', user: 'u1' })).toBe(false);
  });
});
