import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateNkey } from '@medagent/bus';
import { busIdentity } from './bus-identity';
import { loadRuntimeConfig } from './config';
import { secretsInit } from './ops/secrets';

describe('bus identity from configuration', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'medagent-identity-'));
    secretsInit({ out: join(dir, 's') });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cfg = (env: Record<string, string>) => loadRuntimeConfig(env, { natsUrl: 'nats://127.0.0.1:4222' });

  it('nkey by default: no credentials is a ConfigError naming the variables and the development switch', () => {
    expect(() => busIdentity(cfg({}), 'lead')).toThrow(/MEDAGENT_NATS_CREDENTIALS_DIR.*MEDAGENT_BUS_AUTH=none/);
    expect(loadRuntimeConfig({}).busAuth).toBe('nkey');
    expect(() => loadRuntimeConfig({ MEDAGENT_BUS_AUTH: 'off' })).toThrow(/MEDAGENT_BUS_AUTH/);
  });

  it('a credentials directory: the identity connects on its own inbox with its nkey, signs and verifies', () => {
    const id = busIdentity(cfg({ MEDAGENT_NATS_CREDENTIALS_DIR: join(dir, 's') }), 'worker-triage');
    expect(id.auth).toBe('nkey');
    expect(id.connectOptions).toMatchObject({ inboxPrefix: '_INBOX_worker-triage', authenticator: expect.any(Function) });
    expect(id.security.signer?.publicKey).toMatch(/^U[A-Z2-7]{55}$/);
    expect(id.security.verifier).toBeDefined();
    // ops and admin verify what they read but sign nothing.
    expect(busIdentity(cfg({ MEDAGENT_NATS_CREDENTIALS_DIR: join(dir, 's') }), 'admin').security.signer).toBeUndefined();
  });

  it('a seed that is not the identity’s key in the trust map is refused', () => {
    const stray = join(dir, 'stray.nk');
    writeFileSync(stray, generateNkey().seed);
    expect(() => busIdentity(cfg({ MEDAGENT_NATS_SEED_FILE: stray, MEDAGENT_NATS_TRUST_FILE: join(dir, 's', 'trust.json') }), 'lead')).toThrow(/not lead's key/);
    writeFileSync(stray, 'SUnot-a-seed');
    expect(() => busIdentity(cfg({ MEDAGENT_NATS_SEED_FILE: stray, MEDAGENT_NATS_TRUST_FILE: join(dir, 's', 'trust.json') }), 'lead')).toThrow(/not a valid nkey seed/);
  });

  it('TLS options from MEDAGENT_NATS_TLS_*: files must exist, a client certificate needs its key', () => {
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, 'x');
    const base = { MEDAGENT_BUS_AUTH: 'none', MEDAGENT_NATS_TLS_CA: ca };
    expect(busIdentity(cfg(base), 'lead', { write: () => undefined }).connectOptions).toEqual({ tls: { caFile: ca } });
    expect(() => busIdentity(cfg({ ...base, MEDAGENT_NATS_TLS_CERT: ca }), 'lead', { write: () => undefined })).toThrow(/go together/);
    expect(() => busIdentity(cfg({ ...base, MEDAGENT_NATS_TLS_CA: join(dir, 'missing.pem') }), 'lead', { write: () => undefined })).toThrow(/no file/);
  });

  it('secrets init keeps keys on a re-run; --rotate makes new ones and keeps the previous one trusted once', () => {
    const out = join(dir, 'rot');
    const first = secretsInit({ out });
    const again = secretsInit({ out });
    expect(again.identities.map((i) => i.public_key)).toEqual(first.identities.map((i) => i.public_key));
    expect(again.identities.every((i) => !i.created)).toBe(true);
    const rotated = secretsInit({ out, rotate: true });
    const lead = (r: typeof first) => r.identities.find((i) => i.identity === 'lead')?.public_key;
    expect(lead(rotated)).not.toBe(lead(first));
    const trust = JSON.parse(require('node:fs').readFileSync(join(out, 'trust.json'), 'utf8')) as { identities: Record<string, { public_keys: string[] }> };
    expect(trust.identities['lead']?.public_keys).toEqual([lead(rotated), lead(first)]);
    const twice = secretsInit({ out, rotate: true });
    const trust2 = JSON.parse(require('node:fs').readFileSync(join(out, 'trust.json'), 'utf8')) as { identities: Record<string, { public_keys: string[] }> };
    expect(trust2.identities['lead']?.public_keys).toEqual([lead(twice), lead(rotated)]);
  });
});
