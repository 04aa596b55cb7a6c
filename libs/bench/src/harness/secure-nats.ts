import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { JetStreamBus, type JetStreamBusOptions } from '@medagent/bus';
import { startNatsServer, type NatsServerHandle, type NatsServerOptions } from '@medagent/local-servers';
import { busIdentity, secretsInit, type BusIdentity } from '@medagent/runtime';

/**
 * A real nats-server running the authorization `medagent secrets init` generates (nkey users,
 * per-identity permissions), and the credentials directory the services read
 * (MEDAGENT_NATS_CREDENTIALS_DIR). What the integration suites run against: permissions on.
 */
export interface SecureNats {
  server: NatsServerHandle;
  url: string;
  /** DIR of `<identity>.nk` seeds and trust.json. */
  credentialsDir: string;
  /** Env for a service or CLI process: NATS_URL and MEDAGENT_NATS_CREDENTIALS_DIR. */
  env: Record<string, string>;
  /**
   * A connection as `identity` (its seed, inbox, signing key and the trust map), as a service
   * of that identity would open it; `servers` defaults to the server (a relay's URL otherwise).
   * Topology: `await` (it never declares; the coordinator process does), unless overridden.
   */
  connect(identity: BusIdentity, opts?: Partial<JetStreamBusOptions>): Promise<JetStreamBus>;
  stop(): Promise<void>;
}

/** A connection with `identity`'s credentials from a credentials directory. */
export function connectAs(credentialsDir: string, servers: string | string[], identity: BusIdentity, opts: Partial<JetStreamBusOptions> = {}): Promise<JetStreamBus> {
  const id = busIdentity({ busAuth: 'nkey', natsCredentialsDir: credentialsDir }, identity, { singleIdentity: false });
  return JetStreamBus.connect({
    servers,
    name: `test-${identity}`,
    topologyMode: identity === 'ingress' || identity === 'ops' || identity === 'admin' ? 'none' : 'await',
    topologyWaitMs: 30_000,
    watchAdvisories: false,
    ...opts,
    connectOptions: { ...id.connectOptions, ...opts.connectOptions },
    // A test may sign with another key than the connection's (a forged event over a permitted identity).
    security: opts.security ?? id.security,
  });
}

/** Config text that includes the generated users.conf (nats-server resolves includes relative to the including file). */
export function secureServerConfig(credentialsDir: string): string {
  // The harness writes its config into a fresh mkdtemp() directory directly under os.tmpdir().
  const harnessDir = join(realpathSync(tmpdir()), 'medagent-nats-x');
  return `include "${relative(harnessDir, join(realpathSync(credentialsDir), 'users.conf'))}"\n`;
}

/** Generated credentials without a server (a cluster harness includes `config` in each node). */
export interface GeneratedCredentials {
  credentialsDir: string;
  /** nats-server config text including the generated users.conf. */
  config: string;
  /** Connect options of the coordinator identity (a harness's readiness probe). */
  probe: Record<string, unknown>;
  connect(identity: BusIdentity, servers: string | string[], opts?: Partial<JetStreamBusOptions>): Promise<JetStreamBus>;
  remove(): void;
}

export function generateCredentials(): GeneratedCredentials {
  const credentialsDir = mkdtempSync(join(tmpdir(), 'medagent-secrets-'));
  secretsInit({ out: credentialsDir });
  return {
    credentialsDir,
    config: secureServerConfig(credentialsDir),
    probe: busIdentity({ busAuth: 'nkey', natsCredentialsDir: credentialsDir }, 'coordinator').connectOptions,
    connect: (identity, servers, o = {}) => connectAs(credentialsDir, servers, identity, o),
    remove: () => rmSync(credentialsDir, { recursive: true, force: true }),
  };
}

export async function startSecureNats(opts: Omit<NatsServerOptions, 'config'> = {}): Promise<SecureNats> {
  const credentialsDir = mkdtempSync(join(tmpdir(), 'medagent-secrets-'));
  secretsInit({ out: credentialsDir });
  // Never NATS_URL's server: an open external server would not test the permissions.
  const server = await startNatsServer({ jetstream: true, ...opts, private: true, config: secureServerConfig(credentialsDir) });
  return {
    server,
    url: server.url,
    credentialsDir,
    env: { NATS_URL: server.url, MEDAGENT_NATS_CREDENTIALS_DIR: credentialsDir },
    connect: (identity, o = {}) => connectAs(credentialsDir, server.url, identity, o),
    stop: async () => {
      await server.stop();
      rmSync(credentialsDir, { recursive: true, force: true });
    },
  };
}
