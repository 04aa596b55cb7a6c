import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { DEFAULT_RECONNECT_WAIT_MS } from '@medagent/bus';
import { ConfigError, ContractViolationError, decode } from '@medagent/contracts';
import { AUTH_ENV, AuthSettingsError, authConfigFromSettings, type AuthConfig } from '@medagent/auth';

/**
 * Process-level configuration shared by every service entry point (infrastructure and
 * models). Service-specific settings live in each service's own config (e.g. the
 * coordinator's deadlines). Invalid values fail at start-up, naming the variable.
 */
export class RuntimeConfig {
  @IsOptional() @IsString() natsUrl?: string;
  @IsOptional() @IsString() redisUrl?: string;
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) elasticsearchUrl?: string;
  /** `offline` (deterministic, no key) or `openai`; the benchmarks inject their fake model (libs/bench). */
  @IsIn(['offline', 'openai']) model: 'offline' | 'openai' = 'offline';
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) openaiBaseUrl?: string;
  @IsOptional() @IsString() openaiApiKey?: string;
  @IsString() modelLead = 'gpt-4o-mini';
  @IsString() modelWorker = 'gpt-4o-mini';
  @IsInt() @Min(500) @Max(300_000) modelTimeoutMs = 30_000;
  @IsInt() @Min(0) @Max(65_535) httpPort = 8080;
  /** Loopback unless configured: a pod sets 0.0.0.0 (MEDAGENT_HTTP_HOST) behind its network policy. */
  @IsString() httpHost = '127.0.0.1';
  @IsInt() @Min(0) @Max(65_535) healthPort = 0;
  /** A connection must send its complete headers within this (slowloris); the whole request within the next. */
  @IsInt() @Min(100) @Max(120_000) httpHeadersTimeoutMs = 10_000;
  @IsInt() @Min(100) @Max(600_000) httpRequestTimeoutMs = 30_000;
  /** Tasks per worker instance at once. Tasks wait on model calls (I/O), so well above the core count. */
  @IsInt() @Min(1) @Max(256) workerConcurrency = 32;
  /** Plans / syntheses the lead runs at once per durable (model-bound, like the workers). */
  @IsInt() @Min(1) @Max(1024) leadConcurrency = 64;
  @IsInt() @Min(1000) @Max(3_600_000) workerAckWaitMs = 10_000;
  @IsInt() @Min(60) @Max(30 * 24 * 3600) memoryTtlSeconds = 24 * 3600;
  /** How long the lead and the workers wait at start-up for the coordinator to declare the streams. */
  @IsInt() @Min(0) @Max(600_000) topologyWaitMs = 60_000;
  /** How long a service waits at start-up for a NATS it cannot reach yet, then fails. */
  @IsInt() @Min(0) @Max(3_600_000) natsConnectWaitMs = 60_000;
  /** Wait between attempts to reach NATS again after losing it; services retry forever. */
  @IsInt() @Min(10) @Max(60_000) natsReconnectWaitMs = DEFAULT_RECONNECT_WAIT_MS;
  /**
   * Copies of the streams and buckets the coordinator declares: 1 on one server, 3 on a
   * three-node cluster (losing a node then loses nothing). NATS allows 1 to 5.
   */
  @IsInt() @Min(1) @Max(5) natsReplicas = 1;
  @IsIn(['none', 'otlp']) tracesExporter: 'none' | 'otlp' = 'none';
  /**
   * API authentication (see libs/auth AUTH_ENV): `jwt`, `apikey`, `jwt,apikey`, or `none`
   * (development). Unset: `none` in embedded mode only; `serve` refuses to start.
   */
  @IsOptional() @IsString() auth?: string;
  @IsOptional() @IsString() authIssuer?: string;
  @IsOptional() @IsString() authAudience?: string;
  @IsOptional() @IsString() authJwksUrl?: string;
  @IsOptional() @IsString() authJwksFile?: string;
  @IsOptional() @IsInt() @Min(0) @Max(600) authClockToleranceS?: number;
  @IsOptional() @IsString() authTenantClaim?: string;
  @IsOptional() @IsString() authUserClaim?: string;
  @IsOptional() @IsString() authRolesClaim?: string;
  @IsOptional() @IsString() authDefaultTenant?: string;
  @IsOptional() @IsString() apiKeysFile?: string;
  /** Embedded index and file memory; default ./.medagent. */
  @IsOptional() @IsString() dataDir?: string;
  // --- bus identity (libs/runtime/src/bus-identity.ts; `medagent secrets init`) ---
  /** `nkey`: every NATS connection authenticates and signs its events; `none`: development only, logged. */
  @IsIn(['nkey', 'none']) busAuth: 'nkey' | 'none' = 'nkey';
  /** Directory of `<identity>.nk` seeds and `trust.json` (output of `medagent secrets init`). */
  @IsOptional() @IsString() natsCredentialsDir?: string;
  /** One service's seed file (instead of the directory: a pod mounting its own secret only). */
  @IsOptional() @IsString() natsSeedFile?: string;
  @IsOptional() @IsString() natsTrustFile?: string;
  /** TLS towards NATS: CA bundle, and a client certificate + key when the server verifies clients. */
  @IsOptional() @IsString() natsTlsCa?: string;
  @IsOptional() @IsString() natsTlsCert?: string;
  @IsOptional() @IsString() natsTlsKey?: string;
}

