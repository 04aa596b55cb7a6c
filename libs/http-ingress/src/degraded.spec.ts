import { createAuthenticator } from '@medagent/auth';
import { InMemoryKvStore, InProcessBus } from '@medagent/bus';
import { RequestStore } from '@medagent/coordinator-core';
import { createIngressApp } from './app';
import { post } from './testing/http';

const body = { message: '空腹血糖多少算正常？', user_id: 'u', session_id: 's' };

describe('ingress without a healthy system behind it', () => {
  it('a closed bus: readyz 503, submissions 503 BUS_UNAVAILABLE with Retry-After', async () => {
    const bus = new InProcessBus();
    const { app, url } = await createIngressApp({ bus, store: new RequestStore(new InMemoryKvStore()), logger: false, auth: createAuthenticator({ modes: ['none'] }) }, 0);
    try {
      await bus.close();
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not_ready', checks: { bus: false, kv: true } });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const res = await post(`${url}/v1/consultations`, body);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BUS_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });

  it('kvReady false makes readyz 503', async () => {
    const bus = new InProcessBus();
    const { app, url } = await createIngressApp(
      { bus, store: new RequestStore(new InMemoryKvStore()), kvReady: () => Promise.resolve(false), logger: false, auth: createAuthenticator({ modes: ['none'] }) },
      0,
    );
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(503);
    } finally {
      await app.close();
      await bus.close();
    }
  });

  it('accepted but not yet picked up: GET says received (not 404); shutdown ends a long poll', async () => {
    const bus = new InProcessBus(); // no coordinator consumes it
    const { app, url } = await createIngressApp({ bus, store: new RequestStore(new InMemoryKvStore()), logger: false, auth: createAuthenticator({ modes: ['none'] }) }, 0);
    try {
      const accepted = (await (await post(`${url}/v1/consultations`, body)).json()) as { request_id: string };
      const now = (await (await fetch(`${url}/v1/consultations/${accepted.request_id}`)).json()) as { status: string; record: unknown };
      expect(now).toEqual({ request_id: accepted.request_id, status: 'received', record: null });
      const polling = fetch(`${url}/v1/consultations/${accepted.request_id}?wait=60`);
      await new Promise((r) => setTimeout(r, 100));
      const t0 = Date.now();
      await app.close();
      const res = await polling;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe('received');
      expect(Date.now() - t0).toBeLessThan(5000);
    } finally {
      await bus.close();
    }
  });
});
