import { JetStreamKvStore } from '@medagent/bus';
import { RequestStore } from '@medagent/coordinator-core';
import { REQUEST_BUCKET, startRelayedDeployment, type RelayedDeployment } from '@medagent/runtime';
import { createIngressApp, type IngressApp } from './app';
import { SEED, post, readSse } from './testing/harness';

// GET ?wait and the SSE stream on an ingress whose own NATS connection is away while the
// result goes out: the result never reaches their subscriptions, so they read the record again
// when the connection is back instead of holding the caller until the wait runs out (60 s
// here) or, for SSE, for ever.

describe('a long poll and an event stream across a lost ingress connection', () => {
  let d: RelayedDeployment;
  let ingress: IngressApp;
  beforeAll(async () => {
    d = await startRelayedDeployment('ingress-away', 800);
    const store = new RequestStore(await JetStreamKvStore.open(d.relayed.nc, REQUEST_BUCKET));
    ingress = await createIngressApp({ bus: d.relayed, store, service: 'coordinator', logger: false }, 0);
  });
  afterAll(async () => {
    await ingress?.app.close();
    await d?.close();
  });

  const submit = async (user: string) => {
    const res = await post(`${ingress.url}/v1/consultations`, { message: SEED, user_id: user, session_id: 's' });
    expect(res.status).toBe(202);
    return ((await res.json()) as { request_id: string }).request_id;
  };

  it('answers with the completed record once the connection is back', async () => {
    const id = await submit('u-wait');
    const waiting = fetch(`${ingress.url}/v1/consultations/${id}?wait=60`);
    await d.seen(id, 'task.assigned');
    d.proxy.cut();
    await d.seen(id, 'request.completed'); // the ingress cannot hear it
    d.proxy.restore();
    const got = await waiting;
    expect(got.status).toBe(200);
    const body = (await got.json()) as { status: string; record: { answer?: { exit: string } } };
    expect(body.status).toBe('completed');
    expect(body.record.answer?.exit).toBe('synthesis');
  });

  it('the event stream catches up from the record and ends on the result', async () => {
    const id = await submit('u-sse');
    const reading = readSse(await fetch(`${ingress.url}/v1/consultations/${id}/events`));
    await d.seen(id, 'task.assigned');
    d.proxy.cut();
    await d.seen(id, 'request.completed');
    d.proxy.restore();
    const frames = await reading;
    const last = frames[frames.length - 1];
    expect(last?.event).toBe('request.completed');
    expect(last?.data).toMatchObject({ request_id: id, status: 'completed', exit: 'synthesis', replayed: true });
    // The catch-up's status frame says where the request stands on return.
    expect(frames.filter((f) => f.event === 'status').pop()?.data).toMatchObject({ status: 'completed' });
  });
});
