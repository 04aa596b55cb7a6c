import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventSigner, EventVerifier, inboxPrefixFor, nkeyConnectOptions, type BusSecurity, type TrustFile } from '@medagent/bus';
import { ConfigError, SERVICE_IDS, type Producer } from '@medagent/contracts';

/**
 * Who a process is on the bus. The five services, `ingress` (hospital systems, `medagent ask
 * --nats`, `approve`), `ops` (read-only: replay, `dlq list|show`) and `admin` (`dlq redrive`:
 * republishes a stored message with its original producer's signature, signs nothing itself).
 */
export const BUS_IDENTITIES = [...SERVICE_IDS, 'ingress', 'ops', 'admin'] as const;
export type BusIdentity = (typeof BUS_IDENTITIES)[number];

/** Which envelope producers an identity's key may sign for (the coordinator's HTTP ingress submits as `ingress`). */
export const IDENTITY_PRODUCERS: Readonly<Record<BusIdentity, Producer[]>> = {
  coordinator: ['coordinator', 'ingress'],
  lead: ['lead'],
  'worker-consultation': ['worker-consultation'],
  'worker-triage': ['worker-triage'],
  'worker-research': ['worker-research'],
  ingress: ['ingress'],
  ops: [],
  admin: [],
};

export const SEED_FILE = (identity: BusIdentity): string => `${identity}.nk`;
export const TRUST_FILE = 'trust.json';

/** The bus settings of RuntimeConfig (kept apart so the rest of the config stays as it is). */
export interface BusAuthSettings {
  natsUrl?: string | undefined;
  busAuth: 'nkey' | 'none';
  natsCredentialsDir?: string | undefined;
  natsSeedFile?: string | undefined;
  natsTrustFile?: string | undefined;
  natsTlsCa?: string | undefined;
  natsTlsCert?: string | undefined;
  natsTlsKey?: string | undefined;
}

export interface BusIdentityOptions {
  /** Connect options for JetStreamBus.connect: nkey authenticator, own inbox, TLS. */
  connectOptions: Record<string, unknown>;
  security: BusSecurity;
  /** `none`: the development switch was on (no credentials, no signatures). */
  auth: 'nkey' | 'none';
}

const warned = new Set<string>();

/**
 * The credentials and signature keys of `identity`, from MEDAGENT_NATS_CREDENTIALS_DIR
 * (`medagent secrets init --out DIR`: DIR/<identity>.nk and DIR/trust.json) or the single
 * files MEDAGENT_NATS_SEED_FILE / MEDAGENT_NATS_TRUST_FILE (one service per pod). Without
 * them a process that talks to NATS refuses to start (ConfigError), unless
 * MEDAGENT_BUS_AUTH=none, which is logged on stderr at every start.
 */
export function busIdentity(cfg: BusAuthSettings, identity: BusIdentity, opts: { singleIdentity?: boolean; write?: (line: string) => void } = {}): BusIdentityOptions {
  const tls = tlsOptions(cfg);
  if (cfg.busAuth === 'none') {
    const write = opts.write ?? ((l: string) => process.stderr.write(l));
    if (!warned.has(identity)) {
      warned.add(identity);
      write(`medagent ${identity}: WARNING MEDAGENT_BUS_AUTH=none: the bus runs WITHOUT credentials and WITHOUT event signatures (development only; anyone who reaches NATS can forge answers)\n`);
    }
    return { connectOptions: { ...tls }, security: {}, auth: 'none' };
  }
  // The directory names every identity's seed; the single file is one pod's own (never used
  // for a second identity in the same process, e.g. `serve all` or the CLI's ingress/ops/admin).
  const seedPath = cfg.natsCredentialsDir ? join(cfg.natsCredentialsDir, SEED_FILE(identity)) : opts.singleIdentity !== false ? cfg.natsSeedFile : undefined;
  const trustPath = cfg.natsTrustFile ?? (cfg.natsCredentialsDir ? join(cfg.natsCredentialsDir, TRUST_FILE) : undefined);
  if (!seedPath || !trustPath) {
    throw new ConfigError(
      `NATS_URL is set but the ${identity} has no bus credentials: set MEDAGENT_NATS_CREDENTIALS_DIR (written by \`medagent secrets init --out DIR\`) or MEDAGENT_NATS_SEED_FILE and MEDAGENT_NATS_TRUST_FILE; MEDAGENT_BUS_AUTH=none runs without (development only)`,
    );
  }
  const seed = readSecret(seedPath, `${identity}'s nkey seed`);
  const trust = readTrust(trustPath);
  const signer = new EventSigner(seed);
  const verifier = new EventVerifier(trust);
  const entry = trust.identities[identity];
  if (!entry?.public_keys.includes(signer.publicKey)) {
    throw new ConfigError(`the ${identity}'s seed (${signer.publicKey.slice(0, 8)}…) is not ${identity}'s key in ${trustPath}: regenerate or redistribute the secrets`);
  }
  return {
    connectOptions: { ...nkeyConnectOptions(seed), inboxPrefix: inboxPrefixFor(identity), ...tls },
    // ops and admin sign nothing (no producer would accept them), but verify what they read.
    security: IDENTITY_PRODUCERS[identity].length > 0 ? { signer, verifier } : { verifier },
    auth: 'nkey',
  };
}

function tlsOptions(cfg: BusAuthSettings): { tls?: Record<string, string> } {
  const tls: Record<string, string> = {};
  if (cfg.natsTlsCa) tls['caFile'] = existing(cfg.natsTlsCa, 'MEDAGENT_NATS_TLS_CA');
  if (cfg.natsTlsCert) tls['certFile'] = existing(cfg.natsTlsCert, 'MEDAGENT_NATS_TLS_CERT');
  if (cfg.natsTlsKey) tls['keyFile'] = existing(cfg.natsTlsKey, 'MEDAGENT_NATS_TLS_KEY');
  if (!!tls['certFile'] !== !!tls['keyFile']) throw new ConfigError('MEDAGENT_NATS_TLS_CERT and MEDAGENT_NATS_TLS_KEY go together (client certificate)');
  return Object.keys(tls).length ? { tls } : {};
}

function existing(path: string, name: string): string {
  if (!existsSync(path)) throw new ConfigError(`${name}: no file at ${path}`);
  return path;
}

function readSecret(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (e) {
    throw new ConfigError(`cannot read ${what} at ${path}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`, { cause: e });
  }
}

export function readTrust(path: string): TrustFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(`cannot read the trust map at ${path}: ${(e as Error).message}`, { cause: e });
  }
  return parsed as TrustFile;
}

export function isBusIdentity(x: string): x is BusIdentity {
  return (BUS_IDENTITIES as readonly string[]).includes(x);
}

