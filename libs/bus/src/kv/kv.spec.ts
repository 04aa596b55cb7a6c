import { startNatsServer, type NatsServerHandle } from '@medagent/local-servers';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamKvStore } from './jetstream';
import { kvSuite } from './kv.suite';
import { InMemoryKvStore } from './memory';

kvSuite('in-memory', () => {
  const kv = new InMemoryKvStore();
  return Promise.resolve({ kv, cleanup: () => kv.close() });
});

describe('on a real nats-server', () => {
  let server: NatsServerHandle;
  let nc: NatsConnection;
  beforeAll(async () => {
    server = await startNatsServer({ jetstream: true });
    nc = await connect({ servers: server.url });
  });
  afterAll(async () => {
    await nc.close();
    await server.stop();
  });

  kvSuite('jetstream', async () => {
    const kv = await JetStreamKvStore.open(nc, 'medagent_test_kv');
    return { kv, cleanup: () => kv.close() };
  });
});
