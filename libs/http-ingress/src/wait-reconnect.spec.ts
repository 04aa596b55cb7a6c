import { Collector, JetStreamBus, JetStreamKvStore, TcpProxy, startNatsServer, type NatsServerHandle } from '@medagent/bus';
import type { Envelope } from '@medagent/contracts';
import { RequestStore } from '@medagent/coordinator-core';
import { REQUEST_BUCKET, loadRuntimeConfig, serve, type RunningServices } from '@medagent/runtime';
import { createIngressApp, type IngressApp } from './app';
import { SEED, post, readSse } from './testing/harness';

// GET ?wait and the SSE stream on an ingress whose own NATS connection is away while the
// result goes out: the result never reaches their subscriptions, so they read the record again
// when the connection is back instead of holding the caller until the wait runs out (60 s
// here) or, for SSE, for ever.

describe('a long poll and an event stream across a lost ingress connection', () => {
  let nats: NatsServerHandle;
  let running: RunningServices;
  let proxy: TcpProxy;
  let ingressBus: JetStreamBus;
  let watchBus: JetStreamBus;
  let ingress: IngressApp;
  const events = new Collector<Envelope>();
  beforeAll(async () => {
    nats = await startNatsServer({ jetstream: true });
    running = await serve('all', loadRuntimeConfig({}, { natsUrl: nats.url, model: 'fake', fakeModelLatencyMs: 800 }));
    const target = new URL(nats.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port) });
    ingressBus = await JetStreamBus.connect({ servers: proxy.url, name: 'ingress-away', watchAdvisories: false, reconnectWaitMs: 100, onConnection: () => undefined });
    const store = new RequestStore(await JetStreamKvStore.open(ingressBus.nc, REQUEST_BUCKET));
    ingress = await createIngressApp({ bus: ingressBus, store, service: 'coordinator', logger: false }, 0);
    watchBus = await JetStreamBus.connect({ servers: nats.url, name: 'watcher', watchAdvisories: false });
    await watchBus.subscribe('medagent.>', events.push);
  });
  afterAll(async () => {
    await ingress?.app.close();
    await ingressBus?.close();
    await watchBus?.close();
    await proxy?.stop();
    await running?.stop();
    await nats?.stop();
  });

  it('answers with the completed record once the connection is back', async () => {
    const res = await post(`${ingress.url}/v1/consultations`, { message: SEED, user_id: 'u-wait', session_id: 's' });
    expect(res.status).toBe(202);
    const { request_id: id } = (await res.json()) as { request_id: string };
    const seen = (type: string) => events.where((e) => e.correlation_id === id && e.event_type === type, 1, 20_000, type);
    const waiting = fetch(`${ingress.url}/v1/consultations/${id}?wait=60`);
    await seen('task.assigned');
    proxy.cut();
    await seen('request.completed'); // the ingress cannot hear it
    proxy.restore();
    const got = await waiting;
    expect(got.status).toBe(200);
    const body = (await got.json()) as { status: string; record: { answer?: { exit: string } } };
    expect(body.status).toBe('completed');
    expect(body.record.answer?.exit).toBe('synthesis');
  });

  it('the event stream catches up from the record and ends on the result', async () => {
    const res = await post(`${ingress.url}/v1/consultations`, { message: SEED, user_id: 'u-sse', session_id: 's' });
    const { request_id: id } = (await res.json()) as { request_id: string };
    const seen = (type: string) => events.where((e) => e.correlation_id === id && e.event_type === type, 1, 20_000, type);
    const stream = await fetch(`${ingress.url}/v1/consultations/${id}/events`);
    const reading = readSse(stream);
    await seen('task.assigned');
    proxy.cut();
    await seen('request.completed');
    proxy.restore();
    const frames = await reading;
    const last = frames[frames.length - 1];
    expect(last?.event).toBe('request.completed');
    expect(last?.data).toMatchObject({ request_id: id, status: 'completed', exit: 'synthesis', replayed: true });
    // The catch-up's status frame says where the request stands on return.
    expect(frames.filter((f) => f.event === 'status').pop()?.data).toMatchObject({ status: 'completed' });
  });
});