/** Every variable the runtime reads; deploy/ manifests are checked against this list. */
export const RUNTIME_ENV: Readonly<Record<string, keyof RuntimeConfig>> = {
  NATS_URL: 'natsUrl',
  REDIS_URL: 'redisUrl',
  ELASTICSEARCH_URL: 'elasticsearchUrl',
  MEDAGENT_MODEL: 'model',
  OPENAI_BASE_URL: 'openaiBaseUrl',
  OPENAI_API_KEY: 'openaiApiKey',
  MEDAGENT_MODEL_LEAD: 'modelLead',
  MEDAGENT_MODEL_WORKER: 'modelWorker',
  MEDAGENT_MODEL_TIMEOUT_MS: 'modelTimeoutMs',
  MEDAGENT_HTTP_PORT: 'httpPort',
  MEDAGENT_HTTP_HOST: 'httpHost',
  MEDAGENT_HEALTH_PORT: 'healthPort',
  MEDAGENT_HTTP_HEADERS_TIMEOUT_MS: 'httpHeadersTimeoutMs',
  MEDAGENT_HTTP_REQUEST_TIMEOUT_MS: 'httpRequestTimeoutMs',
  MEDAGENT_WORKER_CONCURRENCY: 'workerConcurrency',
  MEDAGENT_LEAD_CONCURRENCY: 'leadConcurrency',
  MEDAGENT_WORKER_ACK_WAIT_MS: 'workerAckWaitMs',
  MEDAGENT_MEMORY_TTL_SECONDS: 'memoryTtlSeconds',
  MEDAGENT_TOPOLOGY_WAIT_MS: 'topologyWaitMs',
  MEDAGENT_NATS_RECONNECT_WAIT_MS: 'natsReconnectWaitMs',
  MEDAGENT_NATS_CONNECT_WAIT_MS: 'natsConnectWaitMs',
  MEDAGENT_NATS_REPLICAS: 'natsReplicas',
  OTEL_TRACES_EXPORTER: 'tracesExporter',
  MEDAGENT_DATA_DIR: 'dataDir',
  ...(AUTH_ENV as Readonly<Record<string, keyof RuntimeConfig>>),
  MEDAGENT_BUS_AUTH: 'busAuth',
  MEDAGENT_NATS_CREDENTIALS_DIR: 'natsCredentialsDir',
  MEDAGENT_NATS_SEED_FILE: 'natsSeedFile',
  MEDAGENT_NATS_TRUST_FILE: 'natsTrustFile',
  MEDAGENT_NATS_TLS_CA: 'natsTlsCa',
  MEDAGENT_NATS_TLS_CERT: 'natsTlsCert',
  MEDAGENT_NATS_TLS_KEY: 'natsTlsKey',
};

const NUMERIC = new Set<keyof RuntimeConfig>([
  'modelTimeoutMs',
  'httpPort',
  'healthPort',
  'httpHeadersTimeoutMs',
  'httpRequestTimeoutMs',
  'workerConcurrency',
  'leadConcurrency',
  'workerAckWaitMs',
  'memoryTtlSeconds',
  'topologyWaitMs',
  'natsReconnectWaitMs',
  'natsConnectWaitMs',
  'natsReplicas',
  'authClockToleranceS',
]);

export function loadRuntimeConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const raw: Record<string, unknown> = { ...new RuntimeConfig() };
  for (const [name, key] of Object.entries(RUNTIME_ENV)) {
    const v = env[name];
    if (v === undefined || v === '') continue;
    raw[key] = NUMERIC.has(key) ? Number(v) : v;
  }
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) raw[k] = v;
  let cfg: RuntimeConfig;
  try {
    cfg = Object.assign(new RuntimeConfig(), decode(RuntimeConfig, raw, 'runtime config'));
  } catch (e) {
    const names = Object.fromEntries(Object.entries(RUNTIME_ENV).map(([n, k]) => [k, n]));
    const msg = e instanceof ContractViolationError ? e.details.map((d) => `${names[d.path ?? ''] ?? d.path}: ${d.message}`).join('; ') : String(e);
    throw new ConfigError(`invalid configuration: ${msg}`, { cause: e });
  }
  if (cfg.model === 'openai' && !cfg.openaiApiKey) throw new ConfigError('invalid configuration: MEDAGENT_MODEL=openai needs OPENAI_API_KEY');
  // A set MEDAGENT_AUTH is checked now, files included, wherever the config is loaded.
  if (cfg.auth !== undefined) authConfigFor(cfg, { embedded: false });
  return cfg;
}

/**
 * The API's authentication from this configuration. `embedded`: an in-process development
 * run, the only place an unset MEDAGENT_AUTH means `none`. Throws ConfigError naming the variable.
 */
export function authConfigFor(cfg: RuntimeConfig, opts: { embedded: boolean }): AuthConfig {
  try {
    return authConfigFromSettings(cfg, opts);
  } catch (e) {
    if (e instanceof AuthSettingsError) throw new ConfigError(`invalid configuration: ${e.message}`, { cause: e });
    throw e;
  }
}
