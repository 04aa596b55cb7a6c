import { renderPrometheus } from '@medagent/telemetry';
import { RequestStore } from '@medagent/coordinator-core';
import { createIngressApp, startHealthServer, busOpen } from '@medagent/http-ingress';
import { AUTH_NONE_WARNING, createAuthenticator } from '@medagent/auth';
import { authConfigFor, loadRuntimeConfig } from './config';
import { runService, type RunningServices, type ServeTarget } from './serve';
import type { ModelOverrides } from './services';

/**
 * A service process as deployed: the service(s), plus the coordinator's HTTP API (on
 * MEDAGENT_HTTP_PORT) or, for the other services, /healthz /readyz /metrics on
 * MEDAGENT_HEALTH_PORT (0 = none), bound on MEDAGENT_HTTP_HOST (default 127.0.0.1).
 * The API's authentication is resolved before anything connects: with MEDAGENT_AUTH unset
 * the process refuses to start, and `none` prints a WARN line naming the risk.
 */
export async function runServiceWithHttp(target: ServeTarget, models: ModelOverrides = {}): Promise<RunningServices> {
  const cfg = loadRuntimeConfig();
  const withApi = target === 'all' || target === 'coordinator';
  const auth = withApi ? createAuthenticator(authConfigFor(cfg, { embedded: false })) : undefined;
  if (auth?.modes.includes('none')) process.stderr.write(`medagent ${target}: ${AUTH_NONE_WARNING}\n`);
  const running = await runService(target, models);
  const host = cfg.httpHost;
  if (running.apps.has('coordinator') && auth) {
    const http = await createIngressApp({ bus: running.infra.bus, store: new RequestStore(running.infra.kv), service: target, host, auth, headersTimeoutMs: cfg.httpHeadersTimeoutMs, requestTimeoutMs: cfg.httpRequestTimeoutMs }, cfg.httpPort);
    process.stderr.write(`medagent ${target}: http on ${http.url} (auth ${auth.modes.join(',')})\n`);
    process.once('beforeExit', () => void http.app.close());
  } else if (cfg.healthPort > 0) {
    const health = await startHealthServer({
      port: cfg.healthPort,
      service: target,
      host,
      ready: () => busOpen(running.infra.bus),
      metrics: renderPrometheus,
    });
    process.stderr.write(`medagent ${target}: health on ${health.url}\n`);
  }
  return running;
}
