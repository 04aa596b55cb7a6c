import { startHealthServer, type HealthServer } from './health-server';

describe('startHealthServer', () => {
  let srv: HealthServer;
  let ready = true;
  beforeAll(async () => {
    srv = await startHealthServer({
      port: 0,
      service: 'worker-triage',
      ready: () => Promise.resolve(ready),
      metrics: () => '# TYPE medagent_worker_tasks_total counter\nmedagent_worker_tasks_total{role="triage"} 7\n',
    });
  });
  afterAll(async () => srv.close());

  it('healthz is always 200 while the process is up', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', service: 'worker-triage' });
  });

  it('readyz follows ready(): 200, then 503 when it turns false or throws', async () => {
    expect((await fetch(`${srv.url}/readyz`)).status).toBe(200);
    ready = false;
    const res = await fetch(`${srv.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not_ready', service: 'worker-triage' });
    ready = true;
  });

  it('metrics: Prometheus text with the built-ins and the caller samples', async () => {
    const res = await fetch(`${srv.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('medagent_up{service="worker-triage"} 1');
    expect(text).toContain('medagent_worker_tasks_total{role="triage"} 7');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('unknown paths are 404 JSON, other methods 405', async () => {
    const res = await fetch(`${srv.url}/nope`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await fetch(`${srv.url}/healthz`, { method: 'POST' })).status).toBe(405);
  });

  it('a hung readiness check answers 503 instead of hanging the probe', async () => {
    const hung = await startHealthServer({ port: 0, service: 'lead', ready: () => new Promise<boolean>(() => undefined) });
    try {
      const t0 = Date.now();
      expect((await fetch(`${hung.url}/readyz`)).status).toBe(503);
      expect(Date.now() - t0).toBeLessThan(5000);
    } finally {
      await hung.close();
    }
  });
});
