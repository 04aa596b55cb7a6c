import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promMetric, PROMETHEUS_CONTENT_TYPE } from './metrics';
import { withTimeout } from './readiness';

export interface HealthServerOptions {
  port: number;
  service: string;
  ready: () => Promise<boolean>;
  /** Extra Prometheus text appended to the built-in samples. */
  metrics?: () => string | Promise<string>;
  /** Default 127.0.0.1; pods bind 0.0.0.0 so the kubelet can probe. */
  host?: string;
}

export interface HealthServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, type: 'application/json; charset=utf-8', text: JSON.stringify(body) });

/**
 * Liveness, readiness and metrics for the services that have no HTTP API of their own (lead,
 * workers). Plain node:http so a wedged Nest container cannot take the probes down with it.
 */
export async function startHealthServer(opts: HealthServerOptions): Promise<HealthServer> {
  const started = Date.now();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'GET only', details: [] } });
      if (path === '/healthz') return json(200, { status: 'ok', service: opts.service });
      if (path === '/readyz') {
        const ready = await withTimeout(opts.ready());
        return json(ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', service: opts.service });
      }
      if (path === '/metrics') {
        const s = { service: opts.service };
        const base = [
          promMetric('medagent_up', 'gauge', 'The process serves its health endpoint.', [{ labels: s, value: 1 }]),
          promMetric('medagent_uptime_seconds', 'gauge', 'Seconds since the health server started.', [{ labels: s, value: Math.round((Date.now() - started) / 1000) }]),
        ].join('\n');
        const extra = (await opts.metrics?.())?.trim();
        return { status: 200, type: PROMETHEUS_CONTENT_TYPE, text: `${base}\n${extra ? `${extra}\n` : ''}` };
      }
      return json(404, { error: { code: 'NOT_FOUND', message: `no route ${path}`, details: [] } });
    };
    answer().then(
      (a) => {
        res.writeHead(a.status, { 'content-type': a.type, 'content-length': Buffer.byteLength(a.text) });
        res.end(req.method === 'HEAD' ? undefined : a.text);
      },
      () => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'internal error', details: [] } }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  return {
    server,
    url: `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
