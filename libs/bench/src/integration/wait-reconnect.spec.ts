import { createAuthenticator } from '@medagent/auth';
import { JetStreamKvStore } from '@medagent/bus';
import { BusUnavailableError } from '@medagent/contracts';
import { RequestStore, type StoredRequest } from '@medagent/coordinator-core';
import { REQUEST_BUCKET } from '@medagent/runtime';
import { startRelayedDeployment, type RelayedDeployment } from '../testing/relayed';
import { createIngressApp, type IngressApp } from '@medagent/http-ingress';
import { SEED, post, readSse } from '@medagent/runtime/testing';

// GET ?wait and the SSE stream on an ingress whose own NATS connection is away while the
// result goes out: the result never reaches their subscriptions, so they read the record again
// when the connection is back instead of holding the caller until the wait runs out (60 s
// here) or, for SSE, for ever. Right after the reconnect the broker may still refuse the read
// (a restarted cluster node, no stream leader yet) with the connection up, so no second
// reconnect would come: the read is retried while the caller waits.

/** The record store as the ingress sees it; `refusals` reads fail as a broker not ready yet. */
class RefusingStore extends RequestStore {
  refusals = 0;
  refused = 0;
  override async get(id: string, opts?: { fresh?: boolean }): Promise<StoredRequest | undefined> {
    if (this.refusals > 0) {
      this.refusals--;
      this.refused++;
      throw new BusUnavailableError('kv get: the NATS server did not answer in time (restarting or overloaded?)');
    }
    return super.get(id, opts);
  }
}

describe('a long poll and an event stream across a lost ingress connection', () => {
  let d: RelayedDeployment;
  let ingress: IngressApp;
  let store: RefusingStore;
  beforeAll(async () => {
    d = await startRelayedDeployment('ingress-away', 800);
    store = new RefusingStore(await JetStreamKvStore.open(d.relayed.nc, REQUEST_BUCKET));
    const catchUpBackoff = { baseMs: 5, maxMs: 20 };
    ingress = await createIngressApp({ bus: d.relayed, store, service: 'coordinator', logger: false, catchUpBackoff, auth: createAuthenticator({ modes: ['none'] }) }, 0);
  });
  afterEach(() => {
    store.refusals = 0; // a failed case must not hand its refusals to the next
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

  it.each([0, 2])('answers with the completed record once the connection is back (%i reads refused)', async (refusals) => {
    const id = await submit(`u-wait-${refusals}`);
    const waiting = fetch(`${ingress.url}/v1/consultations/${id}?wait=60`);
    await d.seen(id, 'task.assigned');
    d.proxy.cut();
    await d.seen(id, 'request.completed'); // the ingress cannot hear it
    store.refused = 0;
    store.refusals = refusals;
    d.proxy.restore();
    const got = await waiting;
    expect(got.status).toBe(200);
    const body = (await got.json()) as { status: string; record: { answer?: { exit: string } } };
    expect(body.status).toBe('completed');
    expect(body.record.answer?.exit).toBe('synthesis');
    expect(store.refused).toBe(refusals);
  });

  it.each([0, 2])('the event stream catches up from the record and ends on the result (%i reads refused)', async (refusals) => {
    const id = await submit(`u-sse-${refusals}`);
    const reading = readSse(await fetch(`${ingress.url}/v1/consultations/${id}/events`));
    await d.seen(id, 'task.assigned');
    d.proxy.cut();
    await d.seen(id, 'request.completed');
    store.refused = 0;
    store.refusals = refusals;
    d.proxy.restore();
    const frames = await reading;
    const last = frames[frames.length - 1];
    expect(last?.event).toBe('request.completed');
    expect(last?.data).toMatchObject({ request_id: id, status: 'completed', exit: 'synthesis', replayed: true });
    // The catch-up's status frame says where the request stands on return.
    expect(frames.filter((f) => f.event === 'status').pop()?.data).toMatchObject({ status: 'completed' });
    expect(store.refused).toBe(refusals);
  });
});
